import { inOneMinuteWindow } from './clock';
import { adminClient } from './factories/admin';
import { ledgerOf } from './factories/gateway';
import { signedInUser } from './factories/recharge';
import { redeemAsClient } from './factories/redeem';
import { describeEachDb, HAS_MYSQL, startTestApp, TestApp } from './harness';
import type { HttpClient } from './http-client';
import { rawGet } from './raw-get';
import { describeIf } from './requires';
import { LoopStalls } from './loop-stalls';

const REDEEM = '/api/user/redeem_code.php';
const CREATE = '/api/admin/create_redeem_batch.php';
const EXPORT = '/api/admin/export_redeem_batch.php';
/** Races send thousands of attempts from one address and account. */
const UNLIMITED = {
  REDEEM_ATTEMPTS_PER_USER_PER_MINUTE: '1000000',
  REDEEM_ATTEMPTS_PER_IP_PER_MINUTE: '1000000',
};
const CODE = /^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/;

const batchBody = (overrides: Record<string, unknown> = {}) => ({
  name: '双十一充值卡',
  kind: 'cash',
  value: '10',
  count: 3,
  uses_per_code: 1,
  per_user_limit: 1,
  expires_at: null,
  ...overrides,
});

/** A new batch's id and its codes, read from its CSV as an admin hands them out. */
async function newBatch(admin: HttpClient, overrides: Record<string, unknown> = {}) {
  const created = await admin.post(CREATE, batchBody(overrides));
  if (created.status !== 200) throw new Error(`batch not created: ${created.text}`);
  const id = created.body.data.id as number;
  const csv = await admin.get(EXPORT, { query: { id } });
  const codes = csv.text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(1, -1)
    .map((line) => line.split(',')[0]);
  return { id, codes, view: created.body.data };
}

const statusesOf = (answers: { status: number; body: { code?: string } }[]) =>
  answers.reduce<Record<string, number>>((counts, a) => {
    const key = a.status === 200 ? '200' : `${a.status} ${a.body.code}`;
    return { ...counts, [key]: (counts[key] ?? 0) + 1 };
  }, {});

