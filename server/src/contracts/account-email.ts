/** An account's e-mail address and the links mailed for it: password reset and confirmation. */

/** How long a password-reset link works. */
export const RESET_LINK_MINUTES = 30;
/** How long an e-mail confirmation link works. */
export const CONFIRM_LINK_HOURS = 24;
/** The longest address an account holds (the column's length). */
export const EMAIL_MAX_LENGTH = 191;

/**
 * An address we will mail: one @, a dotted domain, no spaces or angle brackets — what a person
 * types, not every form RFC 5322 allows.
 */
export const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]+$/;

/** The stored form of an address: trimmed and lower-cased, so one mailbox is one account. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Whether `email` (already normalized) is an address the site accepts. */
export const isEmailAddress = (email: string) =>
  email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);

/** forgot_password.php: the account's username or its e-mail address. */
export interface ForgotPasswordBody {
  login: string;
}

/** check_reset_token.php and confirm_email.php: the token from the mailed link. */
export interface AccountTokenBody {
  token: string;
}

/** check_reset_token.php's data: whose password the link resets, and until when. */
export interface ResetLinkInfo {
  username: string;
  expires_at: string;
}

/** reset_password.php. */
export interface ResetPasswordBody extends AccountTokenBody {
  new_password: string;
  /** The form's second entry; API clients may leave it out. */
  confirm_password?: string;
}

/** The fields forgot_password.php reads, each of which a refusal may name. */
export const FORGOT_PASSWORD_FIELDS = [
  'login',
] as const satisfies readonly (keyof ForgotPasswordBody)[];

/**
 * The fields reset_password.php reads, each of which a refusal may name: the token comes from the
 * link, not a control, so its refusal says the link is dead.
 */
export const RESET_PASSWORD_FIELDS = [
  'token',
  'new_password',
  'confirm_password',
] as const satisfies readonly (keyof ResetPasswordBody)[];

/** change_email.php: the new address, confirmed by the current password. */
export interface ChangeEmailBody {
  email: string;
  current_password: string;
}

/** The fields change_email.php reads, each of which a refusal may name. */
export const CHANGE_EMAIL_FIELDS = [
  'email',
  'current_password',
] as const satisfies readonly (keyof ChangeEmailBody)[];

/** get_email.php's and change_email.php's data. */
export interface EmailView {
  /** The confirmed address password resets go to; null when the account has none. */
  email: string | null;
  /** An address waiting for its confirmation link to be followed; null when none is. */
  pending_email: string | null;
  /** Whether a sign-in from a new browser is mailed to `email`. */
  notify_new_sign_in: boolean;
}

/** set_sign_in_notice.php: mail (or not) a sign-in from a new browser. */
export interface SignInNoticeBody {
  enabled: boolean;
}

/** confirm_email.php's data. */
export interface ConfirmedEmail {
  email: string;
}

/** create_password_reset_link.php (admin): the one-time link to hand to the user. */
export interface AdminResetLink {
  /** Absolute when the site knows its address (网站地址 or PUBLIC_URL), else a path on the site. */
  url: string;
  expires_at: string;
}

/** The site's pages the mailed links open (the token rides in the fragment, never sent to servers). */
export const ACCOUNT_PAGES = {
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  confirmEmail: '/confirm-email',
} as const;

/** A token as the links carry it: 32 random bytes in base64url. */
export const ACCOUNT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
