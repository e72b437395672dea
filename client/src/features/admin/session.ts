import { announceSignedOut, forgetSessionHint, hasSessionHint } from '../../lib/session';

/**
 * The admin flag lives in per-tab session storage (SPEC.md §4). A new tab has none: it adopts the
 * browser's admin session when the server's readable sign-in cookie says there is one (an admin
 * call's 401 then ends it as usual).
 */
export const ADMIN_FLAG_KEY = 'adminLoggedIn';

/** Whether this tab itself holds the admin flag (adopted or from the login). */
export const hasAdminFlag = () => sessionStorage.getItem(ADMIN_FLAG_KEY) === 'true';

export const markAdminLoggedIn = () => sessionStorage.setItem(ADMIN_FLAG_KEY, 'true');

export function isAdminLoggedIn(): boolean {
  if (hasAdminFlag()) return true;
  if (!hasSessionHint('admin')) return false;
  markAdminLoggedIn();
  return true;
}

/** Signs the admin out of this tab, and tells the others. */
export function clearAdminLoggedIn(): void {
  sessionStorage.removeItem(ADMIN_FLAG_KEY);
  forgetSessionHint('admin');
  announceSignedOut('admin');
}
