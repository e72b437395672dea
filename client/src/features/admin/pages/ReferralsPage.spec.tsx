import type { AdminReferralView, ReferralSettings } from '@contracts/referrals';
import { REFERRAL_SETTINGS_FIELDS } from '@contracts/referrals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import { expectRefusedControl } from '../../../test/refusals';
import { failure, http, ok, server } from '../../../test/server';
import ReferralsPage from './ReferralsPage';

const referral = (id: number, more: Partial<AdminReferralView> = {}): AdminReferralView => ({
  id,
  inviter_id: 7,
  inviter: 'alice',
  invitee_id: 10 + id,
  invitee: `friend_${id}`,
  ip: '203.0.113.9',
  state: 'waiting',
  reason: null,
  reward: '0.00',
  paid_as: null,
  out_trade_no: null,
  created_at: '2026-11-20T08:00:00.000Z',
  decided_at: null,
  ...more,
});

/** The settings and the list, recording what the save was sent. */
function serve(
  referrals: AdminReferralView[],
  settings: ReferralSettings = { reward: '5.00', cap: 10, credit_days: 0 },
) {
  const saved: unknown[] = [];
  server.use(
    http.get('/api/admin/get_referral_settings.php', () => ok(settings)),
    http.get('/api/admin/get_referrals.php', () =>
      ok({
        referrals,
        total: referrals.length,
        total_pages: 1,
        current_page: 1,
        invited: referrals.length,
        rewarded: referrals.filter((r) => r.state === 'rewarded').length,
        paid: '5.00',
        paid_as_credit: '2.00',
      }),
    ),
    http.post('/api/admin/save_referral_settings.php', async ({ request }) => {
      const body = (await request.json()) as ReferralSettings;
      saved.push(body);
      return ok({ reward: `${body.reward}.00`, cap: body.cap, credit_days: body.credit_days });
    }),
  );
  return saved;
}

