/**
 * Passkeys (WebAuthn): registered in the user centre, they sign a user in without a password, or
 * finish the second step of a password sign-in in place of the authenticator app's code.
 */

/** How many passkeys one account may hold. */
export const MAX_PASSKEYS = 10;
/** How long the browser may take between asking for options and answering them. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
/** A passkey's name, as the user centre lists it. */
export const PASSKEY_NAME_MAX = 64;

/**
 * WebAuthn's JSON forms (W3C WebAuthn Level 3: PublicKeyCredentialCreationOptionsJSON and
 * RequestOptionsJSON going out, RegistrationResponseJSON and AuthenticationResponseJSON coming
 * back), handed between the browser's and the server's WebAuthn libraries unread.
 */
export type WebAuthnJson = object;

/** One of the user's passkeys in get_passkeys.php. */
export interface PasskeyView {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** get_passkeys.php's data. */
export interface PasskeyList {
  passkeys: PasskeyView[];
  max_passkeys: number;
}

/** passkey_register_options.php: the password again before a credential may be added. */
export interface PasskeyRegisterOptionsBody {
  current_password: string;
}

/** The fields passkey_register_options.php reads, each of which a refusal may name. */
export const PASSKEY_OPTIONS_FIELDS = [
  'current_password',
] as const satisfies readonly (keyof PasskeyRegisterOptionsBody)[];

/** add_passkey.php: the browser's answer to the options, and a name (the device's by default). */
export interface AddPasskeyBody {
  name?: string;
  credential: WebAuthnJson;
}

/** delete_passkey.php. */
export interface PasskeyIdBody {
  id: number;
}

/**
 * passkey_login_options.php: without `challenge`, options for a sign-in by passkey alone; with
 * the `challenge` of a login answered `auth.two_factor_required`, for that account's passkeys.
 */
export interface PasskeyLoginOptionsBody {
  challenge?: string;
}

/** passkey_login.php: the browser's answer; `challenge` as in the options call. */
export interface PasskeyLoginBody {
  credential: WebAuthnJson;
  challenge?: string;
}
