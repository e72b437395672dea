import type { Envelope, PageInfo, PositionedPage } from './envelope';
import type { ErrorCode } from './errors';

export interface Credentials {
  username: string;
  password: string;
}

/** register.php's body; confirm_password is optional for API clients. */
export interface RegisterBody extends Credentials {
  confirm_password?: string;
  /** Optional: mailed a confirmation link, it becomes the account's address once followed. */
  email?: string;
  /** Optional: the invite code of the link the visitor came by (an unknown one is ignored). */
  invite?: string;
}

/** The form's fields register.php reads, each of which a refusal may be about (not `invite`). */
export const REGISTER_FIELDS = [
  'username',
  'password',
  'confirm_password',
  'email',
] as const satisfies readonly (keyof RegisterBody)[];
export type RegisterField = (typeof REGISTER_FIELDS)[number];

/** The field each registration refusal is about (`users.fields_empty`: every empty one). */
export const REGISTER_CODE_FIELDS: Partial<Record<ErrorCode, RegisterField>> = {
  'users.username_invalid': 'username',
  'users.username_length': 'username',
  'users.username_taken': 'username',
  'users.password_too_short': 'password',
  'users.password_too_long': 'password',
  'users.password_mismatch': 'confirm_password',
  'users.email_required': 'email',
  'users.email_invalid': 'email',
  'users.email_taken': 'email',
};

export interface RegisterResult extends Envelope {
  api_key: string;
  /**
   * The new account, signed in by this call (login's user_info); absent while the site waits for
   * the account's e-mail address to be confirmed.
   */
  user_info?: UserInfo;
}

/** The signed-in user's own view: login's user_info and get_user_info's data. */
export interface UserInfo {
  id: number;
  username: string;
  /** Decimal text with at least two decimals: "0.00", "12.50". */
  balance: string;
  api_key: string | null;
  created_at: string;
}

export interface LoginResult extends Envelope {
  user_info: UserInfo;
}

/** change_api_key.php's data. */
export interface NewApiKey {
  new_api_key: string;
}

export interface AccessLog {
  id: number;
  api_name: string;
  ip_address: string;
  access_url: string;
  user_agent: string;
  access_time: string;
}

export interface AccessLogPage extends PageInfo {
  logs: AccessLog[];
}

/** The admin's view of a user: the key only as its hint. */
export interface AdminUser {
  id: number;
  username: string;
  email: string | null;
  /** Yuan as a number; null when unknown (SPEC's key, kept for API clients). */
  balance: number | null;
  /** The balance in integer milli-yuan, what the admin UI formats; null when unknown. */
  balance_milli: number | null;
  /** What is left of the user's credit grants, in milli-yuan (spent before the balance). */
  credit_milli: number;
  api_key: string;
  status: number;
  created_at: string;
  /** Signing in asks for an authenticator code too. */
  two_factor: boolean;
}

/** 用户列表's page: counted only so far past itself, and its last user's position. */
export interface UserPage extends PositionedPage {
  users: AdminUser[];
}

/** users.status: what the account may do. */
export const USER_STATUS = {
  disabled: 0,
  active: 1,
  /** Registered while e-mail verification is on: signs in once its address is confirmed. */
  pendingEmail: 2,
} as const;

export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
export const USERNAME_LENGTH = { min: 3, max: 32 } as const;
export const PASSWORD_LENGTH = { min: 6, max: 128 } as const;

export const LOGIN_REQUIRED = 'please enter username and password';

/** The first register rule (SPEC.md §5, in its order) the body breaks, or null. */
export function registrationError(
  body: Partial<RegisterBody>,
): { code: ErrorCode; message: string } | null {
  const { username, password, confirm_password: confirm } = body;
  if (!username || !password || confirm === '') {
    return { code: 'users.fields_empty', message: 'all fields cannot be empty' };
  }
  if (confirm !== undefined && confirm !== password) {
    return { code: 'users.password_mismatch', message: 'the two passwords do not match' };
  }
  const length = passwordLengthError(password);
  if (length) return length;
  if (!USERNAME_PATTERN.test(username)) {
    return {
      code: 'users.username_invalid',
      message: 'username may only contain letters, digits and underscores',
    };
  }
  if (username.length < USERNAME_LENGTH.min || username.length > USERNAME_LENGTH.max) {
    return { code: 'users.username_length', message: 'username must be 3 to 32 characters' };
  }
  return null;
}

/** Register's length rule for a new password (registration and change_password.php), or null. */
export function passwordLengthError(password: string): { code: ErrorCode; message: string } | null {
  if (password.length < PASSWORD_LENGTH.min) {
    return { code: 'users.password_too_short', message: 'password must be at least 6 characters' };
  }
  if (password.length > PASSWORD_LENGTH.max) {
    return { code: 'users.password_too_long', message: 'password must be at most 128 characters' };
  }
  return null;
}
