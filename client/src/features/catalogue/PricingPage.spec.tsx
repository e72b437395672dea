import type { PlanView, SubscriptionView } from '@contracts/plans';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { loggedIn } from '../../app/authSlice';
import { makeStore } from '../../app/store';
import { I18nProvider, type Lang } from '../../i18n';
import { formatTime } from '../../lib/formatTime';
import { planView } from '../../test/plans';
import { failure, http, ok, server } from '../../test/server';
import PricingPage from './PricingPage';

const plan = (id: number, extra: Partial<PlanView>): PlanView => planView(id, extra);

const STARTER = plan(1, { name: '入门', name_en: 'Starter', period: 'day', included_calls: 20 });
const BASIC = plan(2, {
  name: '基础版',
  name_en: 'Basic',
  description: '适合个人项目',
  description_en: 'For side projects',
  price: '9.900',
  included_calls: 1000,
  scope: 'category',
  category_id: 4,
});
// No English name: the English page shows the Chinese one.
const PRO = plan(3, {
  name: '专业版',
  price: '49.995',
  period: 'week',
  included_calls: 50000,
  scope: 'apis',
  api_ids: [7, 8, 99],
  overage: 'stop',
});

const END = '2026-12-31T16:00:00.000Z';
const subscription = (of: PlanView, extra: Partial<SubscriptionView> = {}): SubscriptionView => ({
  id: 5,
  plan: of,
  state: 'active',
  auto_renew: true,
  period_start: '2026-11-30T16:00:00.000Z',
  period_end: END,
  included_calls: of.included_calls,
  used_calls: 0,
  left_calls: of.included_calls,
  windows: [],
  period_kind: 'subscribe',
  ended_reason: null,
  ...extra,
});

interface Setup {
  lang?: Lang;
  signedIn?: boolean;
  /** get_plan.php's answers in turn, the last one repeating. */
  mine?: (SubscriptionView | null)[];
  subscribe?: () => Response;
  plans?: PlanView[];
}

function show({
  lang = 'en',
  signedIn = false,
  mine = [null],
  subscribe = () => ok({ subscription: subscription(BASIC), balance: '0.10' }),
  plans = [STARTER, BASIC, PRO],
}: Setup = {}) {
  const sent: unknown[] = [];
  const named: string[] = [];
  let asked = 0;
  server.use(
    http.get('/api/get_plans.php', () => ok({ plans })),
    http.get('/api/get_categories.php', () => {
      named.push('categories');
      return ok([
        { id: 4, name: '天气', name_en: 'Weather', slug: 'weather', sort_order: 0, api_count: 2 },
      ]);
    }),
    http.get('/api/get_api_list.php', ({ request }) => {
      named.push(new URL(request.url).search);
      return ok(
        [7, 8].map((id) => ({
          id,
          name: `接口${id}`,
          name_en: `api-${id}`,
          title_en: `API ${id}`,
        })),
      );
    }),
    http.get('/api/user/get_plan.php', () =>
      ok({ subscription: mine[Math.min(asked++, mine.length - 1)] }),
    ),
    http.get('/api/user/get_user_info.php', () =>
      ok({ id: 1, username: 'alice', balance: '10.00', api_key: 'pk', created_at: '' }),
    ),
    http.post('/api/user/subscribe_plan.php', async ({ request }) => {
      sent.push(await request.json());
      return subscribe();
    }),
  );
  const store = makeStore();
  if (signedIn) store.dispatch(loggedIn({ id: 1, username: 'alice', balance: '10.00' }));
  render(
    <Provider store={store}>
      <I18nProvider initial={lang}>
        <MemoryRouter>
          <PricingPage />
        </MemoryRouter>
      </I18nProvider>
    </Provider>,
  );
  return { sent, store, named };
}

const card = (id: number) => screen.findByTestId(`plan-${id}`);

