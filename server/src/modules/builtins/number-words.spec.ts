import { NUMBER_WORDS_HANDLERS } from './number-words';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(NUMBER_WORDS_HANDLERS);

describe('number-words', () => {
  it.each([
    [0, 'zero'],
    [13, 'thirteen'],
    [105, 'one hundred five'],
    [-42, 'minus forty-two'],
    [1_000_001, 'one million one'],
    [
      999_999_999_999_999,
      'nine hundred ninety-nine trillion nine hundred ninety-nine billion nine hundred ninety-nine million nine hundred ninety-nine thousand nine hundred ninety-nine',
    ],
  ])('writes %d', async (number, words) => {
    expect(await data('number-words', { number: String(number) })).toEqual({ number, words });
  });

  it('rejects decimals and huge numbers', async () => {
    await expectInvalid('number-words', { number: '1.5' }, "parameter 'number'");
    await expectInvalid('number-words', { number: '1000000000000000' }, "parameter 'number'");
  });
});
