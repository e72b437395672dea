import { crc32 } from 'node:zlib';
import { ok, requiredString } from './params';
import type { BuiltinHandler } from './types';

/** CRC-32 (as in zip and PNG) of the UTF-8 bytes, by zlib: a JavaScript loop took milliseconds. */
const crc32Handler: BuiltinHandler = (req) => {
  const value = crc32(requiredString(req, 'text', 100_000));
  return ok({ crc32: value.toString(16).padStart(8, '0'), decimal: value });
};

export const CRC32_HANDLERS = { crc32: crc32Handler } satisfies Record<string, BuiltinHandler>;
