/** The admin flag lives in per-tab session storage (SPEC.md §4). */
export const ADMIN_FLAG_KEY = 'adminLoggedIn';

/** Raised when an admin call answers 401: the admin area then goes to the admin login. */
export const ADMIN_UNAUTHORIZED_EVENT = 'portico:admin-unauthorized';

export const isAdminLoggedIn = () => sessionStorage.getItem(ADMIN_FLAG_KEY) === 'true';

export const markAdminLoggedIn = () => sessionStorage.setItem(ADMIN_FLAG_KEY, 'true');

export const clearAdminLoggedIn = () => sessionStorage.removeItem(ADMIN_FLAG_KEY);

export function adminSessionExpired(): void {
  clearAdminLoggedIn();
  window.dispatchEvent(new Event(ADMIN_UNAUTHORIZED_EVENT));
}