describeEachDb(
  'redeem codes',
  (ctx) => {
    let admin: HttpClient;
    beforeAll(async () => {
      admin = await adminClient(ctx.t);
    });

    it('generates a batch of unguessable codes, lists it and exports it as CSV, audited', async () => {
      const created = await admin.post(
        CREATE,
        batchBody({ value: 2.5, count: '4', expires_at: '2099-01-01T00:00:00Z' }),
      );
      expect(created.status).toBe(200);
      expect(created.body.data).toMatchObject({
        name: '双十一充值卡',
        kind: 'cash',
        value: '2.50',
        count: 4,
        uses_per_code: 1,
        per_user_limit: 1,
        expires_at: '2099-01-01T00:00:00.000Z',
        disabled_at: null,
        redeemed: 0,
        redeemed_amount: '0.00',
      });
      const id = created.body.data.id as number;
      const csv = await rawGet(admin, `${EXPORT}?id=${id}`);
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(csv.headers.get('content-disposition')).toBe(
        `attachment; filename="redeem-codes-${id}.csv"`,
      );
      // As sent: fetch's text() would drop the byte-order mark.
      const lines = Buffer.from(await csv.arrayBuffer())
        .toString('utf8')
        .split('\r\n');
      expect(lines[0]).toBe('\uFEFFcode,value,kind,uses,uses_per_code,expires_at,batch');
      const rows = lines.slice(1, -1).map((line) => line.split(','));
      expect(rows).toHaveLength(4);
      for (const row of rows) {
        expect(row[0]).toMatch(CODE);
        expect(row.slice(1)).toEqual([
          '2.50',
          'cash',
          '0',
          '1',
          '2099-01-01T00:00:00.000Z',
          '双十一充值卡',
        ]);
      }
      expect(new Set(rows.map((row) => row[0])).size).toBe(4);
      // The database holds no code in the clear.
      const stored = await ctx.t.dataSource.query<{ code_hash: string; code_sealed: string }[]>(
        'SELECT code_hash, code_sealed FROM redeem_codes WHERE batch_id = ?',
        [id],
      );
      for (const row of stored) {
        for (const [code] of rows) {
          expect(`${row.code_hash} ${row.code_sealed}`).not.toContain(code.replace(/-/g, ''));
          expect(`${row.code_hash} ${row.code_sealed}`).not.toContain(code);
        }
      }
      const list = await admin.get('/api/admin/get_redeem_batches.php');
      expect(list.body.data.batches[0]).toEqual(created.body.data);
      expect(list.body.data).toMatchObject({ current_page: 1 });
      const audit = await admin.get('/api/admin/get_audit_log.php', {
        query: { target_type: 'redeem_batch' },
      });
      const entries = audit.body.data.entries.filter(
        (e: { target_id: number }) => e.target_id === id,
      );
      expect(entries.map((e: { action: string }) => e.action)).toEqual(['export_codes', 'create']);
      expect(JSON.stringify(entries)).not.toMatch(CODE);
    });

    it('makes and exports 10,000 codes without holding the event loop', async () => {
      const stalls = new LoopStalls().start();
      const { codes } = await newBatch(admin, { count: 10_000 });
      stalls.stop();
      expect(codes).toHaveLength(10_000);
      expect(new Set(codes).size).toBe(10_000);
      // Each turn hashes or unseals 200 codes (about 15 ms); a second would be a blocked server.
      expect(stalls.maxMs).toBeLessThan(250);
    }, 60_000);

    it('refuses a batch it cannot make, naming the field', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ name: ' ' }, 'name'],
        [{ kind: 'gift' }, 'kind'],
        [{ kind: 'credit' }, 'credit_days'],
        [{ kind: 'credit', credit_days: 0 }, 'credit_days'],
        [{ kind: 'credit', credit_days: 3651 }, 'credit_days'],
        [{ kind: 'credit', credit_days: 'a week' }, 'credit_days'],
        [{ value: 'ten' }, 'value'],
        [{ value: '0' }, 'value'],
        [{ value: '1.2345' }, 'value'],
        [{ value: '100000.001' }, 'value'],
        [{ count: 0 }, 'count'],
        [{ count: 10_001 }, 'count'],
        [{ uses_per_code: 1.5 }, 'uses_per_code'],
        [{ per_user_limit: -1 }, 'per_user_limit'],
        [{ expires_at: 'tomorrow' }, 'expires_at'],
        [{ expires_at: '2020-01-01T00:00:00Z' }, 'expires_at'],
      ];
      const before = await ctx.t.dataSource.query<{ n: number | string }[]>(
        'SELECT COUNT(*) AS n FROM redeem_batches',
      );
      for (const [overrides, field] of cases) {
        const res = await admin.post(CREATE, batchBody(overrides));
        expect({
          overrides,
          status: res.status,
          code: res.body.code,
          field: res.body.field,
        }).toEqual({ overrides, status: 400, code: 'request.validation', field });
      }
      const after = await ctx.t.dataSource.query<{ n: number | string }[]>(
        'SELECT COUNT(*) AS n FROM redeem_batches',
      );
      expect(Number(after[0].n)).toBe(Number(before[0].n));
      const user = await signedInUser(ctx.t);
      expect((await user.client.post(CREATE, batchBody())).status).toBe(401);
    });

    it('credits a code once, however it is typed, and lists it for the user', async () => {
      const { codes } = await newBatch(admin, { value: '12.5', count: 2 });
      const { client, userId } = await signedInUser(ctx.t);
      const typed = ` ${codes[0].toLowerCase().replace(/0/g, 'o').replace(/-/g, ' ')} `;
      const redeemed = await client.post(REDEEM, { code: typed });
      expect(redeemed.status).toBe(200);
      expect(redeemed.body).toEqual({
        success: true,
        message: 'code redeemed: 12.50 credited',
        data: { kind: 'cash', amount: '12.50', balance: '12.50' },
      });
      const again = await client.post(REDEEM, { code: codes[0] });
      expect([again.status, again.body.code, again.body.field]).toEqual([
        409,
        'redeem.already_redeemed',
        'code',
      ]);
      const other = await signedInUser(ctx.t);
      const taken = await other.client.post(REDEEM, { code: codes[0] });
      expect([taken.status, taken.body.code]).toEqual([409, 'redeem.code_used']);
      expect(await ledgerOf(ctx.t, userId)).toEqual({ balance: 12_500, expected: 12_500 });
      expect(await ledgerOf(ctx.t, other.userId)).toEqual({ balance: 0, expected: 0 });
      const list = await client.get('/api/user/get_redemptions.php');
      expect(list.body.data).toEqual({
        redemptions: [
          {
            id: expect.any(Number),
            kind: 'cash',
            amount: '12.50',
            plan: null,
            code_hint: `…-${codes[0].slice(-5)}`,
            created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          },
        ],
        total: 1,
        total_pages: 1,
        current_page: 1,
      });
      expect((await other.client.get('/api/user/get_redemptions.php')).body.data.total).toBe(0);
    });

    it('refuses unknown, malformed, withdrawn and expired codes, changing nothing', async () => {
      const { client, userId } = await signedInUser(ctx.t);
      const refusal = async (code: unknown) => {
        const res = await client.post(REDEEM, { code });
        return [res.status, res.body.code, res.body.field];
      };
      expect(await refusal('')).toEqual([400, 'request.validation', 'code']);
      expect(await refusal(42)).toEqual([400, 'request.validation', 'code']);
      expect(await refusal('ABCDE')).toEqual([400, 'redeem.invalid_code', 'code']);
      expect(await refusal('UUUUU-UUUUU-UUUUU-UUUUU')).toEqual([
        400,
        'redeem.invalid_code',
        'code',
      ]);
      expect(await refusal('00000-00000-00000-00000')).toEqual([
        400,
        'redeem.invalid_code',
        'code',
      ]);

      const withdrawn = await newBatch(admin, { count: 1 });
      const disabled = await admin.post('/api/admin/disable_redeem_batch.php', {
        id: withdrawn.id,
      });
      expect(disabled.status).toBe(200);
      expect(disabled.body.data.disabled_at).toMatch(/^\d{4}-/);
      expect(await refusal(withdrawn.codes[0])).toEqual([409, 'redeem.code_disabled', 'code']);
      const twice = await admin.post('/api/admin/disable_redeem_batch.php', { id: withdrawn.id });
      expect([twice.status, twice.body.code]).toEqual([409, 'redeem.batch_disabled']);
      const missing = await admin.post('/api/admin/disable_redeem_batch.php', { id: 999_999 });
      expect([missing.status, missing.body.code]).toEqual([404, 'redeem.batch_not_found']);
      expect((await admin.get(EXPORT, { query: { id: 999_999 } })).status).toBe(404);

      const expiring = await newBatch(admin, { count: 1, expires_at: '2099-01-01T00:00:00Z' });
      await ctx.t.dataSource.query('UPDATE redeem_batches SET expires_at = ? WHERE id = ?', [
        ctx.db === 'sqlite' ? '2026-01-01 00:00:00.000' : new Date('2026-01-01T00:00:00Z'),
        expiring.id,
      ]);
      expect(await refusal(expiring.codes[0])).toEqual([410, 'redeem.code_expired', 'code']);

      expect(await ledgerOf(ctx.t, userId)).toEqual({ balance: 0, expected: 0 });
      const used = await ctx.t.dataSource.query<{ n: number | string }[]>(
        'SELECT COUNT(*) AS n FROM redemptions WHERE user_id = ?',
        [userId],
      );
      expect(Number(used[0].n)).toBe(0);
    });

    it('lets a code serve several users and a user redeem only so many of a batch', async () => {
      const { id, codes } = await newBatch(admin, {
        value: '1',
        count: 3,
        uses_per_code: 2,
        per_user_limit: 2,
      });
      const first = await signedInUser(ctx.t);
      const second = await signedInUser(ctx.t);
      const third = await signedInUser(ctx.t);
      expect((await first.client.post(REDEEM, { code: codes[0] })).status).toBe(200);
      expect((await first.client.post(REDEEM, { code: codes[1] })).status).toBe(200);
      const limit = await first.client.post(REDEEM, { code: codes[2] });
      expect([limit.status, limit.body.code]).toEqual([409, 'redeem.user_limit']);
      expect((await second.client.post(REDEEM, { code: codes[0] })).status).toBe(200);
      const full = await third.client.post(REDEEM, { code: codes[0] });
      expect([full.status, full.body.code]).toEqual([409, 'redeem.code_used']);
      expect(await ledgerOf(ctx.t, first.userId)).toEqual({ balance: 2000, expected: 2000 });
      const batch = (await admin.get('/api/admin/get_redeem_batches.php')).body.data.batches.find(
        (b: { id: number }) => b.id === id,
      );
      expect(batch).toMatchObject({ redeemed: 3, redeemed_amount: '3.00' });
      const csv = await admin.get(EXPORT, { query: { id } });
      expect(
        csv.text
          .split('\r\n')
          .slice(1, 4)
          .map((line) => line.split(',')[3]),
      ).toEqual(['2', '1', '0']);
    });

    it('keeps a redeemed balance explained in the reconciliation', async () => {
      const { codes } = await newBatch(admin, { value: '3.333', count: 1 });
      const { client, userId } = await signedInUser(ctx.t);
      expect((await client.post(REDEEM, { code: codes[0] })).status).toBe(200);
      const report = await admin.get('/api/admin/get_recharge_reconciliation.php');
      expect(report.status).toBe(200);
      expect(
        report.body.data.mismatches.filter((m: { user_id: number }) => m.user_id === userId),
      ).toEqual([]);
    });

    it('gives credit that lasts the batch’s days for a credit code, the balance left as it was', async () => {
      const { id, codes, view } = await newBatch(admin, {
        kind: 'credit',
        value: '2.5',
        credit_days: 30,
        count: 1,
      });
      expect(view).toMatchObject({ kind: 'credit', value: '2.50', credit_days: 30 });
      const { client, userId } = await signedInUser(ctx.t);
      const before = Date.now();
      const res = await client.post(REDEEM, { code: codes[0] });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        kind: 'credit',
        amount: '2.50',
        balance: '0.00',
        credit: '2.50',
      });
      const expires = Date.parse(res.body.data.credit_expires_at as string);
      expect(expires - before).toBeGreaterThanOrEqual(30 * 86_400_000 - 5_000);
      expect(expires - Date.now()).toBeLessThanOrEqual(30 * 86_400_000 + 5_000);
      expect(await ledgerOf(ctx.t, userId)).toEqual({ balance: 0, expected: 0 });
      const mine = await client.get('/api/user/get_credit.php');
      expect(mine.body.data).toMatchObject({
        credit: '2.50',
        grants: [{ amount: '2.50', left: '2.50', reason: 'code' }],
      });
      const listed = await client.get('/api/user/get_redemptions.php');
      expect(listed.body.data.redemptions[0]).toMatchObject({ kind: 'credit', amount: '2.50' });
      const batch = (await admin.get('/api/admin/get_redeem_batches.php')).body.data.batches.find(
        (b: { id: number }) => b.id === id,
      );
      expect(batch).toMatchObject({ kind: 'credit', credit_days: 30, redeemed: 1 });
    });

    /** A plan of `included` calls a month, saved in 套餐管理 (hidden: codes may sell it alone). */
    const planForCodes = async (included: number) => {
      const saved = await admin.post('/api/admin/save_plan.php', {
        name: `兑换套餐-${included}`,
        name_en: `Code plan ${included}`,
        price: '9.9',
        period: 'month',
        included_calls: included,
        day_limit: included,
        scope: 'all',
        overage: 'pay',
        status: 0,
      });
      expect(saved.status).toBe(200);
      return saved.body.data as { id: number; name: string };
    };

    it('starts a plan’s period for a plan code, paid by the code, once a plan is not running', async () => {
      const plan = await planForCodes(30);
      const refusals: [Record<string, unknown>, string, string][] = [
        [{ kind: 'plan' }, 'redeem.plan', 'plan_id'],
        [{ kind: 'plan', plan_id: 999_999 }, 'redeem.plan', 'plan_id'],
        [{ kind: 'plan', plan_id: plan.id, value: '5' }, 'request.validation', 'value'],
      ];
      for (const [change, code, field] of refusals) {
        const res = await admin.post(CREATE, batchBody({ value: undefined, ...change }));
        expect([res.status, res.body.code, res.body.field]).toEqual([400, code, field]);
      }
      const { id, codes, view } = await newBatch(admin, {
        kind: 'plan',
        value: undefined,
        plan_id: plan.id,
        count: 2,
        per_user_limit: 2,
      });
      expect(view).toMatchObject({
        kind: 'plan',
        value: '0.00',
        plan_id: plan.id,
        plan_name: plan.name,
        credit_days: null,
      });
      const csv = await admin.get(EXPORT, { query: { id } });
      expect(csv.text.split('\r\n')[1].split(',').slice(1, 3)).toEqual([plan.name, 'plan']);

      const { client, userId } = await signedInUser(ctx.t);
      const res = await client.post(REDEEM, { code: codes[0] });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        kind: 'plan',
        amount: '0.00',
        balance: '0.00',
        plan: { id: plan.id, name: plan.name, name_en: 'Code plan 30' },
      });
      const mine = (await client.get('/api/user/get_plan.php')).body.data.subscription;
      expect(mine).toMatchObject({
        state: 'active',
        auto_renew: false,
        period_kind: 'code',
        included_calls: 30,
        used_calls: 0,
        period_end: res.body.data.plan.period_end,
      });
      expect(
        mine.windows.map((w: { window: string; limit: number }) => [w.window, w.limit]),
      ).toEqual([['day', 30]]);
      // A second plan code while the plan runs is refused, the code left for later or for others.
      const again = await client.post(REDEEM, { code: codes[1] });
      expect([again.status, again.body.code]).toEqual([409, 'redeem.plan_running']);
      const other = await signedInUser(ctx.t);
      expect((await other.client.post(REDEEM, { code: codes[1] })).status).toBe(200);
      const listed = await client.get('/api/user/get_redemptions.php');
      expect(listed.body.data.redemptions).toEqual([
        expect.objectContaining({
          kind: 'plan',
          amount: '0.00',
          plan: { name: plan.name, name_en: 'Code plan 30' },
        }),
      ]);
      // No money moved: the period bought by the code costs nothing.
      expect(await ledgerOf(ctx.t, userId)).toEqual({ balance: 0, expected: 0 });
      const [period] = await ctx.t.dataSource.query<{ kind: string; price: number | string }[]>(
        'SELECT kind, price_milli AS price FROM plan_periods WHERE user_id = ?',
        [userId],
      );
      expect([period.kind, Number(period.price)]).toEqual(['code', 0]);
    });

    it('starts one plan period for a user racing 2,000 attempts with 20 plan codes', async () => {
      const plan = await planForCodes(10);
      const { codes } = await newBatch(admin, {
        kind: 'plan',
        value: undefined,
        plan_id: plan.id,
        count: 20,
        per_user_limit: 20,
      });
      const { client, userId } = await signedInUser(ctx.t);
      const answers = await Promise.all(
        Array.from({ length: 2000 }, (_, i) => redeemAsClient(client, codes[i % 20])),
      );
      // The first redemption starts the period: the others find it running (or their code
      // redeemed by this user already, once it committed).
      const { '200': started, '409 redeem.plan_running': running, ...rest } = statusesOf(answers);
      expect(started).toBe(1);
      expect(running).toBeGreaterThanOrEqual(19);
      expect(Object.keys(rest)).toEqual(
        Object.keys(rest).filter((key) => key === '409 redeem.already_redeemed'),
      );
      const [row] = await ctx.t.dataSource.query<{ n: number | string }[]>(
        "SELECT COUNT(*) AS n FROM plan_periods WHERE user_id = ? AND kind = 'code'",
        [userId],
      );
      expect(Number(row.n)).toBe(1);
      const [used] = await ctx.t.dataSource.query<{ n: number | string }[]>(
        'SELECT COUNT(*) AS n FROM redemptions WHERE user_id = ?',
        [userId],
      );
      expect(Number(used.n)).toBe(1);
      expect(await ledgerOf(ctx.t, userId)).toEqual({ balance: 0, expected: 0 });
    }, 120_000);

    it('grants a credit code exactly as often as it may be under 2,000 concurrent attempts', async () => {
      const { codes } = await newBatch(admin, {
        kind: 'credit',
        value: '0.004',
        credit_days: 1,
        count: 2,
        uses_per_code: 3,
        per_user_limit: 2,
      });
      const users = await Promise.all(Array.from({ length: 4 }, () => signedInUser(ctx.t)));
      const answers = await Promise.all(
        Array.from({ length: 2000 }, (_, i) =>
          redeemAsClient(users[i % 4].client, codes[Math.floor(i / 4) % 2]),
        ),
      );
      // 2 codes × 3 uses = 6 redemptions, within 4 users × 2 codes each = 8.
      expect(answers.filter((a) => a.status === 200)).toHaveLength(6);
      expect(answers.filter((a) => a.status !== 200 && a.status !== 409)).toEqual([]);
      const [granted] = await ctx.t.dataSource.query<
        { n: number | string; sum: number | string }[]
      >(
        `SELECT COUNT(*) AS n, SUM(g.amount_milli) AS sum FROM credit_grants g
         WHERE g.reason = 'code' AND g.user_id IN (?, ?, ?, ?)`,
        users.map((user) => user.userId),
      );
      expect({ n: Number(granted.n), sum: Number(granted.sum) }).toEqual({ n: 6, sum: 24 });
      for (const user of users) {
        expect(await ledgerOf(ctx.t, user.userId)).toEqual({ balance: 0, expected: 0 });
      }
    }, 120_000);

    it('starts a single-use plan code’s period for exactly one of 2,000 racing users', async () => {
      const plan = await planForCodes(5);
      const { codes } = await newBatch(admin, {
        kind: 'plan',
        value: undefined,
        plan_id: plan.id,
        count: 1,
      });
      const users = await Promise.all(Array.from({ length: 20 }, () => signedInUser(ctx.t)));
      const answers = await Promise.all(
        Array.from({ length: 2000 }, (_, i) => redeemAsClient(users[i % 20].client, codes[0])),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status !== 200 && a.status !== 409)).toEqual([]);
      const [row] = await ctx.t.dataSource.query<{ n: number | string }[]>(
        "SELECT COUNT(*) AS n FROM plan_subscriptions WHERE plan_id = ? AND state = 'active'",
        [plan.id],
      );
      expect(Number(row.n)).toBe(1);
    }, 120_000);

    it('redeems a single-use code exactly once under 2,000 concurrent attempts', async () => {
      const { codes } = await newBatch(admin, { value: '5', count: 1 });
      const { client, userId } = await signedInUser(ctx.t);
      const answers = await Promise.all(
        Array.from({ length: 2000 }, () => redeemAsClient(client, codes[0])),
      );
      expect(statusesOf(answers)).toEqual({ '200': 1, '409 redeem.already_redeemed': 1999 });
      expect(await ledgerOf(ctx.t, userId)).toEqual({ balance: 5000, expected: 5000 });
    }, 120_000);

    it('holds each code to its uses and each user to the batch limit in a 2,000-way race', async () => {
      const { id, codes } = await newBatch(admin, {
        value: '0.001',
        count: 20,
        uses_per_code: 3,
        per_user_limit: 4,
      });
      const users = await Promise.all(Array.from({ length: 10 }, () => signedInUser(ctx.t)));
      const answers = await Promise.all(
        Array.from({ length: 2000 }, (_, i) =>
          redeemAsClient(users[i % 10].client, codes[Math.floor(i / 10) % 20]),
        ),
      );
      // 10 users × 4 codes each = 40 redemptions, within 20 codes × 3 uses = 60.
      expect(answers.filter((a) => a.status === 200)).toHaveLength(40);
      expect(answers.filter((a) => a.status !== 200 && a.status !== 409)).toEqual([]);
      for (const user of users) {
        expect(await ledgerOf(ctx.t, user.userId)).toEqual({ balance: 4, expected: 4 });
      }
      const uses = await ctx.t.dataSource.query<{ uses: number | string; n: number | string }[]>(
        `SELECT c.uses AS uses, (SELECT COUNT(*) FROM redemptions r WHERE r.code_id = c.id) AS n
         FROM redeem_codes c WHERE c.batch_id = ?`,
        [id],
      );
      for (const row of uses) {
        expect(Number(row.uses)).toBe(Number(row.n));
        expect(Number(row.uses)).toBeLessThanOrEqual(3);
      }
    }, 120_000);
  },
  UNLIMITED,
);

