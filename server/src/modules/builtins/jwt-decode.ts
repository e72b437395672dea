import { decodeBase64 } from './base64';
import { checkDocument } from './json-format';
import { invalidParam, isPlainObject, ok, requiredString } from './params';
import type { BuiltinHandler } from './types';
import { utf8Text } from './utf8';

const JWT_SEGMENT = /^[A-Za-z0-9_-]+={0,2}$/;

function jwtPart(segment: string, label: string): Record<string, unknown> {
  const what = `the ${label} in parameter 'token'`;
  if (!JWT_SEGMENT.test(segment)) throw invalidParam(`${what} is not base64url`);
  const text = utf8Text(decodeBase64(segment, what), what);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidParam(`${what} is not JSON`);
  }
  if (!isPlainObject(value)) throw invalidParam(`${what} is not a JSON object`);
  checkDocument(value, 'token');
  return value;
}

const MAX_DATE_MS = 8.64e15;

function claimTime(value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const ms = value * 1000;
  return Math.abs(ms) <= MAX_DATE_MS ? new Date(ms).toISOString() : null;
}

const jwtDecode: BuiltinHandler = (req) => {
  const token = requiredString(req, 'token', 16_000)
    .trim()
    .replace(/^Bearer\s+/i, '');
  const segments = token.split('.');
  if (segments.length === 5) {
    throw invalidParam("parameter 'token' is an encrypted token (JWE), which cannot be decoded");
  }
  if (segments.length !== 3) {
    throw invalidParam("parameter 'token' must have three dot-separated parts");
  }
  const header = jwtPart(segments[0], 'header');
  const payload = jwtPart(segments[1], 'payload');
  const expiresAt = claimTime(payload.exp);
  return ok({
    header,
    payload,
    signature: segments[2],
    issued_at: claimTime(payload.iat),
    not_before: claimTime(payload.nbf),
    expires_at: expiresAt,
    expired: expiresAt === null ? null : Date.parse(expiresAt) <= Date.now(),
    verified: false,
  });
};

export const JWT_DECODE_HANDLERS = { 'jwt-decode': jwtDecode } satisfies Record<
  string,
  BuiltinHandler
>;
