import { BUILTIN_HANDLERS } from './index';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(BUILTIN_HANDLERS);

describe('parameter reading', () => {
  it('reads the query first, then a JSON object body', async () => {
    expect(await data('hash', { text: 'from-query' }, { body: { text: 'from-body' } })).toEqual(
      await data('hash', { text: 'from-query' }),
    );
    expect(
      (await data('hash', {}, { method: 'POST', body: { text: 'abc', algo: 'md5' } })).hash,
    ).toBe('900150983cd24fb0d6963f7d28e17f72');
  });

  it('accepts JSON numbers and booleans for typed parameters', async () => {
    const result = await data('random', {}, { body: { min: 5, max: 5, count: 2, unique: false } });
    expect(result.numbers).toEqual([5, 5]);
    expect(
      (await data('password', {}, { body: { length: 8, symbols: false } })).passwords[0],
    ).toMatch(/^[A-Za-z2-9]{8}$/);
  });

  it('treats empty values as absent and ignores prototype names', async () => {
    expect((await data('time', { tz: '' })).timezone).toBe('UTC');
    await expectInvalid('hash', { text: '' }, "parameter 'text' is required");
    await expectInvalid('hash', {}, "parameter 'text' is required", {
      body: JSON.parse('{"__proto__": {"text": "x"}}'),
    });
    expect((await data('uuid', {}, { body: { constructor: 'x' } })).count).toBe(1);
  });

  it('rejects wrong types with a message naming the parameter', async () => {
    await expectInvalid('hash', {}, "parameter 'text' must be a string", {
      body: { text: { a: 1 } },
    });
    await expectInvalid(
      'uuid',
      { count: '1.5' },
      "parameter 'count' must be an integer between 1 and 100",
    );
    await expectInvalid('uuid', {}, "parameter 'count'", { body: { count: 2.5 } });
    await expectInvalid('uuid', { count: '101' }, "parameter 'count'");
    await expectInvalid(
      'hash',
      { text: 'x', algo: 'crc' },
      "parameter 'algo' must be one of: md5, sha1, sha256, sha512",
    );
    await expectInvalid('random', { unique: 'maybe' }, "parameter 'unique' must be true or false");
    await expectInvalid('hash', { text: 'x'.repeat(100_001) }, 'at most 100000 characters');
    await expectInvalid('hash', {}, 'at most 100000 characters', {
      body: { text: `\ud800${'x'.repeat(1_000_000)}` },
    });
  });

  it('ignores a body that is not an object', async () => {
    expect((await data('uuid', {}, { body: [1, 2] })).count).toBe(1);
    expect((await data('uuid', {}, { body: 'count=5' })).count).toBe(1);
  });
});
