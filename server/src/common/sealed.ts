import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A key for one purpose, derived from APP_SECRET: a secret sealed for one purpose opens for no other. */
const keyFor = (appSecret: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', appSecret, '', purpose, 32));

/** AES-256-GCM under APP_SECRET and `purpose`: `v1:` + base64url(iv | tag | ciphertext). */
export function seal(text: string, appSecret: string, purpose: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFor(appSecret, purpose), iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The text back from `seal`; null when sealed with another secret or purpose, or damaged. */
export function unseal(sealed: string, appSecret: string, purpose: string): string | null {
  const [version, payload] = sealed.split(':');
  if (version !== VERSION || !payload) return null;
  const raw = Buffer.from(payload, 'base64url');
  if (raw.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyFor(appSecret, purpose),
      raw.subarray(0, IV_BYTES),
    );
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([
      decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}
