/** Two-factor sign-in with an authenticator app (TOTP) and single-use recovery codes. */

/** How many recovery codes a user gets, each usable once. */
export const RECOVERY_CODE_COUNT = 10;
/** How long the second step of a sign-in may wait after the password. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;

/**
 * How long a proof of the second factor (at sign-in or confirm_two_factor.php) lets the session
 * create API keys before it is asked again.
 */
export const STEP_UP_MINUTES = 10;

/** get_two_factor.php's data. */
export interface TwoFactorStatus {
  enabled: boolean;
  /** Recovery codes not used yet (0 when two-factor is off). */
  recovery_codes_left: number;
}

/** The back office's get_two_factor.php: the administrator's own, and the site's rule. */
export interface AdminTwoFactorStatus extends TwoFactorStatus {
  /** The site requires two-factor of every administrator (网站配置). */
  required: boolean;
  /** Required and not on: every other admin call answers 403 until it is set up. */
  setup_required: boolean;
}

/**
 * admin_login.php's (and admin_login_2fa.php's) data. With `two_factor_setup_required`, the site
 * requires two-factor of administrators and this one must set it up before anything else.
 */
export interface AdminLoginData {
  username: string;
  two_factor_setup_required: boolean;
}

/** start_totp.php: the password again before a new secret is made. */
export interface StartTotpBody {
  current_password: string;
}

/** The fields start_totp.php reads, each of which a refusal may name. */
export const START_TOTP_FIELDS = [
  'current_password',
] as const satisfies readonly (keyof StartTotpBody)[];

/** start_totp.php's data: the secret to put in the app, as text, URI and QR code. */
export interface TotpSetup {
  /** Base32, for typing into the app. */
  secret: string;
  otpauth_uri: string;
  /** The URI as an SVG QR code (a data: URL). */
  qr_code: string;
}

/** enable_totp.php: the first code from the app, proving it holds the secret. */
export interface TotpCodeBody {
  code: string;
}

/** The fields enable_totp.php reads, each of which a refusal may name. */
export const ENABLE_TOTP_FIELDS = ['code'] as const satisfies readonly (keyof TotpCodeBody)[];

/** enable_totp.php's data: the recovery codes, shown this once. */
export interface RecoveryCodes {
  recovery_codes: string[];
}

/** disable_totp.php: the password and a current code (or a recovery code). */
export interface DisableTwoFactorBody {
  current_password: string;
  code: string;
}

/** The fields disable_totp.php reads, each of which a refusal may name. */
export const DISABLE_TOTP_FIELDS = [
  'current_password',
  'code',
] as const satisfies readonly (keyof DisableTwoFactorBody)[];

/**
 * confirm_two_factor.php: a signed-in user proves the second factor again (a step-up), with a
 * code, or with a passkey's answer to step_up_options.php.
 */
export interface ConfirmTwoFactorBody {
  code?: string;
  credential?: object;
}

/** The fields confirm_two_factor.php reads; a refused passkey answer has no field to show. */
export const CONFIRM_TWO_FACTOR_FIELDS = [
  'code',
  'credential',
] as const satisfies readonly (keyof ConfirmTwoFactorBody)[];

/** login_2fa.php: the challenge login.php answered and a code. */
export interface TwoFactorLoginBody {
  challenge: string;
  code: string;
}
