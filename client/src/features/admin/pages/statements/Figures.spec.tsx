import type { MonthTotals } from '@contracts/statements';
import { render, screen, within } from '@testing-library/react';
import Figures from './Figures';

const TOTALS: MonthTotals = {
  opening_balance: '1.00',
  recharged: '10.00',
  adjusted: '-0.50',
  redeemed: '2.00',
  referred: '5.00',
  plans: '9.90',
  charged: '0.021',
  closing_balance: '17.479',
  calls: 3,
  free_calls: 2,
};

describe('Figures', () => {
  it('lists a month’s figures in the order they add up, invite rewards after redeem codes', () => {
    render(<Figures totals={TOTALS} testId="user-figures" />);
    const rows = within(screen.getByTestId('user-figures'))
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      '期初余额¥1.00',
      '充值¥10.00',
      '余额调整¥-0.50',
      '兑换码¥2.00',
      '邀请奖励¥5.00',
      '套餐¥9.90',
      '付费调用¥0.021',
      '期末余额¥17.479',
      '付费调用次数3',
      '免费调用次数2',
    ]);
  });
});
