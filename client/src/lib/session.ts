import { SIGNED_IN_COOKIES } from '@contracts/sessions';
import { createAction } from '@reduxjs/toolkit';
import { readCookie } from './cookies';

/** Whose session a 401 ended: the signed-in user's or the admin's. */
export type SessionArea = 'user' | 'admin';

/**
 * Dispatched by the base query when a call answers 401. lib/ knows no feature, so the auth state
 * and the admin area subscribe to this plain action instead of being called from here.
 */
export const sessionExpired = createAction<SessionArea>('session/expired');

/** The admin sign-in's two steps: their 401s are a wrong password or code, not an ended session. */
const ADMIN_SIGN_IN = ['api/admin/admin_login.php', 'api/admin/admin_login_2fa.php'];

/** The session a 401 from this path (relative, without a leading slash) ends, if any. */
export function sessionAreaOf(path: string): SessionArea | null {
  if (path.startsWith('api/user/')) return 'user';
  if (path.startsWith('api/admin/') && !ADMIN_SIGN_IN.includes(path.split('?')[0])) return 'admin';
  return null;
}

/** Whether the server said at sign-in that a session of this area may exist (a new tab asks it). */
export const hasSessionHint = (area: SessionArea) => readCookie(SIGNED_IN_COOKIES[area]) === '1';

/** Forgets that hint once the server refused the session, so later tabs do not ask again. */
export function forgetSessionHint(area: SessionArea): void {
  document.cookie = `${SIGNED_IN_COOKIES[area]}=; path=/; max-age=0; samesite=lax`;
}

/** The localStorage item a sign-out is announced through (other tabs get a storage event). */
const SIGNED_OUT_KEY = 'portico.signedOut';

/** Tells this site's other tabs that the area signed out. */
export function announceSignedOut(area: SessionArea): void {
  try {
    localStorage.setItem(SIGNED_OUT_KEY, `${area} ${Date.now()}`);
  } catch {
    // Storage refused (private mode, quota): the other tabs learn it at their next 401.
  }
}

/** Calls `onSignOut` whenever another tab announces a sign-out; answers how to stop listening. */
export function listenForSignOuts(onSignOut: (area: SessionArea) => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key !== SIGNED_OUT_KEY || !event.newValue) return;
    const area = event.newValue.split(' ')[0];
    if (area === 'user' || area === 'admin') onSignOut(area);
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
