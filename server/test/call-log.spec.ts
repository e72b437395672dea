import { randomBytes } from 'node:crypto';
import { AccessLog, ApiKey, User } from '../src/database/entities';
import { EXPORT_CHUNK, EXPORTS_PER_USER } from '../src/modules/usage/call-log.service';
import { USAGE_CACHE_MIN_ROWS } from '../src/modules/usage/usage.service';
import { dayBounds, dayOf as siteDay } from '../src/common/quota-period';
import { rollUp } from '../src/modules/ledger';
import { RollupJob } from '../src/modules/statements/rollup-job';
import { createApi } from './factories/catalogue';
import { chargeWritten } from './factories/ledger';
import { createUser, loginUser } from './factories/users';
import { describeEachDb, TestApp } from './harness';
import type { HttpClient } from './http-client';
import { rawGet } from './raw-get';

const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type LogRow = Partial<AccessLog> & { user_id: number; access_time: Date };

/** Call rows written by hand; charged as the ledger would have unless `charge` is false. */
async function insertLogs(t: TestApp, rows: LogRow[], charge = true): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await t.dataSource
      .createQueryBuilder()
      .insert()
      .into(AccessLog)
      .values(
        rows.slice(i, i + 500).map((row) => ({
          api_id: null,
          api_name: 'test api',
          ip_address: '203.0.113.9',
          access_url: '/apis/test',
          user_agent: 'jest',
          status_code: 200,
          cost_milli: 0,
          latency_ms: 12,
          api_key_id: null,
          request_id: null,
          ...row,
        })),
      )
      .execute();
  }
  if (charge) await chargeWritten(t.dataSource, rows);
}

async function keyOf(t: TestApp, userId: number, name: string): Promise<ApiKey> {
  const repo = t.dataSource.getRepository(ApiKey);
  return repo.save(
    repo.create({
      user_id: userId,
      name,
      is_default: 0,
      key_hash: randomBytes(32).toString('hex'),
      key_hint: 'pk_abc…wxyz',
    }),
  );
}

async function signedIn(t: TestApp) {
  const { user } = await createUser(t, { balance_milli: 10_000 });
  const client = t.client();
  await loginUser(t, client, user.username);
  return { user, client };
}

