import type { WebAuthnJson } from '@contracts/passkeys';

/** What the browser's passkey prompt came to. */
export type PasskeyOutcome =
  { ok: true; credential: WebAuthnJson } | { ok: false; reason: 'cancelled' | 'exists' | 'failed' };

/** Whether this browser has WebAuthn at all (the buttons are not offered where it does not). */
export const passkeysSupported = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/**
 * The browser's prompt, through @simplewebauthn/browser (loaded only when a passkey is used, so
 * pages that never use one do not carry it). The options come from the server unread here.
 */
async function prompt(
  run: (webauthn: typeof import('@simplewebauthn/browser')) => Promise<unknown>,
): Promise<PasskeyOutcome> {
  try {
    const webauthn = await import('@simplewebauthn/browser');
    return { ok: true, credential: (await run(webauthn)) as WebAuthnJson };
  } catch (error) {
    const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
    if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
      return { ok: false, reason: 'exists' };
    if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') {
      return { ok: false, reason: 'cancelled' };
    }
    return { ok: false, reason: 'failed' };
  }
}

/** Makes a new passkey for registration options from passkey_register_options.php. */
export const createPasskey = (options: WebAuthnJson) =>
  prompt((webauthn) =>
    webauthn.startRegistration({
      optionsJSON: options as Parameters<typeof webauthn.startRegistration>[0]['optionsJSON'],
    }),
  );

/** Signs options from passkey_login_options.php with a passkey the browser holds. */
export const signWithPasskey = (options: WebAuthnJson) =>
  prompt((webauthn) =>
    webauthn.startAuthentication({
      optionsJSON: options as Parameters<typeof webauthn.startAuthentication>[0]['optionsJSON'],
    }),
  );