describeEachDb(
  'redeem attempts',
  (ctx) => {
    it('limits attempts per user and per address, with Retry-After', async () => {
      const first = await signedInUser(ctx.t);
      const second = await signedInUser(ctx.t);
      const attempt = (client: HttpClient) =>
        client.post(REDEEM, { code: 'ABCDE-ABCDE-ABCDE-ABCDE' });
      // Limits count in windows of a clock minute: start well inside one.
      await inOneMinuteWindow(5_000);
      for (let i = 0; i < 3; i += 1) expect((await attempt(first.client)).status).toBe(400);
      const limited = await attempt(first.client);
      expect([limited.status, limited.body.code]).toEqual([429, 'request.rate_limited']);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // The address has made four attempts: the second account gets one more.
      expect((await attempt(second.client)).status).toBe(400);
      expect((await attempt(second.client)).status).toBe(429);
    });
  },
  { REDEEM_ATTEMPTS_PER_USER_PER_MINUTE: '3', REDEEM_ATTEMPTS_PER_IP_PER_MINUTE: '5' },
);

describeIf(HAS_MYSQL, 'TEST_MYSQL_URL')(
  'redeem codes across two instances on one MySQL database',
  () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      a = await startTestApp('mysql', UNLIMITED);
      b = await startTestApp('mysql', {
        ...UNLIMITED,
        DATABASE_URL: a.env.DATABASE_URL,
        APP_SECRET: a.env.APP_SECRET,
      });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('redeems a code exactly as often as it may be when both instances take attempts', async () => {
      const { codes } = await newBatch(await adminClient(a), {
        value: '7',
        count: 1,
        uses_per_code: 5,
      });
      const users = await Promise.all(
        Array.from({ length: 20 }, (_, i) => signedInUser(i % 2 ? b : a)),
      );
      const answers = await Promise.all(
        Array.from({ length: 2000 }, (_, i) =>
          users[i % 20].client.post(REDEEM, { code: codes[0] }),
        ),
      );
      expect(answers.filter((x) => x.status === 200)).toHaveLength(5);
      expect(answers.filter((x) => x.status !== 200 && x.status !== 409)).toEqual([]);
      const credited = users.filter((_, i) =>
        answers.some((x, j) => j % 20 === i && x.status === 200),
      );
      expect(credited).toHaveLength(5);
      for (const user of users) {
        const { balance, expected } = await ledgerOf(a, user.userId);
        expect(balance).toBe(expected);
        expect([0, 7000]).toContain(balance);
      }
    }, 120_000);
  },
);
