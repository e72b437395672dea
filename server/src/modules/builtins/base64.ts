import { enumParam, invalidParam, ok, requiredString } from './params';
import type { BuiltinHandler } from './types';
import { utf8Text } from './utf8';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Accepts standard and URL-safe alphabets, line-wrapped input, and spaces standing for `+`
 * (what an unencoded `+` becomes in a query string).
 */
export function decodeBase64(text: string, what: string): Buffer {
  const compact = text
    .replace(/[\r\n\t]/g, '')
    .replace(/ /g, '+')
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const padded = compact.includes('=');
  if (
    compact === '' ||
    !BASE64.test(compact) ||
    compact.length % 4 === 1 ||
    (padded && compact.length % 4 !== 0)
  ) {
    throw invalidParam(`${what} is not valid base64`);
  }
  return Buffer.from(compact, 'base64');
}

const base64: BuiltinHandler = (req) => {
  const action = enumParam(req, 'action', ['encode', 'decode'] as const, 'encode');
  const text = requiredString(req, 'text', 100_000);
  const result =
    action === 'encode'
      ? Buffer.from(text, 'utf8').toString('base64')
      : utf8Text(decodeBase64(text, "parameter 'text'"), "parameter 'text'");
  return ok({ action, result });
};

export const BASE64_HANDLERS = { base64 } satisfies Record<string, BuiltinHandler>;
