import { ADJUST_BALANCE_FIELDS } from '@contracts/recharge';
import type { AdminUser } from '@contracts/users';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { makeStore } from '../../../app/store';
import { expectRefusedControl } from '../../../test/refusals';
import { failure, http, HttpResponse, ok, server } from '../../../test/server';
import BalanceModal from './BalanceModal';

const USER: AdminUser = {
  id: 7,
  username: 'alice',
  email: null,
  balance: 1,
  balance_milli: 1000,
  credit_milli: 0,
  api_key: 'pk_1',
  status: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  two_factor: false,
};

function show(answer: () => Response = () => ok({ balance: '11.00' }, 'balance adjusted')) {
  const sent: unknown[] = [];
  server.use(
    http.post('/api/admin/adjust_user_balance.php', async ({ request }) => {
      sent.push(await request.json());
      return answer();
    }),
  );
  render(
    <Provider store={makeStore()}>
      <BalanceModal user={USER} onClose={() => undefined} />
    </Provider>,
  );
  return sent;
}

const amount = () => screen.getByLabelText('金额（元，负数为扣减）');
const submit = () => userEvent.click(screen.getByRole('button', { name: '确认调整' }));

describe('BalanceModal', () => {
  it('adjusts with the amount and reason typed', async () => {
    const sent = show();
    await userEvent.type(amount(), '10');
    await userEvent.type(screen.getByLabelText('原因'), '补偿');
    await submit();
    expect(await screen.findByText('余额已调整，当前余额 ¥11.00')).toBeVisible();
    expect(screen.queryByText('balance adjusted')).toBeNull();
    expect(sent).toEqual([{ user_id: 7, amount: '10', reason: '补偿' }]);
  });

  it('says a zero amount and a missing reason at their fields, asking nothing', async () => {
    const sent = show();
    await userEvent.type(amount(), '0');
    await submit();
    expect(await expectRefusedControl(amount())).toBe(
      '请输入非零金额，最多三位小数（负数表示扣减）',
    );
    await userEvent.clear(amount());
    expect(amount()).not.toHaveAttribute('aria-invalid');
    await userEvent.type(amount(), '-1');
    await submit();
    expect(await expectRefusedControl(screen.getByLabelText('原因'))).toBe(
      '请输入调整原因（不超过 500 个字符）',
    );
    expect(sent).toEqual([]);
  });

  it.each([
    ['amount', 'admin.balance_below_zero', '调整后余额不能小于 0'],
    ['amount', 'admin.balance_ceiling', '调整后余额超过上限'],
    ['amount', 'request.validation', '请输入非零金额，最多三位小数（负数表示扣减）'],
    ['reason', 'request.validation', '请输入调整原因（不超过 500 个字符）'],
  ])('says the server’s refusal of the %s (%s) at it', async (field, code, text) => {
    show(() => failure(code === 'request.validation' ? 400 : 409, { code, message: 'x', field }));
    await userEvent.type(amount(), '-5');
    await userEvent.type(screen.getByLabelText('原因'), '更正');
    await submit();
    expect(await expectRefusedControl(document.getElementById(`balance-${field}`))).toBe(text);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  // Every field adjust_user_balance.php reads lands where it can be seen: amount and reason at
  // their controls, the user (the row's, no control of its own) above them.
  it.each(ADJUST_BALANCE_FIELDS)('shows the server’s refusal of %s', async (field) => {
    show(() => failure(400, { code: 'request.validation', message: 'x', field }));
    await userEvent.type(amount(), '-5');
    await userEvent.type(screen.getByLabelText('原因'), '更正');
    await submit();
    if (field === 'user_id') expect(await screen.findByRole('alert')).toBeVisible();
    else await expectRefusedControl(document.getElementById(`balance-${field}`));
  });

  it('says a failure of no field above the fields', async () => {
    show(() => HttpResponse.error());
    await userEvent.type(amount(), '5');
    await userEvent.type(screen.getByLabelText('原因'), '补偿');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('网络错误，请检查网络后重试');
    expect(amount()).not.toHaveAttribute('aria-invalid');
  });
});
