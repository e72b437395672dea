import { VERIFY_ORDER_FIELDS } from '@contracts/recharge';
import { REDEEM_CODE_FIELDS } from '@contracts/redeem';
import type { RechargeInfo, RechargeRecord } from '@contracts/recharge';
import type { Redemption } from '@contracts/redeem';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { loggedIn } from '../../app/authSlice';
import { RequireUser } from '../../app/guards';
import { makeStore } from '../../app/store';
import { I18nProvider } from '../../i18n';
import type { Lang } from '../../i18n';
import { formatTime } from '../../lib/formatTime';
import { expectRefusedControl } from '../../test/refusals';
import { failure, http, HttpResponse, ok, server } from '../../test/server';
import RechargePage from './RechargePage';

const record = (id: number, more: Partial<RechargeRecord> = {}): RechargeRecord => ({
  id,
  out_trade_no: `20260101${id}`,
  amount: '10.00',
  created_at: '2026-01-01T00:00:00.000Z',
  state: 'credited',
  reason: null,
  ...more,
});

const LIVE: RechargeInfo = {
  configured: true,
  mode: 'live',
  sponsor_url: 'https://afdian.test/a/x?custom_order_id=u7-abc',
  custom_order_id: 'u7-abc',
};

/** The user's redeemed codes, as get_redemptions.php answers them. */
let redemptions: Redemption[] = [];

const answerInfo = (info: RechargeInfo) => {
  redemptions = [];
  server.use(
    http.get('/api/user/get_recharge_info.php', () => ok(info)),
    http.get('/api/user/get_redemptions.php', () =>
      ok({ redemptions, total: redemptions.length, total_pages: 1, current_page: 1 }),
    ),
  );
};

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

/** The server: recharge info, and a history of 25 records whose row id tells the page. */
function answerHistory(pages: number[] = []) {
  answerInfo(LIVE);
  server.use(
    http.get('/api/user/get_aifadian_recharge_history.php', ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page'));
      pages.push(page);
      return ok({ records: [record(page * 100)], total: 25, total_pages: 3, current_page: page });
    }),
  );
  return pages;
}

/** The balance the server holds for alice: what get_user_info.php answers. */
let serverBalance = '1.00';

function setup(lang: Lang = 'en', entry = '/user/recharge') {
  sessionStorage.clear();
  serverBalance = '1.00';
  server.use(
    http.get('/api/user/get_user_info.php', () =>
      ok({
        id: 7,
        username: 'alice',
        balance: serverBalance,
        api_key: 'k'.repeat(32),
        created_at: '2026-01-01T00:00:00.000Z',
      }),
    ),
  );
  const store = makeStore();
  store.dispatch(loggedIn({ id: 7, username: 'alice', balance: '1.00' }));
  render(
    <Provider store={store}>
      <I18nProvider initial={lang}>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route
              path="/user/recharge"
              element={
                <RequireUser>
                  <RechargePage />
                  <Where />
                </RequireUser>
              }
            />
            <Route path="/user/recharge/sandbox" element={<Where />} />
            <Route path="/user/dashboard" element={<Where />} />
            <Route path="/login" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </I18nProvider>
    </Provider>,
  );
  return store;
}

const confirm = () => userEvent.click(screen.getByRole('button', { name: 'Confirm' }));

