import { promisify } from 'node:util';
import { crc32, deflate } from 'node:zlib';

/** zlib's asynchronous deflate runs on the thread pool, off the event loop. */
const deflateAsync = promisify(deflate);

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bit depth 1, greyscale, deflate, filters chosen per row, no interlacing. */
const BILEVEL = [1, 0, 0, 0, 0];

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * A black-and-white PNG from its scanlines: per row, a filter byte and the pixels packed eight to
 * a byte from the most significant bit, 1 for white.
 */
export async function bilevelPng(width: number, height: number, scanlines: Buffer) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set(BILEVEL, 8);
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', await deflateAsync(scanlines)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
