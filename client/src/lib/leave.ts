/** Leaves the app for another site's page (a sign-in provider's), as a full navigation. */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
