/**
 * Until the app has taken over a server-rendered page, its forms are plain HTML: a submit would
 * send the browser to the page's own address with the fields in the query (a password included).
 * The page's first script, in its head (server/src/modules/pages/page-renderer.ts), holds every
 * submit while `<html>` has no `data-hydrated`; the app sets it once it has taken over, which
 * releases them (the visitor presses the button again once the page works). Tests wait for it too.
 */
export function markHydrated(): void {
  document.documentElement.dataset.hydrated = 'true';
}
