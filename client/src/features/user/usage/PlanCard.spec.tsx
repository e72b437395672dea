import type { PlanView, SubscriptionView } from '@contracts/plans';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import { I18nProvider, type Lang } from '../../../i18n';
import { formatTime } from '../../../lib/formatTime';
import { planView } from '../../../test/plans';
import { failure, http, ok, server } from '../../../test/server';
import PlanCard from './PlanCard';

const PLAN: PlanView = planView(3, { name: '基础版', name_en: 'Basic', price: '9.900' });

const END = '2026-12-31T16:00:00.000Z';

const running = (extra: Partial<SubscriptionView> = {}): SubscriptionView => ({
  id: 9,
  plan: PLAN,
  state: 'active',
  auto_renew: true,
  period_start: '2026-11-30T16:00:00.000Z',
  period_end: END,
  included_calls: 100,
  used_calls: 12,
  left_calls: 88,
  windows: [],
  period_kind: 'subscribe',
  ended_reason: null,
  ...extra,
});

/** The card over get_plan.php's answers in turn (the last one repeats); what cancel was sent. */
function show(answers: (SubscriptionView | null)[], lang: Lang = 'en', cancel = () => ok({})) {
  const sent: unknown[] = [];
  let asked = 0;
  server.use(
    http.get('/api/user/get_plan.php', () =>
      ok({ subscription: answers[Math.min(asked++, answers.length - 1)] }),
    ),
    http.post('/api/user/cancel_plan.php', async ({ request }) => {
      sent.push(await request.json());
      return cancel();
    }),
  );
  render(
    <Provider store={makeStore()}>
      <I18nProvider initial={lang}>
        <MemoryRouter>
          <PlanCard />
        </MemoryRouter>
      </I18nProvider>
    </Provider>,
  );
  return sent;
}

