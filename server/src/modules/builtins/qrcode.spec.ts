import { crc32, inflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import { QRCODE_HANDLERS } from './qrcode';
import { harness } from './test/harness';

const { call, expectInvalid } = harness(QRCODE_HANDLERS);

function paeth(left: number, up: number, upLeft: number): number {
  const p = left + up - upLeft;
  const [a, b, c] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
  return a <= b && a <= c ? left : b <= c ? up : upLeft;
}

/**
 * The rows of a PNG as strings of 1 (dark) and 0, for the two kinds compared here: the handler's
 * 1-bit greyscale and the library's own 8-bit RGBA with any of the five row filters.
 */
function darkRows(png: Buffer): string[] {
  const header = { width: 0, height: 0, rgba: false };
  const compressed: Buffer[] = [];
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    expect(png.readUInt32BE(offset + 8 + length)).toBe(
      crc32(png.subarray(offset + 4, offset + 8 + length)),
    );
    if (type === 'IHDR') {
      Object.assign(header, {
        width: data.readUInt32BE(0),
        height: data.readUInt32BE(4),
        rgba: data[9] === 6,
      });
    }
    if (type === 'IDAT') compressed.push(data);
    offset += 12 + length;
  }
  const { width, height, rgba } = header;
  const [unit, stride] = rgba ? [4, width * 4] : [1, Math.ceil(width / 8)];
  const raw = inflateSync(Buffer.concat(compressed));
  let previous = Buffer.alloc(stride);
  return Array.from({ length: height }, (_, y) => {
    const filter = raw[y * (stride + 1)];
    const line = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let i = 0; i < stride; i++) {
      const left = i >= unit ? line[i - unit] : 0;
      const up = previous[i];
      let predictor = 0;
      if (filter === 1) predictor = left;
      else if (filter === 2) predictor = up;
      else if (filter === 3) predictor = (left + up) >> 1;
      else if (filter === 4) predictor = paeth(left, up, i >= unit ? previous[i - unit] : 0);
      line[i] = (line[i] + predictor) & 0xff;
    }
    previous = line;
    return Array.from({ length: width }, (_, x) => {
      const dark = rgba ? line[x * 4] < 128 : ((line[x >> 3] >> (7 - (x & 7))) & 1) === 0;
      return dark ? '1' : '0';
    }).join('');
  });
}

describe('qrcode', () => {
  it('renders SVG by default', async () => {
    const response = await call('qrcode', { text: 'https://example.com' });
    expect(response.contentType).toBe('image/svg+xml; charset=utf-8');
    expect(response.body).toMatch(/^<svg[^>]+width="256"/);
  });

  it('renders PNG at the requested size', async () => {
    const response = await call('qrcode', { text: '你好', format: 'png', size: '64', level: 'H' });
    expect(response.contentType).toBe('image/png');
    const png = response.body as Buffer;
    expect(png.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    expect(png.readUInt32BE(16)).toBe(64);
    const largest = await call('qrcode', { text: 'Portico', format: 'png', size: '1024' });
    const rows = darkRows(largest.body as Buffer);
    expect(rows).toHaveLength(1024);
    expect(new Set(rows.map((row) => row.length))).toEqual(new Set([1024]));
  });

  it.each([
    ['two Han characters at 64 px', '你好', 64, 'h'],
    ['a URL at 256 px', 'https://example.com', 256, 'm'],
    ['300 letters at 200 px', 'x'.repeat(300), 200, 'q'],
    ['1000 digits, wider than the 64 px asked', '1'.repeat(1000), 64, 'l'],
  ] as const)('draws %s as the library drew it', async (_, text, size, level) => {
    const response = await call('qrcode', { text, format: 'png', size: String(size), level });
    const library = await QRCode.toBuffer(text, {
      type: 'png',
      width: size,
      margin: 2,
      errorCorrectionLevel: level.toUpperCase() as 'L' | 'M' | 'Q' | 'H',
    });
    expect(darkRows(response.body as Buffer)).toEqual(darkRows(library));
  });

  it('rejects bad options and text that does not fit', async () => {
    await expectInvalid('qrcode', {}, "parameter 'text' is required");
    await expectInvalid('qrcode', { text: 'x', size: '2000' }, "parameter 'size'");
    await expectInvalid('qrcode', { text: 'x', format: 'gif' }, "parameter 'format'");
    await expectInvalid(
      'qrcode',
      { text: '中'.repeat(1000), level: 'h' },
      'more data than a QR code',
    );
  });
});
