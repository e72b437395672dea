import { CRC32_HANDLERS } from './crc32';
import { harness } from './test/harness';

const { data } = harness(CRC32_HANDLERS);

describe('crc32', () => {
  it('matches the IEEE checksum', async () => {
    expect(await data('crc32', { text: 'hello' })).toEqual({
      crc32: '3610a686',
      decimal: 907060870,
    });
    expect((await data('crc32', { text: '123456789' })).crc32).toBe('cbf43926');
    expect((await data('crc32', { text: '你好' })).crc32).toBe('50a2b841');
  });
});
