import { setTimeout as sleep } from 'node:timers/promises';
import { sqliteTime } from '../src/database/sql-time';
import { UsageRecorder } from '../src/modules/gateway/usage-recorder';
import { CreditExpiry } from '../src/modules/plans/credit-expiry';
import { CREDIT_BOOK, checkCredit } from '../src/modules/ledger';
import type { CreditBook } from '../src/modules/ledger';
import { adminClient } from './factories/admin';
import { createGatewayApi, createKeyedUser, ledgerOf } from './factories/gateway';
import { createUser, loginUser } from './factories/users';
import { startUpstreamFake } from './fakes/upstream-fake';
import { describeEachDb, TestApp } from './harness';
import type { HttpClient } from './http-client';

/** A user's credit, its soonest expiry, and the credit their calls' rows say they spent. */
async function creditBook(t: TestApp, userId: number) {
  await t.app.get(UsageRecorder).flush();
  const [user] = await t.dataSource.query<{ credit: string | number; until: unknown }[]>(
    'SELECT credit_milli AS credit, credit_until AS until FROM users WHERE id = ?',
    [userId],
  );
  const rows = await t.dataSource.query<{ charged_from: string | null; n: string | number }[]>(
    'SELECT charged_from, COUNT(*) AS n FROM access_logs WHERE user_id = ? GROUP BY charged_from',
    [userId],
  );
  return {
    credit: Number(user.credit),
    rows: Object.fromEntries(rows.map((row) => [row.charged_from ?? 'none', Number(row.n)])),
  };
}

/** A whole second `s` from now (DATETIME keeps whole seconds), as ISO 8601. */
const inSeconds = (s: number) =>
  new Date(Math.ceil((Date.now() + s * 1000) / 1000) * 1000).toISOString();

const FAST = { RATE_LIMIT_PER_KEY: '1000000', RATE_LIMIT_PER_IP: '1000000' };

