import { URLENCODE_HANDLERS } from './urlencode';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(URLENCODE_HANDLERS);

describe('urlencode', () => {
  it('encodes and decodes components', async () => {
    expect((await data('urlencode', { text: 'a b&c=d/é' })).result).toBe('a%20b%26c%3Dd%2F%C3%A9');
    expect((await data('urlencode', { action: 'decode', text: '%E4%BD%A0%20x' })).result).toBe(
      '你 x',
    );
  });

  it('rejects malformed escapes and lone surrogates', async () => {
    await expectInvalid('urlencode', { action: 'decode', text: '%E4%BD' }, 'percent-encoded');
    await expectInvalid('urlencode', { action: 'decode', text: '100%' }, 'percent-encoded');
    await expectInvalid('urlencode', {}, "parameter 'text' is not valid Unicode", {
      body: { text: '\ud800' },
    });
  });
});
