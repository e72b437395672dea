import QRCode from 'qrcode';
import { enumParam, intParam, invalidParam, requiredString } from './params';
import type { BuiltinHandler } from './types';

const TOO_BIG = /too big/i;
const LEVELS = { l: 'L', m: 'M', q: 'Q', h: 'H' } as const;

/** Renders with the library, turning its only input-dependent failure (capacity) into a 400. */
async function render<T>(draw: () => Promise<T>): Promise<T> {
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

const qrcode: BuiltinHandler = async (req) => {
  const text = requiredString(req, 'text', 1000);
  const format = enumParam(req, 'format', ['svg', 'png'] as const, 'svg');
  const size = intParam(req, 'size', { min: 64, max: 1024, fallback: 256 });
  const level = enumParam(req, 'level', ['l', 'm', 'q', 'h'] as const, 'm');
  const options = { width: size, margin: 2, errorCorrectionLevel: LEVELS[level] };
  if (format === 'png') {
    const png = await render(() => QRCode.toBuffer(text, { ...options, type: 'png' }));
    return { contentType: 'image/png', body: png };
  }
  const svg = await render(() => QRCode.toString(text, { ...options, type: 'svg' }));
  return { contentType: 'image/svg+xml; charset=utf-8', body: svg };
};

export const QRCODE_HANDLERS = { qrcode } satisfies Record<string, BuiltinHandler>;