describe('PlanCard', () => {
  it('shows the calls used of the period, a bar of them and when the plan renews', async () => {
    show([running()]);
    const card = await screen.findByTestId('plan');
    expect(within(card).getByTestId('plan-name')).toHaveTextContent('Basic');
    expect(within(card).getByTestId('plan-used')).toHaveTextContent(
      'Used 12 of 100 calls this period',
    );
    expect(within(card).getByTestId('plan-left')).toHaveTextContent('88 left');
    const bar = within(card).getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '12');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(within(card).getByTestId('plan-renewal')).toHaveTextContent(
      `Renews ${formatTime(END, 'en')} for ¥9.90 from your balance.`,
    );
    expect(card).toHaveTextContent('Calls past them are charged to your balance as usual.');
  });

  it('shows the calls of each limited window, when a used-up one resets, and the overage price', async () => {
    const resets = '2026-12-07T09:00:00.000Z';
    show([
      running({
        plan: { ...PLAN, hour_limit: 5, day_limit: 20, overage_price: '0.002' },
        windows: [
          { window: 'hour', limit: 5, used: 5, resets_at: resets },
          { window: 'day', limit: 20, used: 7, resets_at: '2026-12-07T16:00:00.000Z' },
        ],
      }),
    ]);
    const windows = await screen.findByTestId('plan-windows');
    expect(
      within(windows)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `This hour: 5 of 5 calls · resets ${formatTime(resets, 'en')}`,
      'Today: 7 of 20 calls',
    ]);
    expect(screen.getByTestId('plan')).toHaveTextContent(
      'Calls past them cost ¥0.002 each from your balance.',
    );
  });

  it('says a period a redeem code paid for ends without renewing, offering no cancel', async () => {
    show([running({ auto_renew: false, period_kind: 'code' })]);
    const card = await screen.findByTestId('plan');
    expect(within(card).getByTestId('plan-renewal')).toHaveTextContent(
      `Paid by a redeem code: it ends ${formatTime(END, 'en')} and will not renew.`,
    );
    expect(within(card).queryByRole('button', { name: 'Cancel plan' })).toBeNull();
  });

  it('says it in Chinese, with the plan’s Chinese name', async () => {
    show([running()], 'zh');
    const card = await screen.findByTestId('plan');
    expect(within(card).getByTestId('plan-name')).toHaveTextContent('基础版');
    expect(within(card).getByTestId('plan-used')).toHaveTextContent('本周期已用 12 / 100 次调用');
    expect(within(card).getByTestId('plan-left')).toHaveTextContent('剩余 88 次');
    expect(within(card).getByRole('button', { name: '取消套餐' })).toBeVisible();
  });

  it('cancels after asking: the plan then runs to the period’s end and is not offered again', async () => {
    const cancelled = running({ auto_renew: false, ended_reason: 'cancelled' });
    const sent = show([running(), cancelled], 'en', () => ok({ subscription: cancelled }));
    const card = await screen.findByTestId('plan');
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your plan?' });
    expect(dialog).toHaveTextContent(
      `Basic stays until the end of this period (${formatTime(END, 'en')}), then ends instead of renewing.`,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel plan' }));
    expect(await within(card).findByRole('status')).toHaveTextContent(
      `Your plan is cancelled: it runs until ${formatTime(END, 'en')}.`,
    );
    expect(sent).toEqual([{}]);
    await waitFor(() =>
      expect(within(card).getByTestId('plan-renewal')).toHaveTextContent(
        `Cancelled: it ends ${formatTime(END, 'en')} and will not renew.`,
      ),
    );
    expect(within(card).queryByRole('button', { name: 'Cancel plan' })).toBeNull();
  });

  it('keeps the plan when the reader says so, asking the server nothing', async () => {
    const sent = show([running()]);
    const card = await screen.findByTestId('plan');
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your plan?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([]);
  });

  it('says a refused cancel by its code, never by the server’s message', async () => {
    show([running()], 'zh', () =>
      failure(409, { code: 'plan.not_subscribed', message: 'no running subscription' }),
    );
    const card = await screen.findByTestId('plan');
    await userEvent.click(within(card).getByRole('button', { name: '取消套餐' }));
    const dialog = await screen.findByRole('dialog', { name: '取消套餐？' });
    await userEvent.click(within(dialog).getByRole('button', { name: '取消套餐' }));
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('你没有进行中的套餐可取消');
    expect(alert).not.toHaveTextContent('no running subscription');
  });

  it('says a plan that lapsed for a short balance, offering a recharge and the plans', async () => {
    show([running({ state: 'lapsed', auto_renew: false, ended_reason: 'balance_short' })]);
    const ended = await screen.findByTestId('plan-ended');
    expect(ended).toHaveTextContent(
      `Your balance was short at renewal, so Basic ended ${formatTime(END, 'en')} — recharge and subscribe again.`,
    );
    expect(within(ended).getByRole('link', { name: 'Recharge' })).toHaveAttribute(
      'href',
      '/user/recharge',
    );
    expect(within(ended).getByRole('link', { name: 'Subscribe again' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says a cancelled plan ended, without asking for a recharge', async () => {
    show([running({ state: 'ended', auto_renew: false, ended_reason: 'cancelled' })], 'zh');
    const ended = await screen.findByTestId('plan-ended');
    expect(ended).toHaveTextContent(`「基础版」已于 ${formatTime(END, 'zh-CN')} 结束。`);
    expect(within(ended).queryByRole('link', { name: '去充值' })).toBeNull();
    expect(within(ended).getByRole('link', { name: '重新订阅' })).toHaveAttribute(
      'href',
      '/pricing',
    );
  });

  it('leads a user who never had a plan to the pricing page', async () => {
    show([null]);
    const none = await screen.findByTestId('plan-none');
    expect(none).toHaveTextContent('You have no plan');
    expect(within(none).getByRole('link', { name: 'See the plans' })).toHaveAttribute(
      'href',
      '/pricing',
    );
  });
});
