import { ok, requiredString } from './params';
import type { BuiltinHandler } from './types';

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
  const text = requiredString(req, 'text', 100_000);
  const value = crc32(Buffer.from(text, 'utf8'));
  return ok({ crc32: value.toString(16).padStart(8, '0'), decimal: value });
};

export const CRC32_HANDLERS = { crc32: crc32Handler } satisfies Record<string, BuiltinHandler>;
