import { formatBalance } from '../src/common/money';
import { monthBounds, monthOf } from '../src/common/quota-period';
import { rowTime, sqlTime } from '../src/database/sql-time';
import { ORDER_LEDGER } from '../src/modules/ledger';
import type { OrderLedger } from '../src/modules/ledger';
import { adminClient } from './factories/admin';
import { createGatewayApi, ledgerOf } from './factories/gateway';
import { ADJUST } from './factories/recharge';
import { createUser, loginUser } from './factories/users';
import { describeEachDb, TestApp } from './harness';

const STATEMENT = '/api/user/get_monthly_statement.php';
const EXPORT = '/api/user/export_monthly_statement.php';
const ADMIN_USER = '/api/admin/get_user_statement.php';
const ADMIN_SITE = '/api/admin/get_site_statement.php';

/** The month before `month` (YYYY-MM). */
const monthBefore = (month: string) => {
  const [year, index] = month.split('-').map(Number);
  return index === 1 ? `${year - 1}-12` : `${year}-${String(index - 1).padStart(2, '0')}`;
};
const monthAfter = (month: string) => {
  const [year, index] = month.split('-').map(Number);
  return index === 12 ? `${year + 1}-01` : `${year}-${String(index + 1).padStart(2, '0')}`;
};

/**
 * Last month's history written as the ledger writes it, the balance moved to match: a credited
 * order, an adjustment, three paid calls, one free-quota call and one refunded call.
 */
async function lastMonthHistory(t: TestApp, userId: number, apiId: number, at: Date) {
  const time = sqlTime(t.dataSource, at);
  await t.dataSource.query(
    `INSERT INTO recharge_records (user_id, out_trade_no, amount_milli, paid_amount, source, raw, state, reason, created_at, updated_at)
     VALUES (?, ?, 2000, '2', 'query', '{}', 'credited', '', ?, ?)`,
    [userId, `statement-${userId}`, time, time],
  );
  const [{ id: adminId }] = await t.dataSource.query<{ id: number }[]>('SELECT id FROM admins');
  await t.dataSource.query(
    `INSERT INTO balance_adjustments (user_id, admin_id, delta_milli, reason, created_at, updated_at)
     VALUES (?, ?, -300, 'correction', ?, ?)`,
    [userId, adminId, time, time],
  );
  const calls: [number, string | null, number][] = [
    [7, 'balance', 200],
    [7, 'balance', 200],
    [7, 'balance', 200],
    [0, 'free', 200],
    [0, null, 502],
  ];
  for (const [cost, from, status] of calls) {
    await t.dataSource.query(
      `INSERT INTO access_logs (user_id, api_id, api_name, ip_address, access_url, user_agent, access_time, status_code, cost_milli, latency_ms, api_key_id, request_id, charged_from)
       VALUES (?, ?, 'Gateway API', '127.0.0.1', '/apis/x', 'jest', ?, ?, ?, 3, NULL, NULL, ?)`,
      [userId, apiId, time, status, cost, from],
    );
  }
  await t.dataSource.query('UPDATE users SET balance_milli = balance_milli + ? WHERE id = ?', [
    2000 - 300 - 21,
    userId,
  ]);
}

