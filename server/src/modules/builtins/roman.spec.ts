import { ROMAN_HANDLERS } from './roman';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(ROMAN_HANDLERS);

describe('roman', () => {
  it('converts both ways', async () => {
    expect(await data('roman', { value: '1994' })).toEqual({ arabic: 1994, roman: 'MCMXCIV' });
    expect(await data('roman', { value: 'mmmcmxcix' })).toEqual({
      arabic: 3999,
      roman: 'MMMCMXCIX',
    });
  });

  it('rejects non-canonical numerals and out-of-range numbers', async () => {
    for (const value of ['IIII', 'VX', 'MMMM', '0', '4000', 'abc'])
      await expectInvalid('roman', { value }, "parameter 'value'");
  });
});
