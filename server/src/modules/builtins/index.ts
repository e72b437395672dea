import { BASE64_HANDLERS } from './base64';
import { CASE_CONVERT_HANDLERS } from './case-convert';
import { COIN_HANDLERS } from './coin';
import { COLOR_HANDLERS } from './color';
import { CRC32_HANDLERS } from './crc32';
import { DATE_DIFF_HANDLERS } from './date-diff';
import { DICE_HANDLERS } from './dice';
import { FUN_HANDLERS } from './fun';
import { HASH_HANDLERS } from './hash';
import { HEX_HANDLERS } from './hex';
import { HTML_ESCAPE_HANDLERS } from './html-escape';
import { JSON_FORMAT_HANDLERS } from './json-format';
import { JWT_DECODE_HANDLERS } from './jwt-decode';
import { LOREM_HANDLERS } from './lorem';
import { NAME_HANDLERS } from './name';
import { NETWORK_HANDLERS } from './network';
import { NUMBER_WORDS_HANDLERS } from './number-words';
import { PASSWORD_HANDLERS } from './password';
import { PRIME_HANDLERS } from './prime';
import { QRCODE_HANDLERS } from './qrcode';
import { RANDOM_HANDLERS } from './random';
import { REGEX_TEST_HANDLERS } from './regex-test';
import { RMB_UPPER_HANDLERS } from './rmb-upper';
import { ROMAN_HANDLERS } from './roman';
import { SLUGIFY_HANDLERS } from './slugify';
import { TEXT_DIFF_HANDLERS } from './text-diff';
import { TEXT_STATS_HANDLERS } from './text-stats';
import { TIME_HANDLERS } from './time';
import type { BuiltinHandler } from './types';
import { UNIT_CONVERT_HANDLERS } from './unit-convert';
import { URLENCODE_HANDLERS } from './urlencode';
import { USER_AGENT_HANDLERS } from './user-agent';
import { UUID_HANDLERS } from './uuid';
import { VALIDATION_HANDLERS } from './validation';
import { ZODIAC_HANDLERS } from './zodiac';

export type { BuiltinHandler, BuiltinRequest, BuiltinResponse } from './types';

const FAMILIES: readonly Record<string, BuiltinHandler>[] = [
  NETWORK_HANDLERS,
  TIME_HANDLERS,
  DATE_DIFF_HANDLERS,
  ZODIAC_HANDLERS,
  UUID_HANDLERS,
  RANDOM_HANDLERS,
  PASSWORD_HANDLERS,
  DICE_HANDLERS,
  COIN_HANDLERS,
  NAME_HANDLERS,
  LOREM_HANDLERS,
  HASH_HANDLERS,
  BASE64_HANDLERS,
  URLENCODE_HANDLERS,
  HTML_ESCAPE_HANDLERS,
  HEX_HANDLERS,
  CRC32_HANDLERS,
  JSON_FORMAT_HANDLERS,
  JWT_DECODE_HANDLERS,
  REGEX_TEST_HANDLERS,
  USER_AGENT_HANDLERS,
  COLOR_HANDLERS,
  SLUGIFY_HANDLERS,
  CASE_CONVERT_HANDLERS,
  TEXT_STATS_HANDLERS,
  TEXT_DIFF_HANDLERS,
  ROMAN_HANDLERS,
  NUMBER_WORDS_HANDLERS,
  RMB_UPPER_HANDLERS,
  UNIT_CONVERT_HANDLERS,
  PRIME_HANDLERS,
  VALIDATION_HANDLERS,
  QRCODE_HANDLERS,
  FUN_HANDLERS,
];

function mergeFamilies(families: readonly Record<string, BuiltinHandler>[]) {
  const merged = Object.create(null) as Record<string, BuiltinHandler>;
  for (const family of families) {
    for (const [name, handler] of Object.entries(family)) {
      // A clash would silently send one API's calls to another implementation.
      if (name in merged) throw new Error(`duplicate built-in handler name: ${name}`);
      merged[name] = handler;
    }
  }
  return Object.freeze(merged);
}

/** Every in-process API implementation, keyed by the name stored in `apis.handler`. */
export const BUILTIN_HANDLERS: Readonly<Record<string, BuiltinHandler>> = mergeFamilies(FAMILIES);