describeEachDb('monthly statements', (ctx) => {
  it('adds up a month, and the next month opens where it closed', async () => {
    const t = ctx.t;
    const api = await createGatewayApi(t, {
      is_paid: 1,
      price_per_call_milli: 7,
      title_en: 'Statement API',
    });
    const { user, apiKey } = await createUser(t);
    const client = t.client();
    await loginUser(t, client, user.username);
    const month = monthOf(Date.now(), t.env.SITE_TIME_ZONE);
    const last = monthBefore(month);
    await lastMonthHistory(
      t,
      user.id,
      api.id,
      new Date(monthBounds(last, 'UTC').from + 86_400_000),
    );

    const admin = await adminClient(t);
    const up = await admin.post(ADJUST, { user_id: user.id, amount: '1', reason: 'welcome' });
    expect(up.status).toBe(200);
    for (let i = 0; i < 3; i += 1) {
      const call = await t
        .client()
        .get(`/apis/${api.name_en}`, { headers: { 'x-api-key': apiKey } });
      expect(call.status).toBe(200);
    }
    const { balance } = await ledgerOf(t, user.id);
    expect(await ledgerOf(t, user.id)).toEqual({ balance, expected: balance });

    const before = await client.get(`${STATEMENT}?month=${last}`);
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({
      month: last,
      time_zone: 'UTC',
      running: false,
      first_month: month,
      opening_balance: '0.00',
      recharged: '2.00',
      adjusted: '-0.30',
      redeemed: '0.00',
      charged: '0.021',
      closing_balance: '1.679',
      calls: 3,
      free_calls: 1,
      lines: [
        {
          api_id: api.id,
          api_name: 'Gateway API',
          api_title_en: 'Statement API',
          calls: 3,
          free_calls: 1,
          charged: '0.021',
        },
      ],
    });

    // No month given: the running one, closing at today's balance.
    const now = await client.get(STATEMENT);
    expect(now.body.data).toMatchObject({
      month,
      running: true,
      opening_balance: '1.679',
      recharged: '0.00',
      adjusted: '1.00',
      charged: '0.021',
      closing_balance: formatBalance(balance),
      calls: 3,
      free_calls: 0,
    });
    expect(now.body.data.from).toBe(new Date(monthBounds(month, 'UTC').from).toISOString());
    expect(now.body.data.lines).toHaveLength(1);

    // The back office sees the very same statement.
    const seen = await admin.get(`${ADMIN_USER}?user_id=${user.id}&month=${last}`);
    expect(seen.body.data).toEqual(before.body.data);
  });

  it('dates a recharge by when it was credited, not when the order was first seen', async () => {
    const t = ctx.t;
    const { user } = await createUser(t);
    const longAgo = sqlTime(t.dataSource, new Date(Date.now() - 40 * 86_400_000));
    const outTradeNo = `pending-${user.id}`;
    await t.dataSource.query(
      `INSERT INTO recharge_records (user_id, out_trade_no, amount_milli, paid_amount, source, raw, state, reason, created_at, updated_at)
       VALUES (?, ?, 3000, '3', 'query', '{}', 'pending', 'not_paid', ?, ?)`,
      [user.id, outTradeNo, longAgo, longAgo],
    );
    const credited = await t.app.get<OrderLedger>(ORDER_LEDGER).credit(
      {
        out_trade_no: outTradeNo,
        user_id: user.id,
        amount_milli: 3000,
        paid_amount: '3',
        source: 'query',
        raw: '{}',
      },
      null,
    );
    expect(credited).toEqual({ outcome: 'credited', balance_milli: 3000 });
    const [{ updated_at }] = await t.dataSource.query<{ updated_at: Date | string }[]>(
      'SELECT updated_at FROM recharge_records WHERE out_trade_no = ?',
      [outTradeNo],
    );
    expect(Date.now() - rowTime(updated_at).getTime()).toBeLessThan(60_000);
    const client = t.client();
    await loginUser(t, client, user.username);
    const res = await client.get(STATEMENT);
    expect(res.body.data).toMatchObject({
      opening_balance: '0.00',
      recharged: '3.00',
      closing_balance: '3.00',
    });
  });

  it('exports the month as CSV in the reader’s language', async () => {
    const t = ctx.t;
    const api = await createGatewayApi(t, {
      is_paid: 1,
      price_per_call_milli: 7,
      name: '天气, 实时',
      title_en: 'Weather',
    });
    const { user, apiKey } = await createUser(t, { balance_milli: 0 });
    await lastMonthHistory(t, user.id, api.id, new Date());
    const call = await t.client().get(`/apis/${api.name_en}`, { headers: { 'x-api-key': apiKey } });
    expect(call.status).toBe(200);
    const client = t.client();
    await loginUser(t, client, user.username);
    const month = monthOf(Date.now(), t.env.SITE_TIME_ZONE);

    const en = await client.get(`${EXPORT}?month=${month}`);
    expect(en.status).toBe(200);
    expect(en.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(en.headers.get('content-disposition')).toBe(
      `attachment; filename="portico-statement-${month}.csv"`,
    );
    const lines = en.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.slice(0, 10)).toEqual([
      `Month,${month}`,
      'Time zone,UTC',
      'Opening balance,0.00',
      'Recharges,2.00',
      'Adjustments,-0.30',
      'Redeem codes,0.00',
      'Invite rewards,0.00',
      'Paid calls,0.028',
      'Plans bought,0.00',
      'Closing balance,1.672',
    ]);
    expect(lines[10]).toMatch(/^Month still running: closing balance as of,\d{4}-\d\d-\d\dT/);
    expect(lines.slice(11)).toEqual([
      '',
      'API id,API,Paid calls,Free calls,Charged',
      `${api.id},Weather,4,1,0.028`,
      '',
    ]);

    client.cookies.set('lang', 'zh');
    const zh = await client.get(`${EXPORT}?month=${month}`);
    const zhLines = zh.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(zhLines[0]).toBe(`月份,${month}`);
    expect(zhLines[9]).toBe('期末余额,1.672');
    expect(zhLines).toContain(`${api.id},"天气, 实时",4,1,0.028`);
  });

  it('refuses a month that has not started or is not a month, and strangers', async () => {
    const t = ctx.t;
    const { user } = await createUser(t);
    const client = t.client();
    await loginUser(t, client, user.username);
    const next = monthAfter(monthOf(Date.now(), t.env.SITE_TIME_ZONE));
    for (const path of [STATEMENT, EXPORT]) {
      const future = await client.get(`${path}?month=${next}`);
      expect([future.status, future.body.code, future.body.field]).toEqual([
        400,
        'statements.future_month',
        'month',
      ]);
      for (const bad of ['2026-13', '26-11', '1999-12', '2026-1']) {
        const res = await client.get(`${path}?month=${bad}`);
        expect([res.status, res.body.code, res.body.field]).toEqual([
          400,
          'request.validation',
          'month',
        ]);
      }
      expect((await t.client().get(path)).status).toBe(401);
    }
    const admin = await adminClient(t);
    const missing = await admin.get(`${ADMIN_USER}?user_id=2000000000`);
    expect([missing.status, missing.body.code]).toEqual([404, 'users.not_found']);
    expect((await client.get(`${ADMIN_SITE}`)).status).toBe(401);
  });

  it('adds every user up for the site’s month', async () => {
    const t = ctx.t;
    const api = await createGatewayApi(t, { is_paid: 1, price_per_call_milli: 5 });
    const { user, apiKey } = await createUser(t);
    const admin = await adminClient(t);
    await admin.post(ADJUST, { user_id: user.id, amount: '2', reason: 'site' });
    for (let i = 0; i < 2; i += 1) {
      await t.client().get(`/apis/${api.name_en}`, { headers: { 'x-api-key': apiKey } });
    }
    const res = await admin.get(ADMIN_SITE);
    expect(res.status).toBe(200);
    const site = res.body.data;
    const [{ total }] = await t.dataSource.query<{ total: string | number }[]>(
      'SELECT SUM(balance_milli) AS total FROM users',
    );
    expect(site.closing_balance).toBe(formatBalance(Number(total)));
    const milli = (yuan: string) => Math.round(Number(yuan) * 1000);
    expect(
      milli(site.opening_balance) +
        milli(site.recharged) +
        milli(site.adjusted) +
        milli(site.redeemed) -
        milli(site.charged),
    ).toBe(milli(site.closing_balance));
    expect(site.users).toBeGreaterThanOrEqual(1);
    expect(site.calls).toBeGreaterThanOrEqual(2);
  });
});