describeEachDb('call log: columns and filters', (ctx) => {
  let client: HttpClient;
  let paid: { id: number };
  let free: { id: number };
  let key: ApiKey;
  const now = Date.now();

  beforeAll(async () => {
    const t = ctx.t;
    const me = await signedIn(t);
    client = me.client;
    paid = await createApi(t.dataSource, {
      name: 'Paid one',
      title_en: 'Paid one in English',
      is_paid: 1,
      price_per_call_milli: 5,
    });
    free = await createApi(t.dataSource, { name: 'Free one' });
    key = await keyOf(t, me.user.id, 'ci-bot');
    const other = await createUser(t);
    await insertLogs(t, [
      // charged, with a named key, today
      {
        user_id: me.user.id,
        api_id: paid.id,
        api_name: 'Paid one',
        cost_milli: 5,
        api_key_id: key.id,
        request_id: 'req-1',
        access_time: new Date(now - 1000),
      },
      // refunded: a paid API's row with no cost and the upstream's 502
      {
        user_id: me.user.id,
        api_id: paid.id,
        api_name: 'Paid one',
        cost_milli: 0,
        status_code: 502,
        latency_ms: 3000,
        access_time: new Date(now - 2000),
      },
      // free, three days ago
      {
        user_id: me.user.id,
        api_id: free.id,
        api_name: 'Free one',
        status_code: 404,
        access_time: new Date(now - 3 * DAY),
      },
      // refunded too: a paid call its handler refused (400) is charged, then given back
      {
        user_id: me.user.id,
        api_id: paid.id,
        api_name: 'Paid one',
        cost_milli: 0,
        status_code: 400,
        access_time: new Date(now - 4 * DAY),
      },
      // someone else's
      {
        user_id: other.user.id,
        api_id: paid.id,
        api_name: 'Paid one',
        cost_milli: 5,
        access_time: new Date(now),
      },
    ]);
  });

  it("keeps SPEC's keys and adds cost, charge, status, latency and the key's name", async () => {
    const res = await client.get('/api/user/get_user_access_logs.php', {
      query: { page: 1, per_page: 20 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 4, total_pages: 1, current_page: 1 });
    const [charged, refunded, freeRow, refused] = res.body.data.logs;
    for (const row of res.body.data.logs) {
      expect(Object.keys(row)).toEqual(
        expect.arrayContaining([
          'id',
          'api_name',
          'ip_address',
          'access_url',
          'user_agent',
          'access_time',
        ]),
      );
    }
    expect(charged).toMatchObject({
      api_name: 'Paid one',
      // The English site's title, read from the API (the row keeps the name it was called by).
      api_title_en: 'Paid one in English',
      cost: '0.005',
      charge: 'charged',
      status_code: 200,
      latency_ms: 12,
      key_id: key.id,
      key_name: 'ci-bot',
      request_id: 'req-1',
    });
    expect(refunded).toMatchObject({
      cost: '0.000',
      charge: 'refunded',
      status_code: 502,
      latency_ms: 3000,
      key_name: null,
    });
    expect(freeRow).toMatchObject({
      cost: '0.000',
      charge: 'free',
      status_code: 404,
      api_title_en: '',
    });
    expect(refused).toMatchObject({ cost: '0.000', charge: 'refunded', status_code: 400 });
  });

  it.each([
    [{ api_id: 'paid' }, ['charged', 'refunded', 'refunded']],
    [{ key_id: 'key' }, ['charged']],
    [{ status: 'success' }, ['charged']],
    [{ status: 'error' }, ['refunded', 'free', 'refunded']],
    [{ status: 'refunded' }, ['refunded', 'refunded']],
    [{ from: 'past', to: 'past' }, ['free']],
    [{ from: 'today' }, ['charged', 'refunded']],
  ])('filters by %j', async (filter, charges) => {
    const query: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(filter)) {
      query[name] =
        value === 'paid'
          ? paid.id
          : value === 'key'
            ? key.id
            : value === 'past'
              ? dayOf(now - 3 * DAY)
              : value === 'today'
                ? dayOf(now)
                : value;
    }
    const res = await client.get('/api/user/get_user_access_logs.php', { query });
    expect(res.status).toBe(200);
    expect(res.body.data.logs.map((l: { charge: string }) => l.charge)).toEqual(charges);
    expect(res.body.data.total).toBe(charges.length);
  });

  it.each([
    [{ api_id: 'x' }, 'api_id'],
    [{ key_id: '-1' }, 'key_id'],
    [{ status: 'ok' }, 'status'],
    [{ from: '2026-13-01' }, 'from'],
    [{ to: 'yesterday' }, 'to'],
    [{ from: '2026-11-05', to: '2026-11-01' }, 'from'],
  ])('refuses %j with a 400 envelope naming the field', async (query, field) => {
    for (const path of ['/api/user/get_user_access_logs.php', '/api/user/export_access_logs.php']) {
      const res = await client.get(path, { query });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'request.validation', field });
    }
  });

  it('offers the APIs and only the caller’s keys as filter choices', async () => {
    const res = await client.get('/api/user/get_access_log_options.php');
    expect(res.status).toBe(200);
    expect(res.body.data.apis).toEqual(
      expect.arrayContaining([
        { id: paid.id, name: 'Paid one', title_en: 'Paid one in English' },
        { id: free.id, name: 'Free one', title_en: '' },
      ]),
    );
    expect(res.body.data.keys).toEqual(
      expect.arrayContaining([{ id: key.id, name: 'ci-bot', is_default: false }]),
    );
    expect(res.body.data.keys.every((k: { id: number }) => typeof k.id === 'number')).toBe(true);
  });

  it('offers only enabled APIs, and disabled ones only when they are in the caller’s log', async () => {
    const t = ctx.t;
    const me = await signedIn(t);
    const other = await createUser(t);
    const called = await createApi(t.dataSource, { name: 'Retired, called', status: 0 });
    const uncalled = await createApi(t.dataSource, { name: 'Retired, never called', status: 0 });
    await insertLogs(t, [
      { user_id: me.user.id, api_id: called.id, access_time: new Date(now - DAY) },
      { user_id: other.user.id, api_id: uncalled.id, access_time: new Date(now - DAY) },
    ]);
    const res = await me.client.get('/api/user/get_access_log_options.php');
    expect(res.status).toBe(200);
    const ids = res.body.data.apis.map((api: { id: number }) => api.id);
    expect(ids).toEqual(expect.arrayContaining([paid.id, free.id, called.id]));
    expect(ids).not.toContain(uncalled.id);
  });

  it('needs a user session', async () => {
    for (const path of [
      '/api/user/get_user_access_logs.php',
      '/api/user/export_access_logs.php',
      '/api/user/get_access_log_options.php',
      '/api/user/get_usage.php',
    ]) {
      const res = await ctx.t.client().get(path);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('auth.unauthenticated');
    }
  });
});

