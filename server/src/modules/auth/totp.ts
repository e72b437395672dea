import { createHash, randomInt } from 'node:crypto';
import { HttpStatus } from '@nestjs/common';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { AppError } from '../../common/app-error';
import { seal, unseal } from '../../common/sealed';
import { RECOVERY_CODE_COUNT } from '../../contracts/two-factor';
import type { TotpSetup } from '../../contracts/two-factor';

/**
 * The parts of an authenticator app (TOTP, RFC 6238: 6 digits, 30 s, one step of drift either
 * way) and of recovery codes that users' and administrators' two-factor share; each keeps its
 * own rows and claims a code with its own conditional UPDATE.
 */

const SECRET_SEAL = 'portico totp secret';
/** Recovery codes' letters: no 0/o, 1/l/i, so a code read aloud or copied by hand survives. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const FALLBACK_ISSUER = 'Portico API';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The name the app files the account under: the site's title. */
export const issuerOf = (config: { site_title: string } | null) =>
  config?.site_title.trim() || FALLBACK_ISSUER;

/** A new secret: what the app is shown (text, URI, QR code) and what is stored (sealed). */
export async function newTotp(
  issuer: string,
  label: string,
  appSecret: string,
): Promise<{ setup: TotpSetup; sealed: string }> {
  const secret = new Secret({ size: 20 });
  const uri = new TOTP({ issuer, label, secret }).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 2 });
  return {
    setup: {
      secret: secret.base32,
      otpauth_uri: uri,
      qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    },
    sealed: seal(secret.base32, appSecret, SECRET_SEAL),
  };
}

/** Whether the text is shaped as an app code (six digits, spaces allowed). */
export const isAppCode = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));

/**
 * The time step a current app code belongs to, or null when it is not one. The caller claims
 * the step (only a later one than the last accepted passes), so a code signs in once.
 */
export function appCodeStep(sealed: string, code: string, appSecret: string): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const base32 = unseal(sealed, appSecret, SECRET_SEAL);
  if (!base32) return null;
  const totp = new TOTP({ secret: Secret.fromBase32(base32) });
  const delta = totp.validate({ token, window: 1 });
  return delta === null ? null : totp.counter() + delta;
}

function newRecoveryCode(): string {
  const letters = Array.from(
    { length: 8 },
    () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
  );
  return `${letters.slice(0, 4).join('')}-${letters.slice(4).join('')}`;
}

/** A fresh set of recovery codes, as shown once and as stored. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return { codes, hashes: codes.map((code) => recoveryHash(code) as string) };
}

/**
 * The stored form of a recovery code as typed (any case, spaces or dash), or null when the text
 * cannot be one.
 */
export function recoveryHash(code: string): string | null {
  const form = code.toLowerCase().replace(/[\s-]/g, '');
  return /^[a-z0-9]{8}$/.test(form) ? sha256(form) : null;
}

export const alreadyOn = () =>
  new AppError(
    'auth.two_factor_enabled',
    'two-factor authentication is already on; turn it off first',
    HttpStatus.CONFLICT,
  );

export const notEnabled = () =>
  new AppError(
    'auth.two_factor_not_enabled',
    'two-factor authentication is not on',
    HttpStatus.BAD_REQUEST,
  );

/** 400 `auth.two_factor_failed` on the code field. */
export const wrongCode = (message: string) =>
  new AppError('auth.two_factor_failed', message, HttpStatus.BAD_REQUEST, {}, 'code');
