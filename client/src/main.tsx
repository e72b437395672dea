import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { HTML_LANG, I18nProvider, LANG_COOKIE, langOr } from './i18n';
import { readCookie } from './lib/cookies';
import { makeRouter } from './app/router';
import { makeStore } from './app/store';

const store = makeStore();
const lang = langOr(readCookie(LANG_COOKIE));
document.documentElement.lang = HTML_LANG[lang];
const router = makeRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider initial={lang}>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </I18nProvider>
  </StrictMode>,
);
