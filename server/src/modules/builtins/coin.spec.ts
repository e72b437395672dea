import { COIN_HANDLERS } from './coin';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(COIN_HANDLERS);

describe('coin', () => {
  it('flips coins and counts faces', async () => {
    const result = await data('coin', { count: '40' });
    expect(result.heads + result.tails).toBe(40);
    expect(result.flips.filter((flip: string) => flip === 'heads')).toHaveLength(result.heads);
    await expectInvalid('coin', { count: '-1' }, "parameter 'count'");
  });
});
