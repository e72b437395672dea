import { createHash } from 'node:crypto';
import { enumParam, invalidParam, ok, requiredString } from './params';
import type { BuiltinHandler } from './types';

const MAX_TEXT = 100_000;

const hash: BuiltinHandler = (req) => {
  const text = requiredString(req, 'text', MAX_TEXT);
  const algo = enumParam(req, 'algo', ['md5', 'sha1', 'sha256', 'sha512'] as const, 'sha256');
  return ok({ algo, hash: createHash(algo).update(text, 'utf8').digest('hex') });
};

/** Bytes to text, refusing anything that is not valid UTF-8 rather than inventing U+FFFD. */
export function utf8Text(bytes: Uint8Array, what: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalidParam(`${what} does not decode to valid UTF-8 text`);
  }
}

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

const CODEC_ACTIONS = ['encode', 'decode'] as const;

const base64: BuiltinHandler = (req) => {
  const action = enumParam(req, 'action', CODEC_ACTIONS, 'encode');
  const text = requiredString(req, 'text', MAX_TEXT);
  const result =
    action === 'encode'
      ? Buffer.from(text, 'utf8').toString('base64')
      : utf8Text(decodeBase64(text, "parameter 'text'"), "parameter 'text'");
  return ok({ action, result });
};

function decodePercent(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw invalidParam("parameter 'text' is not valid percent-encoded UTF-8");
  }
}

const urlencode: BuiltinHandler = (req) => {
  const action = enumParam(req, 'action', CODEC_ACTIONS, 'encode');
  const text = requiredString(req, 'text', MAX_TEXT);
  return ok({
    action,
    result: action === 'encode' ? encodeURIComponent(text) : decodePercent(text),
  });
};

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  laquo: '«',
  raquo: '»',
  ldquo: '“',
  rdquo: '”',
  lsquo: '‘',
  rsquo: '’',
  middot: '·',
  times: '×',
  divide: '÷',
  deg: '°',
  plusmn: '±',
  yen: '¥',
  euro: '€',
  pound: '£',
  cent: '¢',
  sect: '§',
  para: '¶',
};

const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]{2,8}));/g;

function unescapeHtml(text: string): string {
  return text.replace(ENTITY, (entity, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined)
      return Object.hasOwn(NAMED_ENTITIES, name) ? NAMED_ENTITIES[name] : entity;
    const code = decimal !== undefined ? Number(decimal) : Number.parseInt(hex ?? '', 16);
    const isScalar = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
    return isScalar ? String.fromCodePoint(code) : entity;
  });
}

const htmlEscape: BuiltinHandler = (req) => {
  const action = enumParam(req, 'action', ['escape', 'unescape'] as const, 'escape');
  const text = requiredString(req, 'text', MAX_TEXT);
  const result =
    action === 'escape' ? text.replace(/[&<>"']/g, (char) => ESCAPES[char]) : unescapeHtml(text);
  return ok({ action, result });
};

const hex: BuiltinHandler = (req) => {
  const action = enumParam(req, 'action', CODEC_ACTIONS, 'encode');
  const text = requiredString(req, 'text', MAX_TEXT);
  if (action === 'encode') return ok({ action, result: Buffer.from(text, 'utf8').toString('hex') });
  const digits = text.replace(/\s+/g, '').replace(/^0x/i, '');
  if (digits === '' || digits.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(digits)) {
    throw invalidParam("parameter 'text' must be an even number of hexadecimal digits");
  }
  return ok({ action, result: utf8Text(Buffer.from(digits, 'hex'), "parameter 'text'") });
};

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 (IEEE 802.3, as in zip and PNG). */
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const crc32Handler: BuiltinHandler = (req) => {
  const text = requiredString(req, 'text', MAX_TEXT);
  const value = crc32(Buffer.from(text, 'utf8'));
  return ok({ crc32: value.toString(16).padStart(8, '0'), decimal: value });
};

export const ENCODING_HANDLERS = {
  hash,
  base64,
  urlencode,
  'html-escape': htmlEscape,
  hex,
  crc32: crc32Handler,
} satisfies Record<string, BuiltinHandler>;
