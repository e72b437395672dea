import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { makeRouter } from './app/router';
import { makeStore } from './app/store';
import { HTML_LANG, I18nProvider, isLang, LANG_COOKIE, langOr } from './i18n';
import { hydrateAnswers } from './lib/api';
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
const router = await makeRouter();

const app = (
  <StrictMode>
    <I18nProvider initial={lang}>
      <ThemeProvider initial={theme}>
        <Provider store={store}>
          <RouterProvider router={router} />
        </Provider>
      </ThemeProvider>
    </I18nProvider>
  </StrictMode>
);
const root = document.getElementById('root')!;
if (state) hydrateRoot(root, app);
else createRoot(root).render(app);
