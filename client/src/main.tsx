import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
// Home's filters are in the first paint of the landing page: their rules go in the one stylesheet.
import './features/catalogue/catalogue.css';
import { holdSubmitsUntilHydrated } from './lib/hydration';

/**
 * A server-rendered page is painted before the app (React, the router, the store: nearly all the
 * script) is fetched and run: on a slow phone the visitor reads the page while it is being taken
 * over, instead of waiting for ~150 KB of script to arrive first. The page lists the modules it
 * needs in a template; once the first frame is out (two frames, so the paint has happened), they
 * are preloaded all at once and the app starts. A client-rendered route has nothing to paint, so
 * it starts at once (its modules are preloaded by the page itself), as does a page opened in a
 * background tab, which gets no frames until it is shown.
 */
const boot = () => {
  const modules = document.getElementById('portico-modules');
  if (modules instanceof HTMLTemplateElement) document.head.append(modules.content);
  return import('./boot');
};
const rendered = document.getElementById('portico-state') !== null;
if (rendered) holdSubmitsUntilHydrated();
if (rendered && document.visibilityState === 'visible') {
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => void boot())));
} else {
  void boot();
}