describeEachDb('call log: CSV export', (ctx) => {
  it('is UTF-8 with a BOM, named by its days, quoted, and defuses formulas', async () => {
    const t = ctx.t;
    const { user, client } = await signedIn(t);
    const key = await keyOf(t, user.id, '=cmd|calc');
    await insertLogs(t, [
      {
        user_id: user.id,
        api_name: '天气, "today"',
        user_agent: '+SUM(A1)',
        access_url: '-2+3',
        api_key_id: key.id,
        access_time: new Date('2026-03-02T10:00:00Z'),
      },
      { user_id: user.id, api_name: '@mention', access_time: new Date('2026-03-01T23:59:59Z') },
      { user_id: user.id, api_name: 'outside', access_time: new Date('2026-03-03T00:00:00Z') },
    ]);
    const res = await rawGet(
      client,
      '/api/user/export_access_logs.php?from=2026-03-01&to=2026-03-02',
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="portico-calls-2026-03-01_2026-03-02.csv"',
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      'id,access_time,api_name,key_name,status_code,charge,cost,latency_ms,ip_address,access_url,user_agent,request_id,charged_from,api_title',
    );
    expect(lines).toHaveLength(4); // header, two rows, and the empty string after the last CRLF
    expect(lines[1]).toContain(",'@mention,,200,free,0.000,12,");
    expect(lines[2]).toContain(
      `,"天气, ""today""",'=cmd|calc,200,free,0.000,12,203.0.113.9,'-2+3,'+SUM(A1),`,
    );
  });
});

describeEachDb('call log: CSV export languages', (ctx) => {
  it("adds each API's name in the reader's language as api_title, keeping api_name", async () => {
    const t = ctx.t;
    const { user, client } = await signedIn(t);
    const api = await createApi(t.dataSource, { name: '天气查询', title_en: 'Weather' });
    await insertLogs(t, [
      {
        user_id: user.id,
        api_id: api.id,
        api_name: '天气查询',
        access_time: new Date('2026-04-01T10:00:00Z'),
      },
      { user_id: user.id, api_name: '旧接口', access_time: new Date('2026-04-01T11:00:00Z') },
    ]);
    const exported = async (lang: string) => {
      client.cookies.set('lang', lang);
      const res = await rawGet(
        client,
        '/api/user/export_access_logs.php?from=2026-04-01&to=2026-04-01',
      );
      const lines = Buffer.from(await res.arrayBuffer())
        .subarray(3)
        .toString('utf8')
        .split('\r\n');
      return lines.slice(1, 3).map((line) => [line.split(',')[2], line.split(',').at(-1)]);
    };
    // English: the English title where there is one, else the name the log keeps.
    expect(await exported('en')).toEqual([
      ['天气查询', 'Weather'],
      ['旧接口', '旧接口'],
    ]);
    expect(await exported('zh')).toEqual([
      ['天气查询', '天气查询'],
      ['旧接口', '旧接口'],
    ]);
  });
});

describeEachDb('call log: exports at once', (ctx) => {
  it(`streams ${EXPORTS_PER_USER} exports per user at a time, and frees a slot when one is cut off`, async () => {
    const t = ctx.t;
    const { user, client } = await signedIn(t);
    const start = Date.parse('2026-01-01T00:00:00Z');
    // ~12 MB of CSV: far more than the socket buffers hold, so an unread export stays open.
    await insertLogs(
      t,
      Array.from({ length: 20_000 }, (_, i) => ({
        user_id: user.id,
        user_agent: `agent ${'x'.repeat(450)}`,
        access_time: new Date(start + i * 1000),
      })),
    );
    const path = '/api/user/export_access_logs.php';
    const open: Response[] = [];
    for (let i = 0; i < EXPORTS_PER_USER; i += 1) {
      const res = await rawGet(client, path);
      expect(res.status).toBe(200);
      open.push(res);
    }
    const refused = await rawGet(client, path);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('10');
    expect(await refused.json()).toMatchObject({ success: false, code: 'request.rate_limited' });

    // Another user is not held up by this one's exports.
    const someoneElse = await signedIn(t);
    // ...and an export read to its end gives its slot back.
    for (let i = 0; i <= EXPORTS_PER_USER; i += 1) {
      const theirs = await rawGet(someoneElse.client, path);
      expect(theirs.status).toBe(200);
      await theirs.arrayBuffer();
    }

    await open.pop()!.body!.cancel();
    let again: Response | undefined;
    for (let tries = 0; tries < 50 && again?.status !== 200; tries += 1) {
      if (again) await again.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 20));
      again = await rawGet(client, path);
    }
    expect(again!.status).toBe(200);
    // Read to their ends rather than cancelled: a cancelled fetch leaves its connection open and
    // in a request as the server sees it, and closing the app would wait for it (about 70 s, the
    // keep-alive timeout).
    await again!.arrayBuffer();
    for (const res of open) await res.arrayBuffer();
  });
});

