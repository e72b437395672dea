import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { REDEEM_CODE_CHARS } from '../../contracts/redeem';

/** Crockford's base 32: no I, L, O or U, so a code read aloud or typed by hand is hard to get wrong. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `count` random characters of the alphabet: 5 random bits each. */
export function randomChars(count: number): string {
  return [...randomBytes(count)].map((byte) => ALPHABET[byte & 31]).join('');
}

/** A new code: REDEEM_CODE_CHARS × 5 = 100 random bits, as `XXXXX-XXXXX-XXXXX-XXXXX`. */
export function newCode(): string {
  return randomChars(REDEEM_CODE_CHARS).match(/.{5}/g)!.join('-');
}

/**
 * A typed code as it was generated, or null when it cannot be one: case, spaces and hyphens do not
 * matter, and O, I and L are read as the 0, 1 and 1 they are mistaken for.
 */
export function normalizeCode(typed: string): string | null {
  const chars = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (chars.length !== REDEEM_CODE_CHARS || [...chars].some((c) => !ALPHABET.includes(c))) {
    return null;
  }
  return chars.match(/.{5}/g)!.join('-');
}

/** What a code is found by: an HMAC under a key of its own derived from APP_SECRET. */
export function codeHasher(appSecret: string): (code: string) => string {
  const key = Buffer.from(hkdfSync('sha256', appSecret, '', 'redeem-code-lookup', 32));
  return (code) => createHmac('sha256', key).update(code).digest('hex');
}

/** The purpose codes are sealed under (common/sealed.ts) for their batch's CSV. */
export const CODE_SEAL_PURPOSE = 'redeem-code';

/** The last group of a code, as the user's list shows it. */
export const codeHint = (code: string) => `…-${code.slice(-5)}`;
