import { HASH_HANDLERS } from './hash';
import { harness } from './test/harness';

const { data } = harness(HASH_HANDLERS);

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
