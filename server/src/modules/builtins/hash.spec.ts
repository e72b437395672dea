import { HASH_HANDLERS } from './hash';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(HASH_HANDLERS);

describe('hash', () => {
  it.each([
    ['md5', '5d41402abc4b2a76b9719d911017c592'],
    ['sha1', 'aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d'],
    ['sha256', '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824'],
  ])('computes %s', async (algo, hash) => {
    expect(await data('hash', { text: 'hello', algo })).toEqual({ algo, hash });
  });

  it('defaults to sha256, supports sha512 and hashes UTF-8', async () => {
    expect((await data('hash', { text: '你好' })).hash).toBe(
      '670d9743542cae3ea7ebe36af56bd53648b0a1126162e78d81a32934a711302e',
    );
    expect((await data('hash', { text: 'hello', algo: 'sha512' })).hash).toHaveLength(128);
  });
});

describe('file-hash', () => {
  const upload = (data: Buffer, filename = 'photo.png') => ({
    body: { file: { filename, type: 'image/png', data } },
  });

  it('hashes the uploaded bytes and says their name and size', async () => {
    const bytes = Buffer.from([0, 255, 10, 13, 0x80]);
    expect(await data('file-hash', { algo: 'md5' }, upload(bytes))).toEqual({
      name: 'photo.png',
      size: 5,
      algo: 'md5',
      hash: '9e1daf0b7f744ffd0870b4bb64237f10',
    });
    expect((await data('file-hash', {}, upload(Buffer.alloc(0)))).hash).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  it('refuses a missing file, and text where the file goes', async () => {
    await expectInvalid('file-hash', {}, "parameter 'file' is required");
    await expectInvalid('file-hash', { file: 'photo.png' }, "parameter 'file' is required");
    await expectInvalid('file-hash', {}, "parameter 'file' must be a file part", {
      body: { file: 'photo.png' },
    });
  });
});
