/**
 * Until the app has taken over a server-rendered page, its forms are plain HTML: a submit would
 * send the browser to the page's own address with the fields in the query, losing what was typed.
 * The entry script holds submits until then (the visitor presses the button again once the page
 * works); the app marks `<html data-hydrated>` when it has, which tests wait for too.
 */
const hold = (event: Event) => event.preventDefault();

export function holdSubmitsUntilHydrated(): void {
  document.addEventListener('submit', hold, true);
}

export function markHydrated(): void {
  document.removeEventListener('submit', hold, true);
  document.documentElement.dataset.hydrated = 'true';
}