function show() {
  render(
    <Provider store={makeStore()}>
      <MemoryRouter>
        <ReferralsPage />
      </MemoryRouter>
    </Provider>,
  );
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('ReferralsPage', () => {
  it('lists every referral with its state, reason, reward and order, and the totals', async () => {
    serve([
      referral(3),
      referral(4, {
        state: 'rewarded',
        reward: '2.00',
        paid_as: 'credit',
        out_trade_no: '202611210003',
        decided_at: '2026-11-21T10:00:00.000Z',
      }),
      referral(2, {
        state: 'rewarded',
        reward: '3.00',
        paid_as: 'cash',
        out_trade_no: '202611210001',
        decided_at: '2026-11-21T08:00:00.000Z',
      }),
      referral(1, {
        state: 'refused',
        reason: 'same_address',
        out_trade_no: '202611210002',
        decided_at: '2026-11-21T09:00:00.000Z',
      }),
    ]);
    show();
    const waiting = await rowOf('friend_3');
    expect(waiting).toHaveTextContent('alice');
    expect(waiting).toHaveTextContent('ID 7');
    expect(waiting).toHaveTextContent('203.0.113.9');
    expect(within(waiting).getByText('等待首充')).toBeInTheDocument();
    const rewarded = await rowOf('friend_2');
    expect(within(rewarded).getByText('已奖励')).toBeInTheDocument();
    expect(rewarded).toHaveTextContent('¥3.00');
    expect(within(rewarded).queryByText('赠金')).toBeNull();
    expect(rewarded).toHaveTextContent('202611210001');
    const inCredit = await rowOf('friend_4');
    expect(inCredit).toHaveTextContent('¥2.00');
    expect(within(inCredit).getByText('赠金')).toBeInTheDocument();
    const refused = await rowOf('friend_1');
    expect(within(refused).getByText('未奖励')).toBeInTheDocument();
    expect(within(refused).getByText('同一网络已有受邀用户')).toBeInTheDocument();
    expect(screen.getByTestId('referral-totals')).toHaveTextContent(
      '共 4 位受邀用户，已奖励 2 位，共发放 ¥5.00（其中赠金 ¥2.00）',
    );
  });

  it('reads the next page from the last row of this one, others by number', async () => {
    serve([]);
    const asked: string[] = [];
    server.use(
      http.get('/api/admin/get_referrals.php', ({ request }) => {
        const params = new URL(request.url).searchParams;
        const page = Number(params.get('page'));
        asked.push(`${page} ${params.get('before') ?? '-'}`);
        return ok({
          referrals: [referral(page)],
          total: 10_000,
          total_pages: 500,
          current_page: page,
          total_capped: true,
          next_before: `2026-11-20T08:00:0${page}_${page}`,
          invited: 10_000,
          rewarded: 12,
          paid: '60.00',
          paid_as_credit: '0.00',
        });
      }),
    );
    const user = userEvent.setup();
    show();
    await rowOf('friend_1');
    expect(screen.getByTestId('referral-totals')).toHaveTextContent(
      '超过 10000 位受邀用户，已奖励 12 位，共发放 ¥60.00',
    );
    await user.click(screen.getByRole('button', { name: '下一页' }));
    await rowOf('friend_2');
    await user.click(screen.getByRole('button', { name: '1' }));
    await rowOf('friend_1');
    expect(asked).toEqual(['1 -', '2 2026-11-20T08:00:01_1', '1 -']);
  });

  it('asks by number for the page after one still loading, not from the page before', async () => {
    serve([]);
    const asked: string[] = [];
    server.use(
      http.get('/api/admin/get_referrals.php', async ({ request }) => {
        const params = new URL(request.url).searchParams;
        const page = Number(params.get('page'));
        asked.push(`${page} ${params.get('before') ?? '-'}`);
        if (page === 2) await new Promise((resolve) => setTimeout(resolve, 300));
        return ok({
          referrals: [referral(page)],
          total: 40,
          total_pages: 4,
          current_page: page,
          total_capped: false,
          next_before: `2026-11-20T08:00:0${page}_${page}`,
          invited: 40,
          rewarded: 0,
          paid: '0.00',
          paid_as_credit: '0.00',
        });
      }),
    );
    const user = userEvent.setup();
    show();
    await rowOf('friend_1');
    await user.click(screen.getByRole('button', { name: '下一页' }));
    await user.click(screen.getByRole('button', { name: '下一页' }));
    await rowOf('friend_3');
    expect(asked).toEqual(['1 -', '2 2026-11-20T08:00:01_1', '3 -']);
  });

  it('says so when no one has been invited yet', async () => {
    serve([]);
    show();
    expect(await screen.findByText('还没有受邀用户。')).toBeInTheDocument();
  });

  it('saves the reward, the cap and the credit days', async () => {
    const saved = serve([]);
    show();
    const reward = await screen.findByLabelText('奖励金额（元）');
    expect(reward).toHaveValue('5.00');
    expect(screen.getByLabelText('每位邀请人最多奖励次数')).toHaveValue('10');
    const days = screen.getByLabelText('赠金有效天数');
    expect(days).toHaveValue('0');
    expect(days).toHaveAccessibleDescription(/填 0 以现金发放/);
    await userEvent.clear(reward);
    await userEvent.type(reward, '8');
    await userEvent.clear(days);
    await userEvent.type(days, '30');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('status')).toHaveTextContent('邀请奖励设置已保存');
    expect(saved).toEqual([{ reward: '8', cap: 10, credit_days: 30 }]);
    expect(reward).toHaveValue('8.00');
    expect(days).toHaveValue('30');
  });

  it('marks each wrong field before asking the server', async () => {
    const saved = serve([]);
    show();
    const reward = await screen.findByLabelText('奖励金额（元）');
    await userEvent.clear(reward);
    await userEvent.type(reward, '1000.5');
    const cap = screen.getByLabelText('每位邀请人最多奖励次数');
    await userEvent.clear(cap);
    await userEvent.type(cap, '-1');
    const days = screen.getByLabelText('赠金有效天数');
    await userEvent.clear(days);
    await userEvent.type(days, '3651');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(reward).toHaveAttribute('aria-invalid', 'true');
    expect(reward).toHaveFocus();
    expect(screen.getByText('奖励金额须为 0 到 1000 元，最多三位小数')).toBeInTheDocument();
    expect(cap).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('最多奖励次数须为 0 到 10000 之间的整数')).toBeInTheDocument();
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('赠金有效天数须为 0 到 3650 之间的整数')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  // Each field save_referral_settings.php reads, named by its refusal (the rule's own code or a
  // malformed value), lands on its control with the field's own text.
  it.each(
    REFERRAL_SETTINGS_FIELDS.flatMap((field) => [
      [field, `referrals.${field}_invalid`],
      [field, 'request.validation'],
    ]),
  )('shows the server’s refusal of %s (%s) at its control', async (field, code) => {
    serve([]);
    server.use(
      http.post('/api/admin/save_referral_settings.php', () =>
        failure(400, { code, message: 'x', field }),
      ),
    );
    show();
    await screen.findByLabelText('奖励金额（元）');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await expectRefusedControl(document.getElementById(`referral-${field}`));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a refusal of no field above the form', async () => {
    serve([]);
    server.use(
      http.post('/api/admin/save_referral_settings.php', () =>
        failure(429, { code: 'request.rate_limited', message: 'slow down' }),
      ),
    );
    show();
    await screen.findByLabelText('奖励金额（元）');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('请求过于频繁，请稍后再试');
  });
});
