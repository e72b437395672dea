import { BASE64_HANDLERS } from './base64';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(BASE64_HANDLERS);

describe('base64', () => {
  it('round-trips UTF-8 text', async () => {
    expect(await data('base64', { text: '你好, Portico!' })).toEqual({
      action: 'encode',
      result: '5L2g5aW9LCBQb3J0aWNvIQ==',
    });
    expect(
      (await data('base64', { action: 'decode', text: '5L2g5aW9LCBQb3J0aWNvIQ==' })).result,
    ).toBe('你好, Portico!');
  });

  it('accepts URL-safe, unpadded and wrapped input, and spaces for plus', async () => {
    expect((await data('base64', { action: 'decode', text: 'aGVsbG8-' })).result).toBe('hello>');
    expect((await data('base64', { action: 'decode', text: 'aGVsbG8 ' })).result).toBe('hello>');
    expect((await data('base64', { action: 'decode', text: 'aGVs\nbG8' })).result).toBe('hello');
  });

  it('rejects invalid base64 and non-UTF-8 bytes', async () => {
    for (const text of ['abc$', 'a', 'ab=c', 'abcde===', '=']) {
      await expectInvalid('base64', { action: 'decode', text }, 'not valid base64');
    }
    await expectInvalid('base64', { action: 'decode', text: '//79' }, 'UTF-8');
    await expectInvalid('base64', { action: 'rot13', text: 'x' }, "parameter 'action'");
  });
});
