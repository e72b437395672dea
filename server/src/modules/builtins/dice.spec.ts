import { DICE_HANDLERS } from './dice';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(DICE_HANDLERS);

describe('dice', () => {
  it('rolls dice and totals them', async () => {
    const result = await data('dice', { sides: '2', count: '50' });
    expect(result.rolls).toHaveLength(50);
    expect(result.rolls.every((roll: number) => roll === 1 || roll === 2)).toBe(true);
    expect(result.total).toBe(result.rolls.reduce((a: number, b: number) => a + b, 0));
    await expectInvalid('dice', { sides: '1' }, "parameter 'sides'");
  });
});
