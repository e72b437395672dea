import { RANDOM_HANDLERS } from './random';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(RANDOM_HANDLERS);

describe('random', () => {
  it('draws within the range, uniquely when asked', async () => {
    const result = await data('random', { min: '-3', max: '3', count: '7', unique: 'true' });
    expect([...result.numbers].sort((a: number, b: number) => a - b)).toEqual([
      -3, -2, -1, 0, 1, 2, 3,
    ]);
    const defaults = await data('random');
    expect(defaults).toMatchObject({ min: 1, max: 100, unique: false });
    expect(defaults.numbers[0]).toBeGreaterThanOrEqual(1);
    expect(defaults.numbers[0]).toBeLessThanOrEqual(100);
  });

  it('rejects an empty or too small range', async () => {
    await expectInvalid('random', { min: '10', max: '1' }, "'min' must not be greater than 'max'");
    await expectInvalid(
      'random',
      { min: '1', max: '3', count: '4', unique: 'yes' },
      "parameter 'count' must be at most 3",
    );
    await expectInvalid('random', { max: '99999999999' }, "parameter 'max'");
  });
});
