import { UsageRecorder } from '../src/modules/gateway/usage-recorder';
import { adminClient, apiBody } from './factories/admin';
import { createGatewayApi, createKeyedUser, ledgerOf } from './factories/gateway';
import { createUser, loginUser } from './factories/users';
import { startUpstreamFake } from './fakes/upstream-fake';
import { describeEachDb, HAS_MYSQL, startTestApp, TestApp } from './harness';
import type { HttpClient } from './http-client';
import { rawGet } from './raw-get';
import { describeIf } from './requires';

const FAST = { RATE_LIMIT_PER_KEY: '1000000', RATE_LIMIT_PER_IP: '1000000' };

/** Free calls used by each user and what paid for each row, with the ledger's two sums. */
async function quotaBook(t: TestApp, userId: number, apiId: number) {
  await t.app.get(UsageRecorder).flush();
  const [use] = await t.dataSource.query<{ period: string; used: number | string }[]>(
    'SELECT period, used FROM free_quota_uses WHERE user_id = ? AND api_id = ?',
    [userId, apiId],
  );
  const rows = await t.dataSource.query<{ charged_from: string | null; n: number | string }[]>(
    'SELECT charged_from, COUNT(*) AS n FROM access_logs WHERE user_id = ? AND api_id = ? GROUP BY charged_from',
    [userId, apiId],
  );
  return {
    used: use ? Number(use.used) : 0,
    rows: Object.fromEntries(rows.map((row) => [row.charged_from ?? 'none', Number(row.n)])),
  };
}

const quotaHeaders = (res: { headers: Headers }) => ({
  from: res.headers.get('x-charged-from'),
  cost: res.headers.get('x-cost'),
  limit: res.headers.get('x-quota-limit'),
  remaining: res.headers.get('x-quota-remaining'),
});

