import { createAction } from '@reduxjs/toolkit';

/** Whose session a 401 ended: the signed-in user's or the admin's. */
export type SessionArea = 'user' | 'admin';

/**
 * Dispatched by the base query when a call answers 401. lib/ knows no feature, so the auth state
 * and the admin area subscribe to this plain action instead of being called from here.
 */
export const sessionExpired = createAction<SessionArea>('session/expired');

const ADMIN_LOGIN = 'api/admin/admin_login.php';

/** The session a 401 from this path (relative, without a leading slash) ends, if any. */
export function sessionAreaOf(path: string): SessionArea | null {
  if (path.startsWith('api/user/')) return 'user';
  // A refused admin login is a wrong password, not an ended session.
  if (path.startsWith('api/admin/') && path.split('?')[0] !== ADMIN_LOGIN) return 'admin';
  return null;
}