describeEachDb(
  'usage on the dashboard',
  (ctx) => {
    it("counts calls and spend per day on the site's clock (UTC here) for 30 days, the top APIs and the calls left", async () => {
      const t = ctx.t;
      const { user, client } = await signedIn(t); // balance 10.000
      const today = Date.parse(new Date().toISOString().slice(0, 10));
      // A has an English title, B none, and C's API is gone: the English site shows the title.
      const a = await createApi(t.dataSource, { name: 'A', title_en: 'A in English' });
      const b = await createApi(t.dataSource, { name: 'B' });
      const gone = 2_000_000_000;
      await insertLogs(
        t,
        [
          // today: 2 charged calls at 0.005 and 0.015, one free call
          {
            user_id: user.id,
            api_id: a.id,
            api_name: 'A',
            cost_milli: 5,
            access_time: new Date(today + 1000),
          },
          {
            user_id: user.id,
            api_id: b.id,
            api_name: 'B',
            cost_milli: 15,
            access_time: new Date(today + 2000),
          },
          {
            user_id: user.id,
            api_id: a.id,
            api_name: 'A',
            cost_milli: 0,
            access_time: new Date(today + 3000),
          },
          // the last second of yesterday (UTC) belongs to yesterday
          {
            user_id: user.id,
            api_id: a.id,
            api_name: 'A',
            cost_milli: 0,
            access_time: new Date(today - 1000),
          },
          // 29 days ago is the first day of the window; 30 days ago is outside it
          {
            user_id: user.id,
            api_id: gone,
            api_name: 'C',
            cost_milli: 0,
            access_time: new Date(today - 29 * DAY),
          },
          {
            user_id: user.id,
            api_id: gone,
            api_name: 'C',
            cost_milli: 1000,
            access_time: new Date(today - 30 * DAY),
          },
        ],
        false,
      );
      const res = await client.get('/api/user/get_usage.php');
      expect(res.status).toBe(200);
      const data = res.body.data;
      expect(data.days).toHaveLength(30);
      expect(data.days[0]).toEqual({ date: dayOf(today - 29 * DAY), calls: 1, spend: '0.000' });
      expect(data.days[28]).toEqual({ date: dayOf(today - DAY), calls: 1, spend: '0.000' });
      expect(data.days[29]).toEqual({ date: dayOf(today), calls: 3, spend: '0.020' });
      expect(data.top_apis).toEqual([
        { api_id: a.id, name: 'A', title_en: 'A in English', calls: 3, spend: '0.005' },
        { api_id: b.id, name: 'B', title_en: '', calls: 1, spend: '0.015' },
        { api_id: gone, name: 'C', title_en: '', calls: 1, spend: '0.000' },
      ]);
      // usual price: 20 milli-yuan over 2 charged calls = 0.010; 10.000 yuan pays for 1000 of them
      expect(data).toMatchObject({ balance: '10.00', usual_price: '0.010', calls_left: 1000 });
    });

    it('counts a big log at most once a minute, a small one every time, and shows the current balance', async () => {
      const t = ctx.t;
      const { user, client } = await signedIn(t); // balance 10.000
      const today = Date.parse(new Date().toISOString().slice(0, 10));
      const charged = { user_id: user.id, api_id: 1, api_name: 'A', cost_milli: 10 };
      const calls = (n: number, from: number) =>
        Array.from({ length: n }, (_, i) => ({
          ...charged,
          access_time: new Date(today - (from + i) * 1000),
        }));
      await insertLogs(t, calls(USAGE_CACHE_MIN_ROWS - 1, 1), false);
      const small = await client.get('/api/user/get_usage.php');
      expect(small.body.data.days[29].calls + small.body.data.days[28].calls).toBe(
        USAGE_CACHE_MIN_ROWS - 1,
      );

      await insertLogs(t, calls(1, USAGE_CACHE_MIN_ROWS), false);
      const first = await client.get('/api/user/get_usage.php');
      const counted = first.body.data.days[29].calls + first.body.data.days[28].calls;
      expect(counted).toBe(USAGE_CACHE_MIN_ROWS);

      await insertLogs(t, calls(1, USAGE_CACHE_MIN_ROWS + 1), false);
      await t.dataSource.getRepository(User).update(user.id, { balance_milli: 5_000 });
      const second = await client.get('/api/user/get_usage.php');
      expect(second.body.data.days).toEqual(first.body.data.days);
      expect(second.body.data.top_apis).toEqual(first.body.data.top_apis);
      expect(second.body.data).toMatchObject({
        balance: '5.00',
        usual_price: '0.010',
        calls_left: 500,
      });
    });

    it('has no estimate without a charged call', async () => {
      const { client } = await signedIn(ctx.t);
      const res = await client.get('/api/user/get_usage.php');
      expect(res.body.data).toMatchObject({ usual_price: null, calls_left: null, top_apis: [] });
      expect(res.body.data.days.every((d: { calls: number }) => d.calls === 0)).toBe(true);
    });
  },
  {},
  "sets the balance the dashboard's estimate divides by hand, beside call rows written by hand",
);