describeEachDb(
  'free quotas',
  (ctx) => {
    let admin: HttpClient;
    beforeAll(async () => {
      admin = await adminClient(ctx.t);
    });

    it('lets the admin set a quota and shows it with the API', async () => {
      const created = await admin.post(
        '/api/admin/create_api.php',
        apiBody({ is_paid: 1, price_per_call: '0.005', free_quota_calls: 100 }),
      );
      expect(created.status).toBe(200);
      const id = created.body.data.id as number;
      const detail = await ctx.t.client().get('/api/get_api_detail.php', { query: { id } });
      expect(detail.body.data).toMatchObject({ free_quota_calls: 100, free_quota_period: 'day' });
      const updated = await admin.post('/api/admin/update_api.php', {
        ...apiBody({ is_paid: 1, price_per_call: '0.005' }),
        id,
        name_en: created.body.data.name_en,
        free_quota_calls: '20',
        free_quota_period: 'month',
      });
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({ free_quota_calls: 20, free_quota_period: 'month' });
      const list = await ctx.t.client().get('/api/get_api_list.php', { query: { per_page: 100 } });
      const listed = (list.body.data as { id: number }[]).find((api) => api.id === id);
      expect(listed).toMatchObject({ free_quota_calls: 20, free_quota_period: 'month' });
    });

    it.each([
      [{ free_quota_calls: -1 }, 'free_quota_calls', 'free calls must be a whole number'],
      [{ free_quota_calls: 1.5 }, 'free_quota_calls', 'free calls must be a whole number'],
      [{ free_quota_calls: 1_000_001 }, 'free_quota_calls', 'free calls must be a whole number'],
      [{ free_quota_period: 'week' }, 'free_quota_period', 'the free quota period must be day'],
    ])('refuses a quota of %j naming its field', async (bad, field, message) => {
      const res = await admin.post('/api/admin/create_api.php', apiBody(bad));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'request.validation', field });
      expect(res.body.message).toContain(message);
    });

    it('takes free calls first, says so in headers, then charges the balance', async () => {
      const api = await createGatewayApi(ctx.t, {
        is_paid: 1,
        price_per_call_milli: 5,
        free_quota_calls: 3,
      });
      const { user, apiKey } = await createKeyedUser(ctx.t, 100);
      const client = ctx.t.client();
      const call = () => client.get(`/apis/${api.name_en}`, { headers: { 'x-api-key': apiKey } });
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await call());
      expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
      expect(answers.map(quotaHeaders)).toEqual([
        { from: 'free', cost: '0.000', limit: '3', remaining: '2' },
        { from: 'free', cost: '0.000', limit: '3', remaining: '1' },
        { from: 'free', cost: '0.000', limit: '3', remaining: '0' },
        { from: 'balance', cost: '0.005', limit: '3', remaining: '0' },
        { from: 'balance', cost: '0.005', limit: '3', remaining: '0' },
      ]);
      const reset = Number(answers[0].headers.get('x-quota-reset'));
      expect(reset).toBeGreaterThan(0);
      expect(reset).toBeLessThanOrEqual(86_400);
      expect(answers[0].headers.get('x-balance')).toBeNull();
      expect(answers[3].headers.get('x-balance')).toBe('0.095');
      expect(answers[0].headers.get('access-control-expose-headers')).toContain(
        'X-Quota-Remaining',
      );
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 90, expected: 90 });
      expect(await quotaBook(ctx.t, user.id, api.id)).toEqual({
        used: 3,
        rows: { free: 3, balance: 2 },
      });
    });

    it('refuses a call past the quota with too little money, and says none is left', async () => {
      const api = await createGatewayApi(ctx.t, {
        is_paid: 1,
        price_per_call_milli: 5,
        free_quota_calls: 1,
      });
      const { user, apiKey } = await createKeyedUser(ctx.t, 0);
      const client = ctx.t.client();
      const call = () => client.get(`/apis/${api.name_en}`, { headers: { 'x-api-key': apiKey } });
      expect((await call()).status).toBe(200);
      const refused = await call();
      expect(refused.status).toBe(402);
      expect(refused.body.code).toBe('gateway.insufficient_balance');
      expect(refused.headers.get('x-quota-remaining')).toBe('0');
      expect(await quotaBook(ctx.t, user.id, api.id)).toEqual({ used: 1, rows: { free: 1 } });
    });

    it('gives a failed free call back to the quota, once', async () => {
      const upstream = await startUpstreamFake();
      try {
        const api = await createGatewayApi(ctx.t, {
          handler: null,
          upstream_url: `${upstream.url}/v1`,
          is_paid: 1,
          price_per_call_milli: 5,
          free_quota_calls: 2,
        });
        const { user, apiKey } = await createKeyedUser(ctx.t, 0);
        const client = ctx.t.client();
        const headers = { 'x-api-key': apiKey };
        const failed = await client.get(`/apis/${api.name_en}/fail`, { headers });
        expect(failed.status).toBe(502);
        expect(failed.headers.get('x-cost')).toBe('0.000');
        expect(failed.headers.get('x-charged-from')).toBeNull();
        // What is left once the call was given back, not what the charge left.
        expect(failed.headers.get('x-quota-remaining')).toBe('2');
        expect(await quotaBook(ctx.t, user.id, api.id)).toEqual({ used: 0, rows: { none: 1 } });
        const ok = await client.get(`/apis/${api.name_en}`, { headers });
        expect(quotaHeaders(ok)).toEqual({
          from: 'free',
          cost: '0.000',
          limit: '2',
          remaining: '1',
        });
        expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 0, expected: 0 });
      } finally {
        await upstream.close();
      }
    });

    it('starts a new period afresh, and never again for a clock that is behind', async () => {
      const api = await createGatewayApi(ctx.t, {
        is_paid: 1,
        price_per_call_milli: 5,
        free_quota_calls: 2,
      });
      const { user, apiKey } = await createKeyedUser(ctx.t, 100);
      const client = ctx.t.client();
      const call = () => client.get(`/apis/${api.name_en}`, { headers: { 'x-api-key': apiKey } });
      await ctx.t.dataSource.query(
        "INSERT INTO free_quota_uses (user_id, api_id, period, used) VALUES (?, ?, '2000-01-01', 2)",
        [user.id, api.id],
      );
      expect(quotaHeaders(await call())).toMatchObject({ from: 'free', remaining: '1' });
      // Another instance, its clock ahead, already counted two calls in tomorrow.
      await ctx.t.dataSource.query(
        "UPDATE free_quota_uses SET period = '9999-12-31', used = 2 WHERE user_id = ? AND api_id = ?",
        [user.id, api.id],
      );
      expect(quotaHeaders(await call())).toMatchObject({ from: 'balance', remaining: '0' });
      const [row] = await ctx.t.dataSource.query<{ period: string }[]>(
        'SELECT period FROM free_quota_uses WHERE user_id = ? AND api_id = ?',
        [user.id, api.id],
      );
      expect(row.period).toBe('9999-12-31');
    });

    it('holds a quota lowered while calls are made to the new limit', async () => {
      const api = await createGatewayApi(ctx.t, {
        is_paid: 1,
        price_per_call_milli: 5,
        free_quota_calls: 5,
      });
      const { user, apiKey } = await createKeyedUser(ctx.t, 100);
      const client = ctx.t.client();
      const call = () => client.get(`/apis/${api.name_en}`, { headers: { 'x-api-key': apiKey } });
      const first = await Promise.all([call(), call(), call()]);
      expect(first.map((res) => res.headers.get('x-charged-from'))).toEqual([
        'free',
        'free',
        'free',
      ]);
      await admin.post('/api/admin/update_api.php', {
        ...apiBody({ is_paid: 1, price_per_call: '0.005', handler: 'uuid', upstream_url: '' }),
        id: api.id,
        name_en: api.name_en,
        free_quota_calls: 2,
      });
      expect(quotaHeaders(await call())).toEqual({
        from: 'balance',
        cost: '0.005',
        limit: '2',
        remaining: '0',
      });
      expect(await quotaBook(ctx.t, user.id, api.id)).toEqual({
        used: 3,
        rows: { free: 3, balance: 1 },
      });
    });

    it('gives a disabled account nothing', async () => {
      const api = await createGatewayApi(ctx.t, {
        is_paid: 1,
        price_per_call_milli: 5,
        free_quota_calls: 5,
      });
      const { user, apiKey } = await createKeyedUser(ctx.t, 100);
      await ctx.t.dataSource.query('UPDATE users SET status = 0 WHERE id = ?', [user.id]);
      const res = await ctx.t
        .client()
        .get(`/apis/${api.name_en}`, { headers: { 'x-api-key': apiKey } });
      expect(res.status).toBe(401);
      expect(await quotaBook(ctx.t, user.id, api.id)).toEqual({ used: 0, rows: {} });
    });

    it('gives exactly the quota free under 2,000 concurrent calls, then what money allows', async () => {
      const api = await createGatewayApi(ctx.t, {
        is_paid: 1,
        price_per_call_milli: 3,
        free_quota_calls: 100,
      });
      const { user, apiKey } = await createKeyedUser(ctx.t, 300 * 3);
      const client = ctx.t.client();
      const answers = await Promise.all(
        Array.from({ length: 2000 }, () =>
          client
            .get(`/apis/${api.name_en}`, { headers: { 'x-api-key': apiKey } })
            .then((res) => ({ status: res.status, from: res.headers.get('x-charged-from') })),
        ),
      );
      expect(answers.filter((a) => a.status === 200 && a.from === 'free')).toHaveLength(100);
      expect(answers.filter((a) => a.status === 200 && a.from === 'balance')).toHaveLength(300);
      expect(answers.filter((a) => a.status === 402)).toHaveLength(1600);
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 0, expected: 0 });
      expect(await quotaBook(ctx.t, user.id, api.id)).toEqual({
        used: 100,
        rows: { free: 100, balance: 300 },
      });
    }, 120_000);

    it('lists the caller’s free quotas with what is left in the period', async () => {
      const daily = await createGatewayApi(ctx.t, {
        is_paid: 1,
        price_per_call_milli: 5,
        free_quota_calls: 3,
        title_en: 'Daily quota',
      });
      const monthly = await createGatewayApi(ctx.t, {
        is_paid: 1,
        price_per_call_milli: 5,
        free_quota_calls: 10,
        free_quota_period: 'month',
      });
      const disabled = await createGatewayApi(ctx.t, {
        is_paid: 1,
        status: 0,
        free_quota_calls: 10,
      });
      const { user, apiKey } = await createUser(ctx.t);
      const caller = ctx.t.client();
      for (let i = 0; i < 2; i++) {
        await caller.get(`/apis/${daily.name_en}`, { headers: { 'x-api-key': apiKey } });
      }
      // Another user's calls and an earlier period's count are not the caller's now.
      await ctx.t.dataSource.query(
        "INSERT INTO free_quota_uses (user_id, api_id, period, used) VALUES (?, ?, '2000-01', 10)",
        [user.id, monthly.id],
      );
      const client = ctx.t.client();
      await loginUser(ctx.t, client, user.username);
      const res = await client.get('/api/user/get_free_quotas.php');
      expect(res.status).toBe(200);
      const quotas = res.body.data.quotas as { api_id: number }[];
      expect(quotas.find((q) => q.api_id === disabled.id)).toBeUndefined();
      const day = new Date().toISOString().slice(0, 10);
      expect(quotas.find((q) => q.api_id === daily.id)).toEqual({
        api_id: daily.id,
        name: daily.name,
        name_en: daily.name_en,
        title_en: 'Daily quota',
        limit: 3,
        period: 'day',
        used: 2,
        remaining: 1,
        resets_at: new Date(Date.parse(day) + 86_400_000).toISOString(),
      });
      expect(quotas.find((q) => q.api_id === monthly.id)).toMatchObject({
        limit: 10,
        period: 'month',
        used: 0,
        remaining: 10,
      });
      expect((await ctx.t.client().get('/api/user/get_free_quotas.php')).status).toBe(401);
    });

    it('shows what paid in the call log and its CSV', async () => {
      const api = await createGatewayApi(ctx.t, {
        is_paid: 1,
        price_per_call_milli: 5,
        free_quota_calls: 1,
      });
      const { user, apiKey } = await createUser(ctx.t, { balance_milli: 50 });
      const caller = ctx.t.client();
      for (let i = 0; i < 2; i++) {
        await caller.get(`/apis/${api.name_en}`, { headers: { 'x-api-key': apiKey } });
      }
      const client = ctx.t.client();
      await loginUser(ctx.t, client, user.username);
      const log = await client.get('/api/user/get_user_access_logs.php', {
        query: { api_id: api.id },
      });
      expect(
        (log.body.data.logs as { charged_from: string; cost: string; charge: string }[]).map(
          ({ charged_from, cost, charge }) => ({ charged_from, cost, charge }),
        ),
      ).toEqual([
        { charged_from: 'balance', cost: '0.005', charge: 'charged' },
        { charged_from: 'free', cost: '0.000', charge: 'free' },
      ]);
      const csv = await rawGet(client, `/api/user/export_access_logs.php?api_id=${api.id}`);
      const lines = Buffer.from(await csv.arrayBuffer())
        .subarray(3)
        .toString('utf8')
        .split('\r\n');
      // charged_from, then the API's name in the reader's language (api_title) last.
      expect(lines[0].endsWith(',request_id,charged_from,api_title')).toBe(true);
      expect(lines[1].split(',').slice(-2)).toEqual(['free', api.title_en || api.name]);
      expect(lines[2].split(',').slice(-2)).toEqual(['balance', api.title_en || api.name]);
    });
  },
  FAST,
);

