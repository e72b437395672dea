/**
 * Readable companions of the httpOnly session cookies, set and cleared with them, holding only `1`:
 * a new tab of the app (whose per-tab sessionStorage is empty) learns from them that a session may
 * exist and asks the server, instead of every visitor's page asking and being refused. They grant
 * nothing; the httpOnly cookie is the session.
 */
export const SIGNED_IN_COOKIES = {
  user: 'portico_signed_in',
  admin: 'portico_admin_signed_in',
} as const;

/** One signed-in session of the caller, as get_sessions.php / get_admin_sessions.php list it. */
export interface SessionInfo {
  /** An opaque public id, stable for the session's life; never the cookie token or its hash. */
  id: string;
  /** Browser and operating system read from the user agent, e.g. "Chrome · Windows"; null when unknown. */
  device: string | null;
  ip: string | null;
  created_at: string;
  last_seen_at: string;
  /** The session this request came with. */
  current: boolean;
}

export interface SessionList {
  sessions: SessionInfo[];
}

/** revoke_session.php / revoke_admin_session.php. */
export interface RevokeSessionBody {
  id: string;
}

/** revoke_other_sessions.php / revoke_other_admin_sessions.php: how many sessions ended. */
export interface RevokedSessions {
  revoked: number;
}

/** user/change_password.php. */
export interface UserPasswordChangeBody {
  current_password: string;
  new_password: string;
}

/** The fields user/change_password.php reads, each of which a refusal may name. */
export const USER_PASSWORD_FIELDS = [
  'current_password',
  'new_password',
] as const satisfies readonly (keyof UserPasswordChangeBody)[];
