/** Loads the page again from the server (a module of its own, so specs can stand in for it). */
export function reloadPage(): void {
  window.location.reload();
}