describe('PricingPage', () => {
  it('lists each plan’s name, price a period, calls, APIs and what happens past them', async () => {
    show();
    const starter = await card(1);
    expect(within(starter).getByRole('heading', { name: 'Starter' })).toBeVisible();
    expect(within(starter).getByTestId('plan-1-price')).toHaveTextContent(/^Free$/);
    expect(starter).toHaveTextContent('20 calls a day');
    expect(starter).toHaveTextContent('For every paid API');
    expect(starter).toHaveTextContent(
      'Past them, calls are charged per call from your balance, as usual',
    );

    const basic = await card(2);
    expect(within(basic).getByTestId('plan-2-price')).toHaveTextContent('¥9.90 / month');
    expect(basic).toHaveTextContent('For side projects');
    expect(basic).toHaveTextContent('1,000 calls a month');
    expect(await within(basic).findByText('For the paid APIs in Weather')).toBeVisible();

    const pro = await card(3);
    expect(within(pro).getByRole('heading', { name: '专业版' })).toBeVisible();
    expect(within(pro).getByTestId('plan-3-price')).toHaveTextContent('¥49.995 / week');
    expect(pro).toHaveTextContent('50,000 calls a week');
    expect(await within(pro).findByText('For these APIs: API 7, API 8, 1 more')).toBeVisible();
    expect(pro).toHaveTextContent('Past them, calls stop until the next period');
  });

  it('says the same in Chinese', async () => {
    show({ lang: 'zh' });
    const basic = await card(2);
    expect(within(basic).getByRole('heading', { name: '基础版' })).toBeVisible();
    expect(within(basic).getByTestId('plan-2-price')).toHaveTextContent('¥9.90 / 月');
    expect(basic).toHaveTextContent('每月 1,000 次调用');
    expect(await within(basic).findByText('适用于「天气」分类的付费接口')).toBeVisible();
    expect(
      within(await card(3)).getByText('适用于以下接口：接口7、接口8、另有 1 个'),
    ).toBeVisible();
    expect(within(basic).getByRole('link', { name: '登录后订阅' })).toBeVisible();
  });

  it('lists a plan’s hour, day and week limits and its overage price, or that it stops', async () => {
    const limited = plan(4, {
      name: '限速版',
      name_en: 'Metered',
      price: '5.000',
      hour_limit: 10,
      day_limit: 100,
      overage_price: '0.005',
    });
    const stopping = { ...limited, id: 5, week_limit: 1000, overage: 'stop' as const };
    show({ plans: [limited, stopping] });
    const offer = await card(4);
    expect(
      within(offer)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '100 calls a month',
      'At most 10 calls an hour',
      'At most 100 calls a day',
      'For every paid API',
      'Past them, calls cost ¥0.005 each from your balance',
    ]);
    const stops = await card(5);
    expect(within(stops).getByTestId('plan-5-week-limit')).toHaveTextContent(
      'At most 1,000 calls a week',
    );
    expect(stops).toHaveTextContent('Past them, calls stop until the next period');
    expect(stops).toHaveTextContent('Past a limit, calls stop until it resets');
    expect(stops).not.toHaveTextContent('0.005');
  });

  it('sends a visitor to sign in, coming back to the plans', async () => {
    show();
    const basic = await card(2);
    expect(within(basic).getByRole('link', { name: 'Sign in to subscribe' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent('/pricing')}`,
    );
    expect(within(basic).queryByRole('button', { name: 'Subscribe' })).toBeNull();
  });

  it('subscribes after saying what is taken from the balance, then marks the plan as theirs', async () => {
    const { sent, store } = show({ signedIn: true, mine: [null, subscription(BASIC)] });
    const basic = await card(2);
    await userEvent.click(within(basic).getByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Basic?' });
    expect(dialog).toHaveTextContent(
      '¥9.90 will be taken from your balance now. The plan renews from your balance at the end of each month. Cancel anytime: it then runs to the end of the period.',
    );
    expect(within(dialog).getByTestId('subscribe-balance')).toHaveTextContent(
      'Your balance: ¥10.00',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay ¥9.90 and subscribe' }));
    const done = await screen.findByTestId('subscribed');
    expect(done).toHaveTextContent(
      `You are subscribed to Basic: 1,000 calls until ${formatTime(END, 'en')}. Your balance is now ¥0.10.`,
    );
    expect(within(done).getByRole('link', { name: 'See it in your user centre' })).toHaveAttribute(
      'href',
      '/user/dashboard',
    );
    expect(sent).toEqual([{ plan_id: 2 }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.getState().auth.user.balance).toBe('0.10');
    expect(await within(basic).findByText('Your plan')).toBeVisible();
    expect(within(basic).getByTestId('plan-yours')).toHaveTextContent(
      `Renews ${formatTime(END, 'en')}`,
    );
  });

  it('says a short balance by its code and offers the recharge page, charging nothing', async () => {
    show({
      signedIn: true,
      lang: 'zh',
      subscribe: () =>
        failure(402, { code: 'plan.insufficient_balance', message: 'insufficient balance' }),
    });
    await userEvent.click(within(await card(2)).getByRole('button', { name: '订阅' }));
    const dialog = await screen.findByRole('dialog', { name: '订阅「基础版」？' });
    expect(dialog).toHaveTextContent('现在将从余额扣除 ¥9.90。每月结束时自动从余额续费。');
    await userEvent.click(within(dialog).getByRole('button', { name: '支付 ¥9.90 并订阅' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('余额不足以支付套餐费用，未扣费');
    expect(alert).not.toHaveTextContent('insufficient balance');
    expect(within(alert).getByRole('link', { name: '去充值' })).toHaveAttribute(
      'href',
      '/user/recharge',
    );
    expect(screen.queryByTestId('subscribed')).toBeNull();
  });

  it('says another refusal by its code, without a recharge link', async () => {
    show({
      signedIn: true,
      subscribe: () => failure(404, { code: 'plan.not_found', message: 'no such plan' }),
    });
    await userEvent.click(within(await card(1)).getByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Starter?' });
    expect(dialog).toHaveTextContent(
      'This plan is free. It renews by itself at the end of each day.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('This plan is not on offer any more.');
    expect(within(alert).queryByRole('link')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a running plan as theirs; the others wait until it ends', async () => {
    show({
      signedIn: true,
      mine: [subscription(PRO, { auto_renew: false, used_calls: 10, left_calls: 49990 })],
    });
    const pro = await card(3);
    expect(await within(pro).findByText('Your plan')).toBeVisible();
    expect(within(pro).getByTestId('plan-yours')).toHaveTextContent(
      `Ends ${formatTime(END, 'en')}; it will not renew`,
    );
    expect(screen.getByTestId('current-plan')).toHaveTextContent(
      'You are on 专业版: 49,990 of 50,000 calls left this period.',
    );
    const basic = await card(2);
    expect(within(basic).getByRole('button', { name: 'Subscribe' })).toBeDisabled();
    expect(basic).toHaveTextContent('You can subscribe to another plan once yours ends.');
    expect(within(basic).queryByText('Your plan')).toBeNull();
  });

  it('offers every plan again once the subscription lapsed', async () => {
    show({ signedIn: true, mine: [subscription(BASIC, { state: 'lapsed' })] });
    const basic = await card(2);
    await waitFor(() =>
      expect(within(basic).getByRole('button', { name: 'Subscribe' })).toBeEnabled(),
    );
    expect(within(basic).queryByText('Your plan')).toBeNull();
    expect(screen.queryByTestId('current-plan')).toBeNull();
  });

  it('says when no plan is on offer, asking for no names', async () => {
    const { named } = show({ plans: [] });
    expect(await screen.findByTestId('no-plans')).toHaveTextContent(
      'No plans are on offer right now',
    );
    expect(named).toEqual([]);
  });

  it('asks for the names a plan’s scope needs: the paid APIs, a page of 100', async () => {
    const { named } = show({ plans: [PRO] });
    await within(await card(3)).findByText('For these APIs: API 7, API 8, 1 more');
    expect(named).toEqual(['?is_paid=1&per_page=100']);
  });
});