describeEachDb(
  "usage on the site's clock",
  (ctx) => {
    it("counts each call on its day in the site's time zone, rolled up or not", async () => {
      const t = ctx.t;
      // The instance's own job stays out of the way: the test rolls up itself.
      t.app.get(RollupJob).onApplicationShutdown();
      const zone = t.env.SITE_TIME_ZONE;
      const { user, client } = await signedIn(t);
      const now = Date.now();
      const today = siteDay(now, zone);
      const start = dayBounds(today, zone).from;
      const yesterday = siteDay(start - 1, zone);
      const before = siteDay(dayBounds(yesterday, zone).from - 1, zone);
      const api = await createApi(t.dataSource, { name: 'Zone' });
      const call = (at: number, cost: number) => ({
        user_id: user.id,
        api_id: api.id,
        api_name: 'Zone',
        cost_milli: cost,
        access_time: new Date(at),
      });
      // A second into the site's day is still the day before in UTC (Shanghai is UTC+8).
      await insertLogs(t, [
        call(start + 1000, 5),
        call(start - 1000, 0),
        call(start - 2000, 5),
        call(dayBounds(yesterday, zone).from - 1000, 0),
      ]);
      const usage = async () => (await client.get('/api/user/get_usage.php')).body.data;
      const raw = await usage();
      expect(raw.days.slice(-3)).toEqual([
        { date: before, calls: 1, spend: '0.000' },
        { date: yesterday, calls: 2, spend: '0.005' },
        { date: today, calls: 1, spend: '0.005' },
      ]);
      while ((await rollUp(t.dataSource, zone, now)) > 0);
      expect(await usage()).toEqual(raw);
    });

    it("filters the call log and its export by days on the site's clock", async () => {
      const t = ctx.t;
      const zone = t.env.SITE_TIME_ZONE;
      const { user, client } = await signedIn(t);
      const today = siteDay(Date.now(), zone);
      const start = dayBounds(today, zone).from;
      const yesterday = siteDay(start - 1, zone);
      await insertLogs(t, [
        { user_id: user.id, api_name: 'first-second', access_time: new Date(start + 1000) },
        { user_id: user.id, api_name: 'last-second', access_time: new Date(start - 1000) },
      ]);
      const names = async (day: string) =>
        (
          await client.get('/api/user/get_user_access_logs.php', {
            query: { from: day, to: day },
          })
        ).body.data.logs.map((log: { api_name: string }) => log.api_name);
      expect(await names(today)).toEqual(['first-second']);
      expect(await names(yesterday)).toEqual(['last-second']);
      const csv = await client.get('/api/user/export_access_logs.php', {
        query: { from: yesterday, to: yesterday },
      });
      expect(csv.text).toContain('last-second');
      expect(csv.text).not.toContain('first-second');
    });
  },
  { SITE_TIME_ZONE: 'Asia/Shanghai' },
);