describe('RechargePage', () => {
  it('asks for the order number before calling the server', async () => {
    answerHistory();
    let verified = false;
    server.use(
      http.post('/api/user/verify_aifadian_order.php', () => {
        verified = true;
        return ok({ amount: '1.00', balance: '2.00' });
      }),
    );
    setup();
    await confirm();
    expect(screen.getByRole('alert')).toHaveTextContent('please enter the order number');
    const field = screen.getByLabelText('Order number');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('please enter the order number');
    expect(field).toHaveFocus();
    expect(verified).toBe(false);
    await userEvent.type(field, '1');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reads the balance from the server, and again when the window comes back into focus', async () => {
    answerHistory();
    setup();
    serverBalance = '3.25';
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('¥3.25'));
    // Calls made elsewhere (a script, another tab) lowered it meanwhile.
    serverBalance = '2.75';
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('¥2.75'));
  });

  it('links to the sponsorship page with this user’s custom_order_id', async () => {
    answerHistory();
    setup();
    const link = await screen.findByRole('link', { name: /Afdian sponsorship page/ });
    expect(link).toHaveAttribute('href', 'https://afdian.test/a/x?custom_order_id=u7-abc');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('on success refreshes the balance and returns the history to page 1', async () => {
    const pages = answerHistory();
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/user/verify_aifadian_order.php', async ({ request }) => {
        bodies.push(await request.json());
        serverBalance = '11.00';
        return ok({ amount: '10.00', balance: '11.00' }, 'recharge successful: 10.00 credited');
      }),
    );
    const store = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    await screen.findByText('20260101200');
    await userEvent.type(screen.getByLabelText('Order number'), ' 202601019999 ');
    await confirm();
    await screen.findByText(/Recharge successful: ¥10.00 credited/);
    expect(bodies).toEqual([{ order_number: '202601019999' }]);
    expect(store.getState().auth.user.balance).toBe('11.00');
    expect(sessionStorage.getItem('balance')).toBe('11.00');
    expect(screen.getByTestId('balance')).toHaveTextContent('¥11.00');
    await screen.findByText('20260101100');
    expect(pages.at(-1)).toBe(1);
    expect(screen.getByLabelText('Order number')).toHaveValue('');
  });

  it('verifies the order a checkout came back with, once, and leaves it out of the address', async () => {
    answerHistory();
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/user/verify_aifadian_order.php', async ({ request }) => {
        bodies.push(await request.json());
        serverBalance = '3.50';
        return ok({ amount: '2.50', balance: '3.50' });
      }),
    );
    setup('en', '/user/recharge?out_trade_no=17640000000000025000000000071234567890');
    await screen.findByText('Recharge successful: ¥2.50 credited, balance now ¥3.50.');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/user\/recharge$/);
    expect(screen.getByTestId('balance')).toHaveTextContent('¥3.50');
    expect(screen.getByLabelText('Order number')).toHaveValue('');
    expect(bodies).toEqual([{ order_number: '17640000000000025000000000071234567890' }]);
  });

  describe('a payment made on Afdian, found without its number', () => {
    const answerRecent = (credited: { out_trade_no: string; amount: string }[]) => {
      let looks = 0;
      server.use(
        http.post('/api/user/check_recent_orders.php', () => {
          looks += 1;
          serverBalance = credited.length ? '11.50' : serverBalance;
          return ok({ credited, balance: serverBalance });
        }),
      );
      return () => looks;
    };

    it('credits what "I have paid" finds, and the balance follows', async () => {
      answerHistory();
      const looks = answerRecent([
        { out_trade_no: '2026A', amount: '4.50' },
        { out_trade_no: '2026B', amount: '6.00' },
      ]);
      setup();
      await userEvent.click(await screen.findByRole('button', { name: 'I have paid: check now' }));
      expect(await screen.findByTestId('paid-found')).toHaveTextContent(
        'Payment found: ¥4.50, ¥6.00 credited, balance now ¥11.50.',
      );
      await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('¥11.50'));
      expect(looks()).toBe(1);
    });

    it('looks by itself when the user comes back from the sponsorship page, once', async () => {
      answerHistory();
      const looks = answerRecent([]);
      setup();
      const link = await screen.findByRole('link', { name: /Afdian sponsorship page/ });
      act(() => void window.dispatchEvent(new Event('focus')));
      expect(looks()).toBe(0);
      link.addEventListener('click', (event) => event.preventDefault());
      await userEvent.click(link);
      act(() => void window.dispatchEvent(new Event('focus')));
      expect(await screen.findByTestId('paid-none')).toHaveTextContent(
        'No new payment found yet. If you have just paid, check again in a minute, or enter the order number below.',
      );
      act(() => void window.dispatchEvent(new Event('focus')));
      expect(looks()).toBe(1);
    });

    it('looks by itself on Afdian’s return to ?paid=1, and drops the mark', async () => {
      answerHistory();
      const looks = answerRecent([{ out_trade_no: '2026C', amount: '4.50' }]);
      setup('zh', '/user/recharge?paid=1');
      expect(await screen.findByTestId('paid-found')).toHaveTextContent(
        '已找到付款：¥4.50 已到账，当前余额 ¥11.50。',
      );
      // The look starts once the recharge settings say Afdian is live, beside the address change.
      await waitFor(() =>
        expect(screen.getByTestId('where')).toHaveTextContent(/^\/user\/recharge$/),
      );
      expect(looks()).toBe(1);
    });

    it.each([
      ['the sandbox', { ...LIVE, mode: 'sandbox', sponsor_url: '/user/recharge/sandbox' }],
      ['no Afdian settings', { ...LIVE, configured: false, mode: 'not_configured' }],
    ] as const)('does not look on ?paid=1 with %s, and drops the mark', async (_name, info) => {
      answerHistory();
      answerInfo(info);
      const looks = answerRecent([{ out_trade_no: '2026D', amount: '4.50' }]);
      setup('en', '/user/recharge?paid=1');
      await waitFor(() =>
        expect(screen.getByTestId('where')).toHaveTextContent(/^\/user\/recharge$/),
      );
      expect(screen.queryByTestId('paid-found')).toBeNull();
      expect(looks()).toBe(0);
    });

    it('says why a look failed', async () => {
      answerHistory();
      server.use(
        http.post('/api/user/check_recent_orders.php', () =>
          failure(429, { code: 'request.rate_limited', message: 'wait' }),
        ),
      );
      setup();
      await userEvent.click(await screen.findByRole('button', { name: 'I have paid: check now' }));
      expect(await screen.findByTestId('paid-none')).toHaveTextContent(
        'Too many requests, try again later.',
      );
    });
  });

  it('shows a returned order that does not verify at the field, with its number to try again', async () => {
    answerHistory();
    server.use(
      http.post('/api/user/verify_aifadian_order.php', () =>
        failure(409, { code: 'recharge.order_used', message: 'This order has already been used.' }),
      ),
    );
    setup('en', '/user/recharge?out_trade_no=202601019999');
    const field = await screen.findByLabelText('Order number');
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription('This order has already been used.'),
    );
    expect(field).toHaveValue('202601019999');
    expect(field).toHaveFocus();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/user\/recharge$/);
  });

  it('tells an order sent again after its answer was lost that it is this account’s, in the page language', async () => {
    answerHistory();
    const at = '2026-12-06T09:30:00.000Z';
    server.use(
      http.post('/api/user/verify_aifadian_order.php', () => {
        serverBalance = '13.50';
        return failure(409, {
          code: 'recharge.order_used',
          message: 'this order was credited to your account already (12.50 yuan)',
          credited_to_you: true,
          amount: '12.50',
          credited_at: at,
        });
      }),
    );
    for (const [lang, label, button, text] of [
      [
        'en',
        'Order number',
        'Confirm',
        `This order was credited to your account already: ¥12.50 on ${formatTime(at, 'en')}.`,
      ],
      ['zh', '订单号', '确认', `该订单已充值到您的账户：${formatTime(at, 'zh-CN')} 到账 ¥12.50。`],
    ] as const) {
      setup(lang);
      const input = screen.getByLabelText(label);
      await userEvent.type(input, '202601019999');
      await userEvent.click(screen.getByRole('button', { name: button }));
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(input).toHaveValue('');
      expect(input).not.toHaveAttribute('aria-invalid');
      // Its credit's answer never came: the balance is asked for again.
      await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('¥13.50'));
      cleanup();
    }
  });

  it('names the error by its code, or falls back', async () => {
    answerHistory();
    const replies = [
      failure(409, { code: 'recharge.order_used', message: 'This order has already been used.' }),
      failure(502, {}),
      HttpResponse.error(),
    ];
    server.use(http.post('/api/user/verify_aifadian_order.php', () => replies.shift()));
    setup();
    const input = screen.getByLabelText('Order number');
    for (const expected of [
      'This order has already been used.',
      'recharge failed!',
      'recharge request error, try again later',
    ]) {
      await userEvent.clear(input);
      await userEvent.type(input, '1');
      await confirm();
      expect(await screen.findByRole('alert')).toHaveTextContent(expected);
      // At the field, which keeps what was typed and takes the focus.
      expect(input).toHaveAccessibleDescription(expected);
      expect(input).toHaveValue('1');
      expect(input).toHaveFocus();
    }
  });

  it('clears the login state and goes to login, to come back here, on a 401', async () => {
    answerHistory();
    server.use(
      http.get('/api/user/get_aifadian_recharge_history.php', () =>
        failure(401, { code: 'auth.unauthenticated', message: 'Please log in first' }),
      ),
    );
    const store = setup();
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent(
        `/login?redirect=${encodeURIComponent('/user/recharge')}`,
      ),
    );
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(sessionStorage.getItem('isLoggedIn')).toBeNull();
  });
  it('labels the sandbox and links to its checkout in this tab when the server runs one', async () => {
    answerHistory();
    answerInfo({ ...LIVE, mode: 'sandbox', sponsor_url: '/user/recharge/sandbox' });
    setup();
    const link = await screen.findByRole('link', { name: 'the sandbox checkout' });
    expect(link).toHaveAttribute('href', '/user/recharge/sandbox');
    expect(link).not.toHaveAttribute('target');
    expect(screen.getByText('Sandbox')).toBeInTheDocument();
    expect(screen.getByTestId('sandbox-note')).toHaveTextContent('no real money moves');
    expect(screen.queryByRole('link', { name: /Afdian sponsorship page/ })).toBeNull();
    expect(screen.getByLabelText('Order number')).toBeEnabled();
  });

  it('keeps the sponsorship link when recharge is not configured, and says so beside it', async () => {
    answerHistory();
    answerInfo({
      ...LIVE,
      configured: false,
      mode: 'not_configured',
      sponsor_url: 'https://ifdian.net/',
    });
    setup();
    const link = await screen.findByRole('link', { name: /Afdian sponsorship page/ });
    expect(link).toHaveAttribute('href', 'https://ifdian.net/');
    expect(screen.getByTestId('not-configured')).toHaveTextContent(
      'Recharge is not configured on this site yet',
    );
    expect(screen.queryByText('Sandbox')).toBeNull();
    expect(screen.getByLabelText('Order number')).toBeDisabled();
  });

  it('shows each order’s state and reason beside SPEC’s columns', async () => {
    answerInfo(LIVE);
    server.use(
      http.get('/api/user/get_aifadian_recharge_history.php', () =>
        ok({
          records: [
            record(3, { state: 'pending', reason: 'not_paid', amount: '0.00' }),
            record(2, { state: 'rejected', reason: 'other_user', amount: '0.00' }),
            record(1),
          ],
          total: 3,
          total_pages: 1,
          current_page: 1,
        }),
      ),
    );
    setup();
    const table = await screen.findByRole('table', { name: 'Recharge history' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['ID', 'Order number', 'Amount', 'Created time', 'State', 'Reason']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Pending');
    expect(rows[0]).toHaveTextContent('Not paid yet; checked again automatically for 24 hours');
    expect(rows[1]).toHaveTextContent('Rejected');
    expect(rows[1]).toHaveTextContent('Placed for another account');
    expect(rows[2]).toHaveTextContent('Credited');
    expect(within(rows[0]).getByRole('button', { name: 'I paid — check again' })).toBeEnabled();
    expect(within(rows[1]).queryByRole('button')).toBeNull();
    expect(within(rows[2]).queryByRole('button')).toBeNull();
  });

  it('re-checks a pending order: the row turns credited and the balance follows', async () => {
    answerInfo(LIVE);
    let paid = false;
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/user/get_aifadian_recharge_history.php', () =>
        ok({
          records: [
            paid
              ? record(5, { amount: '30.00' })
              : record(5, { state: 'pending', reason: 'not_paid', amount: '0.00' }),
          ],
          total: 1,
          total_pages: 1,
          current_page: 1,
        }),
      ),
      http.post('/api/user/recheck_aifadian_order.php', async ({ request }) => {
        bodies.push(await request.json());
        if (bodies.length === 1) {
          return failure(400, {
            code: 'recharge.order_not_paid',
            message: 'this order has not been paid yet',
          });
        }
        paid = true;
        serverBalance = '31.00';
        return ok({ amount: '30.00', balance: '31.00' }, 'recharge successful: 30.00 credited');
      }),
    );
    const store = setup();
    const button = await screen.findByRole('button', { name: 'I paid — check again' });
    await userEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This order has not been paid yet; it is saved and checked again automatically',
    );
    expect(screen.getByText('Pending')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'I paid — check again' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Recharge successful: ¥30.00 credited, balance now ¥31.00.',
    );
    await screen.findByText('Credited');
    expect(screen.queryByRole('button', { name: 'I paid — check again' })).toBeNull();
    expect(bodies).toEqual([{ order_number: '202601015' }, { order_number: '202601015' }]);
    expect(store.getState().auth.user.balance).toBe('31.00');
    expect(screen.getByTestId('balance')).toHaveTextContent('¥31.00');
  });

  it('says which state an order is in, in Chinese too', async () => {
    answerInfo({
      ...LIVE,
      mode: 'sandbox',
      sponsor_url: '/user/recharge/sandbox',
    });
    server.use(
      http.get('/api/user/get_aifadian_recharge_history.php', () =>
        ok({
          records: [record(4, { state: 'pending', reason: 'not_paid', amount: '0.00' })],
          total: 1,
          total_pages: 1,
          current_page: 1,
        }),
      ),
    );
    setup('zh');
    expect(await screen.findByRole('link', { name: '沙盒收银台' })).toBeInTheDocument();
    expect(await screen.findByText('待处理')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '我已付款，重新查询' })).toBeInTheDocument();
  });
  // Every field verify_aifadian_order.php reads lands on the order field, in words of its own.
  it.each(VERIFY_ORDER_FIELDS)('shows the server’s refusal of %s at its field', async (field) => {
    answerHistory();
    server.use(
      http.post('/api/user/verify_aifadian_order.php', () =>
        failure(400, { code: 'request.validation', field, message: 'x' }),
      ),
    );
    setup();
    await userEvent.type(screen.getByLabelText('Order number'), 'abc');
    await confirm();
    expect(await expectRefusedControl(screen.getByLabelText('Order number'))).toBe(
      'Enter the order number as your Afdian order shows it: digits only, at most 64.',
    );
  });

  describe('redeeming a code', () => {
    const redeem = () => userEvent.click(screen.getByRole('button', { name: 'Redeem' }));

    it('asks for a code before calling the server', async () => {
      answerHistory();
      let called = false;
      server.use(
        http.post('/api/user/redeem_code.php', () => {
          called = true;
          return ok({ kind: 'cash', amount: '1.00', balance: '2.00' });
        }),
      );
      setup();
      await redeem();
      const field = screen.getByLabelText('Code');
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByRole('alert')).toHaveTextContent('Please enter a code.');
      expect(called).toBe(false);
    });

    it('credits the code, shows the new balance and lists what was redeemed', async () => {
      answerHistory();
      const bodies: unknown[] = [];
      server.use(
        http.post('/api/user/redeem_code.php', async ({ request }) => {
          bodies.push(await request.json());
          serverBalance = '13.50';
          redemptions = [
            {
              id: 4,
              kind: 'cash',
              amount: '12.50',
              plan: null,
              code_hint: '…-7K2QD',
              created_at: '2026-11-30T08:00:00.000Z',
            },
          ];
          return ok({ kind: 'cash', amount: '12.50', balance: '13.50' });
        }),
      );
      setup();
      await userEvent.type(screen.getByLabelText('Code'), 'abcde-fghjk-mnpqr-7k2qd');
      await redeem();
      expect(await screen.findByRole('status')).toHaveTextContent(
        '¥12.50 added to your balance, now ¥13.50.',
      );
      expect(bodies).toEqual([{ code: 'abcde-fghjk-mnpqr-7k2qd' }]);
      expect(screen.getByLabelText('Code')).toHaveValue('');
      const table = await screen.findByRole('table', { name: 'Redeemed codes' });
      expect(within(table).getByText('…-7K2QD')).toBeInTheDocument();
      await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('¥13.50'));
    });

    it('says a credit code gave credit until when, and marks it in the list', async () => {
      answerHistory();
      server.use(
        http.post('/api/user/redeem_code.php', () => {
          redemptions = [
            {
              id: 5,
              kind: 'credit',
              amount: '3.00',
              plan: null,
              code_hint: '…-9ZZZZ',
              created_at: '2026-11-30T08:00:00.000Z',
            },
          ];
          return ok({
            kind: 'credit',
            amount: '3.00',
            balance: '1.00',
            credit: '3.00',
            credit_expires_at: '2026-12-30T08:00:00.000Z',
          });
        }),
      );
      setup();
      await userEvent.type(screen.getByLabelText('Code'), 'abcde-fghjk-mnpqr-9zzzz');
      await redeem();
      expect(await screen.findByRole('status')).toHaveTextContent(
        `¥3.00 of credit added: it pays for calls before your balance until ${formatTime('2026-12-30T08:00:00.000Z', 'en')}.`,
      );
      const list = await screen.findByRole('table', { name: 'Redeemed codes' });
      expect(within(list).getByRole('row', { name: /…-9ZZZZ ¥3\.00 Credit/ })).toBeInTheDocument();
    });

    const PERIOD_END = '2026-12-30T08:00:00.000Z';

    it.each([
      {
        lang: 'en',
        button: 'Redeem',
        label: 'Code',
        said: `Code redeemed: your plan Basic runs until ${formatTime(PERIOD_END, 'en')}.`,
        link: 'See it in your user centre',
        list: 'Redeemed codes',
        row: 'Plan: Basic',
      },
      {
        lang: 'zh',
        button: '兑换',
        label: '兑换码',
        said: `兑换成功：套餐「基础版」可用到 ${formatTime(PERIOD_END, 'zh')}。`,
        link: '在用户中心查看',
        list: '兑换记录',
        row: '套餐：基础版',
      },
    ] as const)(
      'says until when a plan code started the plan, and lists it by the plan [$lang]',
      async ({ lang, button, label, said, link, list, row }) => {
        answerHistory();
        const plan = { name: '基础版', name_en: 'Basic' };
        server.use(
          http.post('/api/user/redeem_code.php', () => {
            redemptions = [
              {
                id: 6,
                kind: 'plan',
                amount: '0.00',
                plan,
                code_hint: '…-5TV3W',
                created_at: '2026-11-30T08:00:00.000Z',
              },
            ];
            return ok({
              kind: 'plan',
              amount: '0.00',
              balance: '1.00',
              plan: { id: 3, ...plan, period_end: PERIOD_END },
            });
          }),
        );
        setup(lang);
        await userEvent.type(
          screen.getByRole('textbox', { name: label }),
          'abcde-fghjk-mnpqr-5tv3w',
        );
        await userEvent.click(screen.getByRole('button', { name: button }));
        const status = await screen.findByRole('status');
        expect(status).toHaveTextContent(said);
        const table = await screen.findByRole('table', { name: list });
        const redeemed = within(table).getByText('…-5TV3W').closest('tr')!;
        expect(redeemed).toHaveTextContent(row);
        expect(redeemed).not.toHaveTextContent('¥');
        await userEvent.click(within(status).getByRole('link', { name: link }));
        expect(screen.getByTestId('where')).toHaveTextContent('/user/dashboard');
      },
    );

    it('falls back to the plan’s Chinese name on the English site', async () => {
      answerHistory();
      server.use(
        http.post('/api/user/redeem_code.php', () =>
          ok({
            kind: 'plan',
            amount: '0.00',
            balance: '1.00',
            plan: { id: 3, name: '基础版', name_en: '', period_end: '2026-12-30T08:00:00.000Z' },
          }),
        ),
      );
      setup();
      await userEvent.type(screen.getByLabelText('Code'), 'abcde-fghjk-mnpqr-5tv3w');
      await redeem();
      expect(await screen.findByRole('status')).toHaveTextContent(
        'Code redeemed: your plan 基础版 runs until',
      );
    });

    // Every field redeem_code.php reads lands on the code field, in words of its own.
    it.each(REDEEM_CODE_FIELDS)('shows the server’s refusal of %s at its field', async (field) => {
      answerHistory();
      server.use(
        http.post('/api/user/redeem_code.php', () =>
          failure(400, { code: 'request.validation', field, message: 'x' }),
        ),
      );
      setup();
      await userEvent.type(screen.getByLabelText('Code'), 'x'.repeat(65));
      await redeem();
      expect(await expectRefusedControl(screen.getByLabelText('Code'))).toBe(
        'That is not a code: compare it with the one you were given.',
      );
    });

    it.each([
      ['en', 'redeem.code_used', 'Redeem', 'Code', 'This code has already been used.'],
      ['zh', 'redeem.code_used', '兑换', '兑换码', '该兑换码已被使用'],
      [
        'en',
        'redeem.plan_running',
        'Redeem',
        'Code',
        'You have a plan running: redeem this code once it ends; the code stays unused.',
      ],
      [
        'zh',
        'redeem.plan_running',
        '兑换',
        '兑换码',
        '你已有进行中的套餐：请在其结束后再兑换，兑换码仍可使用。',
      ],
    ] as const)(
      'shows a refusal at the field [%s, %s]',
      async (lang, code, button, label, text) => {
        answerHistory();
        server.use(
          http.post('/api/user/redeem_code.php', () =>
            failure(409, { success: false, code, message: 'x', field: 'code' }),
          ),
        );
        setup(lang);
        const field = screen.getByRole('textbox', { name: label });
        await userEvent.type(field, 'ABCDE-ABCDE-ABCDE-ABCDE');
        await userEvent.click(screen.getByRole('button', { name: button }));
        expect(await screen.findByRole('alert')).toHaveTextContent(text);
        expect(field).toHaveAttribute('aria-invalid', 'true');
        expect(field).toHaveValue('ABCDE-ABCDE-ABCDE-ABCDE');
        expect(field).toHaveFocus();
      },
    );
  });
});
