import type { ErrorCode } from '@contracts/errors';

/** The codes the public site and the user centre can meet; the admin area has its own texts. */
export type PublicErrorCode = Extract<
  ErrorCode,
  `${'request' | 'server' | 'auth' | 'users' | 'keys' | 'apis' | 'recharge' | 'gateway' | 'mail' | 'plan'}.${string}`
>;

/**
 * One language: every UI key and every public error code, so a missing text fails typecheck. A
 * text for a code the contract does not (yet) list is allowed: codes are added on the server
 * first, and a catalogue may be ahead of the contract it is checked against.
 */
export interface Catalogue<UiKey extends string> {
  ui: Record<UiKey, string>;
  errors: Record<PublicErrorCode, string> & Record<string, string>;
}
