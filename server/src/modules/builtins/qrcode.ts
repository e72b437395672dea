import QRCode from 'qrcode';
import { enumParam, intParam, invalidParam, requiredString } from './params';
import { bilevelPng } from './png';
import type { BuiltinHandler } from './types';

const TOO_BIG = /too big/i;
const LEVELS = { l: 'L', m: 'M', q: 'Q', h: 'H' } as const;
/** Quiet zone around the symbol, in modules. */
const MARGIN = 2;

/** Runs the library, turning its only input-dependent failure (capacity) into a 400. */
async function render<T>(draw: () => T | Promise<T>): Promise<T> {
  try {
    return await draw();
  } catch (error) {
    if (error instanceof Error && TOO_BIG.test(error.message)) {
      throw invalidParam(
        "parameter 'text' holds more data than a QR code can store at this error-correction level",
      );
    }
    throw error;
  }
}

/**
 * The pixels the library's own PNG renderer draws (same scale, same rounding), packed one bit per
 * pixel. That renderer fills and filters an RGBA buffer in JavaScript, blocking the event loop for
 * ~100 ms at 1024 pixels; here each row of modules is packed once and copied, and compression runs
 * on zlib's thread pool.
 */
function scanlines(modules: QRCode.BitMatrix, width: number) {
  const span = modules.size + MARGIN * 2;
  const scale = width >= span ? width / span : 4;
  const side = Math.floor(span * scale);
  const margin = MARGIN * scale;
  const moduleAt = (pixel: number) =>
    pixel >= margin && pixel < side - margin ? Math.floor((pixel - margin) / scale) : -1;
  const columns = Int32Array.from({ length: side }, (_, x) => moduleAt(x));
  const stride = 1 + Math.ceil(side / 8);
  const packed = new Map<number, Buffer>();
  const pack = (row: number) => {
    const line = Buffer.alloc(stride);
    for (let x = 0; x < side; x++) {
      const column = columns[x];
      const dark = row >= 0 && column >= 0 && modules.data[row * modules.size + column] !== 0;
      if (!dark) line[1 + (x >> 3)] |= 0x80 >> (x & 7);
    }
    return line;
  };
  const rows = Buffer.alloc(side * stride);
  for (let y = 0; y < side; y++) {
    const row = moduleAt(y);
    let line = packed.get(row);
    if (line === undefined) {
      line = pack(row);
      packed.set(row, line);
    }
    line.copy(rows, y * stride);
  }
  return { side, rows };
}

const qrcode: BuiltinHandler = async (req) => {
  const text = requiredString(req, 'text', 1000);
  const format = enumParam(req, 'format', ['svg', 'png'] as const, 'svg');
  const size = intParam(req, 'size', { min: 64, max: 1024, fallback: 256 });
  const level = enumParam(req, 'level', ['l', 'm', 'q', 'h'] as const, 'm');
  if (format === 'png') {
    const symbol = await render(() => QRCode.create(text, { errorCorrectionLevel: LEVELS[level] }));
    const { side, rows } = scanlines(symbol.modules, size);
    return { contentType: 'image/png', body: await bilevelPng(side, side, rows) };
  }
  const options = { width: size, margin: MARGIN, errorCorrectionLevel: LEVELS[level] };
  const svg = await render(() => QRCode.toString(text, { ...options, type: 'svg' }));
  return { contentType: 'image/svg+xml; charset=utf-8', body: svg };
};

export const QRCODE_HANDLERS = { qrcode } satisfies Record<string, BuiltinHandler>;
