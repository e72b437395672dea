import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
// Home's filters are in the first paint of the landing page: their rules go in the one stylesheet.
import './features/catalogue/catalogue.css';

/**
 * A server-rendered page is painted before the app (React, the router, the store: nearly all the
 * script) is fetched and run: on a slow phone the visitor reads the page while it is being taken
 * over, instead of waiting for ~150 KB of script to arrive first. The page lists the modules it
 * needs in a template; once the first frame is out (two frames, so the paint has happened), they
 * are preloaded all at once and the app starts. A client-rendered route has nothing to paint, so
 * it starts at once (its modules are preloaded by the page itself), as does a page opened in a
 * background tab, which gets no frames until it is shown, or one hidden before its frames came.
 */
let started = false;
const boot = () => {
  if (started) return;
  started = true;
  const modules = document.getElementById('portico-modules');
  if (modules instanceof HTMLTemplateElement) document.head.append(modules.content);
  import('./boot').then(() => sessionStorage.removeItem(RELOADED), reloadOnce);
};

/**
 * The app's modules failed to load: most likely a deploy since this page was served replaced them
 * (their names carry their content's hash). The page is fetched again, once per address, so the
 * visitor is not left with a page whose forms never work.
 */
const RELOADED = 'porticoReloaded';
const reloadOnce = (error: unknown) => {
  if (sessionStorage.getItem(RELOADED) === location.href) throw error;
  sessionStorage.setItem(RELOADED, location.href);
  location.reload();
};

if (document.getElementById('portico-state') !== null && document.visibilityState === 'visible') {
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(boot)));
  document.addEventListener('visibilitychange', boot, { once: true });
} else {
  boot();
}
