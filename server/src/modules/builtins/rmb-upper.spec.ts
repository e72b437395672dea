import { RMB_UPPER_HANDLERS } from './rmb-upper';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(RMB_UPPER_HANDLERS);

describe('rmb-upper', () => {
  it.each([
    ['1234.56', '壹仟贰佰叁拾肆元伍角陆分'],
    ['100000001.05', '壹亿零壹元零伍分'],
    ['100500', '壹拾万零伍佰元整'],
    ['10010', '壹万零壹拾元整'],
    ['1000000', '壹佰万元整'],
    ['0.5', '伍角整'],
    ['0.05', '伍分'],
    ['0', '零元整'],
    ['1,000.10', '壹仟元壹角整'],
    ['999999999999.99', '玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
  ])('writes %s', async (amount, upper) => {
    expect((await data('rmb-upper', { amount })).upper).toBe(upper);
  });

  it('rejects negatives, three decimals and a trillion', async () => {
    for (const amount of ['-1', '1.234', '1000000000000', '1e5', 'abc']) {
      await expectInvalid('rmb-upper', { amount }, "parameter 'amount'");
    }
  });
});