describeEachDb('call log: pages by position', (ctx) => {
  it('reads the next page from where the last one ended, whatever came in meanwhile', async () => {
    const t = ctx.t;
    const { user, client } = await signedIn(t);
    const now = Date.now();
    // 45 calls a second apart, but the 20th and 21st in the same second, across the end of page 1
    // (their ids break the tie).
    await insertLogs(
      t,
      Array.from({ length: 45 }, (_, i) => ({
        user_id: user.id,
        api_name: `call ${i}`,
        access_time: new Date(now - 60_000 - (i === 20 ? 19 : i) * 1000),
      })),
    );
    if (ctx.db === 'sqlite') {
      // SQLite holds times as text, and rows written by other paths may carry no fraction of a
      // second: a position must compare with the text as held.
      await t.dataSource.query(
        'UPDATE access_logs SET access_time = substr(access_time, 1, 19) WHERE user_id = ?',
        [user.id],
      );
    }
    const get = async (query: string) =>
      (await client.get(`/api/user/get_user_access_logs.php?${query}`)).body.data as {
        logs: { id: number }[];
        next_before: string | null;
        current_page: number;
        total: number;
      };
    const ids = (page: { logs: { id: number }[] }) => page.logs.map((log) => log.id);
    const first = await get('page=1');
    expect(first.next_before).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?_\d+$/);
    const second = await get(`page=2&before=${first.next_before}`);
    expect(ids(second)).toEqual(ids(await get('page=2')));
    expect(second).toMatchObject({ current_page: 2, total: 45 });
    const third = await get(`page=3&before=${second.next_before}`);
    expect(ids(third)).toEqual(ids(await get('page=3')));
    expect(third.logs).toHaveLength(5);
    // A part page is the last: there is no position after it.
    expect(third.next_before).toBeNull();
    expect(new Set([...ids(first), ...ids(second), ...ids(third)]).size).toBe(45);

    // New calls push the numbered pages on; the position stays where it was.
    await insertLogs(
      t,
      Array.from({ length: 3 }, () => ({ user_id: user.id, access_time: new Date() })),
    );
    expect(ids(await get(`page=2&before=${first.next_before}`))).toEqual(ids(second));
    expect(ids(await get('page=2'))).not.toEqual(ids(second));
  });

  it('exports every call once, in order, when more calls than a chunk share one time', async () => {
    const t = ctx.t;
    const { user, client } = await signedIn(t);
    // A chunk and a half of calls in one second (MySQL keeps whole seconds), between 300 before
    // and 700 after: the chunks end inside the tie, and at its last row.
    const tie = new Date('2026-05-10T08:00:00Z');
    const at = (i: number) =>
      i < 300
        ? new Date(tie.getTime() - (300 - i) * 1000)
        : i < 300 + EXPORT_CHUNK * 1.5
          ? tie
          : new Date(tie.getTime() + (i - 300 - EXPORT_CHUNK * 1.5 + 1) * 1000);
    const count = 300 + EXPORT_CHUNK * 1.5 + 700;
    // Inserted newest first, so ids do not follow times.
    await insertLogs(
      t,
      Array.from({ length: count }, (_, i) => ({
        user_id: user.id,
        api_name: `call ${count - 1 - i}`,
        access_time: at(count - 1 - i),
      })),
    );
    const res = await rawGet(
      client,
      '/api/user/export_access_logs.php?from=2026-05-10&to=2026-05-10',
    );
    const rows = Buffer.from(await res.arrayBuffer())
      .subarray(3)
      .toString('utf8')
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(','))
      .map(([id, time, name]) => ({ id: Number(id), time, n: Number(name.slice(5)) }));
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((row) => row.id)).size).toBe(count);
    for (const [i, row] of rows.entries()) {
      expect(row.time).toBe(at(row.n).toISOString());
      if (i > 0) {
        const previous = rows[i - 1];
        const order = row.time === previous.time ? row.id > previous.id : row.time > previous.time;
        expect([i, order]).toEqual([i, true]);
      }
    }
  });

  it.each(['x', '12_', '_12', '1795000000000_41', '2026-12-03 07:00:00_41', '2026-12-03T07:00_41'])(
    'refuses the position %p, naming it',
    async (before) => {
      const { client } = await signedIn(ctx.t);
      const res = await client.get('/api/user/get_user_access_logs.php', { query: { before } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'request.validation',
        field: 'before',
        message: 'before is not a position in the call log',
      });
    },
  );
});
