/**
 * Takes over the page: the store, the router and React, hydrating what the server rendered or
 * rendering the client-only routes. main.tsx loads this module.
 */
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { makeRouter } from './app/router';
import { makeStore } from './app/store';
import { HTML_LANG, I18nProvider, isLang, LANG_COOKIE, langOr, loadLang } from './i18n';
import { hydrateAnswers } from './lib/api';
import { takeOverPage } from './lib/hydration';
import { readCookie } from './lib/cookies';
import { isThemeMode, THEME_COOKIE, themeOr, ThemeProvider } from './lib/theme';

/** A server-rendered page carries the answers it was rendered with (see entry-server.tsx). */
const rendered = document.getElementById('portico-state');
const state = rendered
  ? (JSON.parse(rendered.textContent ?? '{}') as { lang?: unknown; theme?: unknown; api?: unknown })
  : null;
const lang = isLang(state?.lang) ? state.lang : langOr(readCookie(LANG_COOKIE));
document.documentElement.lang = HTML_LANG[lang];
// The server already set <html data-bs-theme> from the same cookie; the toggle starts from it.
const theme = isThemeMode(state?.theme) ? state.theme : themeOr(readCookie(THEME_COOKIE));

const store = makeStore();
if (state) store.dispatch(hydrateAnswers({ api: state.api }));
const [router] = await Promise.all([makeRouter(), loadLang(lang)]);

/** Renders nothing; its effect runs once the whole tree has been hydrated (or first rendered). */
function Hydrated() {
  useEffect(takeOverPage, []);
  return null;
}

const app = (
  <StrictMode>
    <I18nProvider initial={lang}>
      <ThemeProvider initial={theme}>
        <Provider store={store}>
          <RouterProvider router={router} />
          <Hydrated />
        </Provider>
      </ThemeProvider>
    </I18nProvider>
  </StrictMode>
);
const root = document.getElementById('root')!;
// Hydration as a transition is done in slices that yield to the browser between them, so taking
// over a long server-rendered page (home's 60 cards) does not freeze it for a phone's
// second or more; the page is already painted and readable meanwhile.
if (state) {
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else createRoot(root).render(app);