const describeMysql = describeIf(HAS_MYSQL, 'TEST_MYSQL_URL');

describeMysql('free quotas across two instances on one MySQL database', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp('mysql', FAST);
    b = await startTestApp('mysql', { ...FAST, DATABASE_URL: a.env.DATABASE_URL });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('gives exactly the quota free when both instances take calls', async () => {
    const api = await createGatewayApi(a, {
      is_paid: 1,
      price_per_call_milli: 2,
      free_quota_calls: 250,
    });
    const { user, apiKey } = await createKeyedUser(a, 150 * 2);
    const clients = [a.client(), b.client()];
    const answers = await Promise.all(
      Array.from({ length: 1200 }, (_, i) =>
        clients[i % 2]
          .get(`/apis/${api.name_en}`, { headers: { 'x-api-key': apiKey } })
          .then((res) => ({ status: res.status, from: res.headers.get('x-charged-from') })),
      ),
    );
    expect(answers.filter((x) => x.status === 200 && x.from === 'free')).toHaveLength(250);
    expect(answers.filter((x) => x.status === 200 && x.from === 'balance')).toHaveLength(150);
    expect(answers.filter((x) => x.status === 402)).toHaveLength(800);
    await b.app.get(UsageRecorder).flush();
    expect(await ledgerOf(a, user.id)).toEqual({ balance: 0, expected: 0 });
    expect(await quotaBook(a, user.id, api.id)).toEqual({
      used: 250,
      rows: { free: 250, balance: 150 },
    });
  }, 120_000);
});