describeEachDb(
  'credit grants',
  (ctx) => {
    let admin: HttpClient;
    let upstream: Awaited<ReturnType<typeof startUpstreamFake>>;
    /** A time as the database compares access_time with it. */
    const at = (date: Date) => (ctx.db === 'sqlite' ? sqliteTime(date) : date);
    beforeAll(async () => {
      admin = await adminClient(ctx.t);
      // The tests close grants themselves, at the moments they choose: the job's timer stops.
      ctx.t.app.get(CreditExpiry).onApplicationShutdown();
      upstream = await startUpstreamFake();
    });
    afterAll(() => upstream?.close());

    /** A paid API behind the fake upstream, whose `/fail` and `/slow-fail` answer 500. */
    const upstreamApi = (price: number) =>
      createGatewayApi(ctx.t, {
        handler: null,
        upstream_url: `${upstream.url}/v1`,
        is_paid: 1,
        price_per_call_milli: price,
      });

    /** Grants credit through the book, as the admin's call does, without an audit row. */
    const grant = (userId: number, amountMilli: number, expiresAt: Date) =>
      ctx.t.app.get<CreditBook>(CREDIT_BOOK).grant({
        userId,
        amountMilli,
        expiresAt,
        reason: 'promotion',
        note: '',
        adminId: null,
      });

    it('lets the admin grant credit, audited, and shows the user what is left and when it ends', async () => {
      const { user } = await createUser(ctx.t);
      const expires = inSeconds(7 * 86_400);
      const res = await admin.post('/api/admin/grant_credit.php', {
        user_id: user.id,
        amount: '2.5',
        expires_at: expires,
        reason: 'promotion',
        note: 'launch week',
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ grant_id: expect.any(Number), credit: '2.50' });
      const audit = await admin.get('/api/admin/get_audit_log.php', {
        query: { action: 'grant_credit' },
      });
      expect(audit.body.data.entries[0]).toMatchObject({
        action: 'grant_credit',
        target_type: 'user',
        target_id: user.id,
        before: { credit: '0.00' },
        after: { credit: '2.50', amount: '2.50', reason: 'promotion', note: 'launch week' },
      });
      const client = ctx.t.client();
      await loginUser(ctx.t, client, user.username);
      const mine = await client.get('/api/user/get_credit.php');
      expect(mine.status).toBe(200);
      expect(mine.body.data).toEqual({
        credit: '2.50',
        credit_until: expires,
        grants: [
          {
            id: res.body.data.grant_id,
            amount: '2.50',
            left: '2.50',
            expired: '0.00',
            reason: 'promotion',
            note: 'launch week',
            expires_at: expires,
            created_at: expect.any(String),
            closed_at: null,
          },
        ],
      });
    });

    it('shows each grant as it stands now: spending put soonest-expiring first, an expiry passed', async () => {
      const api = await createGatewayApi(ctx.t, { is_paid: 1, price_per_call_milli: 5 });
      const { user, apiKey } = await createUser(ctx.t);
      const soon = new Date(Math.ceil((Date.now() + 2500) / 1000) * 1000);
      expect((await grant(user.id, 10, new Date(Date.now() + 7_200_000))).ok).toBe(true);
      expect((await grant(user.id, 8, soon)).ok).toBe(true);
      const client = ctx.t.client();
      for (let i = 0; i < 3; i++) {
        const res = await client.get(`/apis/${api.name_en}`, { headers: { 'x-api-key': apiKey } });
        expect(res.headers.get('x-charged-from')).toBe('credit');
      }
      const reader = ctx.t.client();
      await loginUser(ctx.t, reader, user.username);
      const shown = async () =>
        (
          (await reader.get('/api/user/get_credit.php')).body.data.grants as Record<
            string,
            unknown
          >[]
        ).map((g) => [g.amount, g.left, g.expired, g.closed_at !== null]);
      // 15 spent: the 8 expiring first, then 7 of the 10.
      expect(await shown()).toEqual([
        ['0.008', '0.00', '0.00', false],
        ['0.01', '0.003', '0.00', false],
      ]);
      await sleep(soon.getTime() + 200 - Date.now());
      // Past its expiry, before the job closes it: shown as closed, with nothing to expire.
      expect(await shown()).toEqual([
        ['0.008', '0.00', '0.00', true],
        ['0.01', '0.003', '0.00', false],
      ]);
    });

    it.each([
      [{ amount: '0' }, 'amount', 'credit.amount'],
      [{ amount: '100000.001' }, 'amount', 'credit.amount'],
      [{ amount: '1.0001' }, 'amount', 'request.validation'],
      [{ amount: '-1' }, 'amount', 'request.validation'],
      [{ expires_at: '2001-01-01T00:00:00Z' }, 'expires_at', 'credit.expired'],
      [{ expires_at: 'tomorrow' }, 'expires_at', 'request.validation'],
      [{ reason: 'referral' }, 'reason', 'request.validation'],
      [{ user_id: 99_999_999 }, 'user_id', 'users.not_found'],
    ])(
      'refuses a grant with %j, naming its field, and changes nothing',
      async (bad, field, code) => {
        const { user } = await createKeyedUser(ctx.t, 0);
        const res = await admin.post('/api/admin/grant_credit.php', {
          user_id: user.id,
          amount: '1',
          expires_at: inSeconds(3600),
          reason: 'admin',
          ...bad,
        });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.body).toMatchObject({ success: false, code, field });
        expect(await creditBook(ctx.t, user.id)).toEqual({ credit: 0, rows: {} });
        const [grants] = await ctx.t.dataSource.query<{ n: string | number }[]>(
          'SELECT COUNT(*) AS n FROM credit_grants WHERE user_id = ?',
          [user.id],
        );
        expect(Number(grants.n)).toBe(0);
      },
    );

    it('spends credit before cash, says so, shows it in the call log, and gives a failed call its credit back', async () => {
      const api = await upstreamApi(5);
      const { user, apiKey } = await createUser(ctx.t, { balance_milli: 100 });
      expect((await grant(user.id, 10, new Date(Date.now() + 3_600_000))).ok).toBe(true);
      const client = ctx.t.client();
      const headers = { 'x-api-key': apiKey };
      const call = () => client.get(`/apis/${api.name_en}`, { headers });
      const answers = [await call(), await call(), await call()];
      expect(
        answers.map((res) => [
          res.status,
          res.headers.get('x-charged-from'),
          res.headers.get('x-cost'),
        ]),
      ).toEqual([
        [200, 'credit', '0.005'],
        [200, 'credit', '0.005'],
        [200, 'balance', '0.005'],
      ]);
      expect(answers[0].headers.get('x-balance')).toBeNull();
      expect(answers[2].headers.get('x-balance')).toBe('0.095');
      expect(await creditBook(ctx.t, user.id)).toEqual({
        credit: 0,
        rows: { credit: 2, balance: 1 },
      });

      expect((await grant(user.id, 5, new Date(Date.now() + 3_600_000))).ok).toBe(true);
      const failed = await client.get(`/apis/${api.name_en}/fail`, { headers });
      expect(failed.status).toBe(502);
      expect(failed.headers.get('x-charged-from')).toBeNull();
      expect(await creditBook(ctx.t, user.id)).toEqual({
        credit: 5,
        rows: { credit: 2, balance: 1, none: 1 },
      });
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 95, expected: 95 });

      const reader = ctx.t.client();
      await loginUser(ctx.t, reader, user.username);
      const logs = await reader.get('/api/user/get_user_access_logs.php');
      const byFrom = (
        logs.body.data.logs as { charged_from: string | null; cost: string; charge: string }[]
      ).map((log) => [log.charge, log.charged_from, log.cost]);
      expect(byFrom).toEqual([
        ['refunded', null, '0.000'],
        ['charged', 'balance', '0.005'],
        ['charged', 'credit', '0.005'],
        ['charged', 'credit', '0.005'],
      ]);
    });

    it('spends exactly the credit, then exactly the cash, under 2,000 concurrent calls', async () => {
      const api = await createGatewayApi(ctx.t, { is_paid: 1, price_per_call_milli: 3 });
      const { user, apiKey } = await createKeyedUser(ctx.t, 300 * 3);
      expect((await grant(user.id, 500 * 3, new Date(Date.now() + 3_600_000))).ok).toBe(true);
      const client = ctx.t.client();
      const answers = await Promise.all(
        Array.from({ length: 2000 }, () =>
          client
            .get(`/apis/${api.name_en}`, { headers: { 'x-api-key': apiKey } })
            .then((res) => ({ status: res.status, from: res.headers.get('x-charged-from') })),
        ),
      );
      expect(answers.filter((a) => a.status === 200 && a.from === 'credit')).toHaveLength(500);
      expect(answers.filter((a) => a.status === 200 && a.from === 'balance')).toHaveLength(300);
      expect(answers.filter((a) => a.status === 402)).toHaveLength(1200);
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 0, expected: 0 });
      expect(await creditBook(ctx.t, user.id)).toEqual({
        credit: 0,
        rows: { credit: 500, balance: 300 },
      });
    }, 120_000);

    it('stops spending a grant at its expiry during calls, and closes it with what was left', async () => {
      const api = await createGatewayApi(ctx.t, { is_paid: 1, price_per_call_milli: 1 });
      const { user, apiKey } = await createKeyedUser(ctx.t, 100_000);
      const expiry = new Date(Math.ceil((Date.now() + 2500) / 1000) * 1000);
      const later = new Date(Date.now() + 3_600_000);
      expect((await grant(user.id, 100_000, expiry)).ok).toBe(true);
      expect((await grant(user.id, 7, later)).ok).toBe(true);
      const client = ctx.t.client();
      const headers = { 'x-api-key': apiKey };
      const froms: string[] = [];
      while (Date.now() < expiry.getTime() + 1500) {
        const wave = await Promise.all(
          Array.from({ length: 20 }, () => client.get(`/apis/${api.name_en}`, { headers })),
        );
        for (const res of wave) {
          expect(res.status).toBe(200);
          froms.push(res.headers.get('x-charged-from')!);
        }
      }
      expect(froms[0]).toBe('credit');
      expect(froms.at(-1)).toBe('balance');
      await ctx.t.app.get(UsageRecorder).flush();
      // No call spent credit after the soonest grant's expiry (its row's time is the call's).
      const [late] = await ctx.t.dataSource.query<{ n: string | number }[]>(
        "SELECT COUNT(*) AS n FROM access_logs WHERE user_id = ? AND charged_from = 'credit' AND access_time >= ?",
        [user.id, at(new Date(expiry.getTime() + 1000))],
      );
      expect(Number(late.n)).toBe(0);
      const spent = froms.filter((from) => from === 'credit').length;
      expect(await ctx.t.app.get(CreditExpiry).run()).toBeGreaterThanOrEqual(1);
      const grants = await ctx.t.dataSource.query<
        {
          amount: string | number;
          left: string | number;
          expired: string | number;
          closed: unknown;
        }[]
      >(
        'SELECT amount_milli AS amount, left_milli AS `left`, expired_milli AS expired, closed_at AS closed FROM credit_grants WHERE user_id = ? ORDER BY id',
        [user.id],
      );
      expect(grants.map((g) => [Number(g.left), Number(g.expired), g.closed !== null])).toEqual([
        [0, 100_000 - spent, true],
        [7, 0, false],
      ]);
      // The later grant is usable again once the expired one is closed.
      expect(
        (await client.get(`/apis/${api.name_en}`, { headers })).headers.get('x-charged-from'),
      ).toBe('credit');
      expect(await checkCredit(ctx.t.dataSource)).toEqual([]);
    }, 60_000);

    it('expires credit a refund gave back after its grant closed', async () => {
      const api = await upstreamApi(4);
      const { user, apiKey } = await createKeyedUser(ctx.t, 0);
      const expiry = new Date(Math.ceil((Date.now() + 2000) / 1000) * 1000);
      expect((await grant(user.id, 4, expiry)).ok).toBe(true);
      const slow = ctx.t
        .client()
        .get(`/apis/${api.name_en}/slow-fail?ms=3500`, { headers: { 'x-api-key': apiKey } });
      await sleep(expiry.getTime() + 300 - Date.now());
      await ctx.t.app.get<CreditBook>(CREDIT_BOOK).expire();
      expect((await slow).status).toBe(502);
      expect(await creditBook(ctx.t, user.id)).toEqual({ credit: 4, rows: { none: 1 } });
      await ctx.t.app.get<CreditBook>(CREDIT_BOOK).expire();
      expect(await creditBook(ctx.t, user.id)).toEqual({ credit: 0, rows: { none: 1 } });
      const [g] = await ctx.t.dataSource.query<{ expired: string | number }[]>(
        'SELECT expired_milli AS expired FROM credit_grants WHERE user_id = ?',
        [user.id],
      );
      expect(Number(g.expired)).toBe(4);
    }, 30_000);
  },
  FAST,
);
