import { GRANT_CREDIT_FIELDS } from '@contracts/credit';
import type { AdminUser } from '@contracts/users';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { makeStore } from '../../../app/store';
import { expectRefusedControl } from '../../../test/refusals';
import { failure, ok, http, server } from '../../../test/server';
import CreditModal from './CreditModal';

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

function show(answer: () => Response = () => ok({ grant_id: 3, credit: '5.00' }, 'granted')) {
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.post('/api/admin/grant_credit.php', async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return answer();
    }),
  );
  render(
    <Provider store={makeStore()}>
      <CreditModal user={USER} onClose={() => undefined} />
    </Provider>,
  );
  return sent;
}

const amount = () => screen.getByLabelText('金额（元）');
const expires = () => screen.getByLabelText('到期时间');
const submit = () => userEvent.click(screen.getByRole('button', { name: '确认发放' }));

describe('CreditModal', () => {
  it('grants the amount until the expiry chosen, for the reason and note given', async () => {
    const sent = show();
    await userEvent.type(amount(), '5');
    await userEvent.clear(expires());
    await userEvent.type(expires(), '2099-01-02T03:04');
    await userEvent.selectOptions(screen.getByLabelText('类型'), '站点发放');
    await userEvent.type(screen.getByLabelText('备注（用户可见，可不填）'), '补偿故障');
    await submit();
    expect(await screen.findByText('赠金已发放，该用户当前赠金 ¥5.00')).toBeVisible();
    expect(sent).toEqual([
      {
        user_id: 7,
        amount: '5',
        expires_at: new Date('2099-01-02T03:04').toISOString(),
        reason: 'admin',
        note: '补偿故障',
      },
    ]);
  });

  it('offers an expiry 30 days ahead and a promotion by default', () => {
    show();
    const offered = new Date(expires().getAttribute('value') ?? '').getTime();
    expect(Math.abs(offered - (Date.now() + 30 * 86_400_000))).toBeLessThan(120_000);
    expect(screen.getByLabelText('类型')).toHaveValue('promotion');
  });

  it('says a zero amount and a past expiry at their fields, asking nothing', async () => {
    const sent = show();
    await userEvent.type(amount(), '0');
    await submit();
    expect(await expectRefusedControl(amount())).toBe(
      '请输入大于 0 的金额，最多三位小数，不超过 100000',
    );
    await userEvent.clear(amount());
    await userEvent.type(amount(), '1');
    await userEvent.clear(expires());
    await userEvent.type(expires(), '2001-01-01T00:00');
    await submit();
    expect(await expectRefusedControl(expires())).toBe('请选择晚于现在的到期时间');
    expect(sent).toEqual([]);
  });

  it.each([
    ['expires_at', 'credit.expired', '到期时间须晚于现在'],
    ['amount', 'credit.ceiling', '发放后赠金将超过账户上限'],
  ])('says the server’s refusal of the %s (%s) at it', async (field, code, text) => {
    show(() => failure(code === 'credit.ceiling' ? 409 : 400, { code, message: 'x', field }));
    await userEvent.type(amount(), '5');
    await submit();
    expect(await expectRefusedControl(document.getElementById(`credit-${field}`))).toBe(text);
  });

  // Every field grant_credit.php reads lands where it can be seen: the user above the fields.
  it.each(GRANT_CREDIT_FIELDS)('shows the server’s refusal of %s', async (field) => {
    show(() => failure(400, { code: 'request.validation', message: 'x', field }));
    await userEvent.type(amount(), '5');
    await submit();
    if (field === 'user_id') expect(await screen.findByRole('alert')).toBeVisible();
    else await expectRefusedControl(document.getElementById(`credit-${field}`));
  });
});
