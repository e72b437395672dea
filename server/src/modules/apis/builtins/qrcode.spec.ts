import { QRCODE_HANDLERS } from './qrcode';
import { harness } from './test/harness';

const { call, expectInvalid } = harness(QRCODE_HANDLERS);

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
