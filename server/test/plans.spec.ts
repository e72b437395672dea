import { formatBalance } from '../src/common/money';
import { DatabaseTimeout } from '../src/database/db-timeouts';
import { sqliteTime } from '../src/database/sql-time';
import { Category } from '../src/database/entities';
import { UsageRecorder } from '../src/modules/gateway/usage-recorder';
import { PLAN_BOOK } from '../src/modules/ledger';
import type { PlanBook } from '../src/modules/ledger';
import { PlanRenewal } from '../src/modules/plans/plan-renewal';
import { inOneHour } from './clock';
import { adminClient } from './factories/admin';
import { createGatewayApi, ledgerOf } from './factories/gateway';
import { createUser, loginUser } from './factories/users';
import { startUpstreamFake } from './fakes/upstream-fake';
import { describeEachDb } from './harness';
import type { HttpClient } from './http-client';

const FAST = { RATE_LIMIT_PER_KEY: '1000000', RATE_LIMIT_PER_IP: '1000000' };

const PLAN = {
  name: '基础套餐',
  name_en: 'Basic',
  description: '每月 100 次',
  price: '9.9',
  period: 'month',
  included_calls: 100,
  scope: 'all',
  overage: 'pay',
};

describeEachDb(
  'plans',
  (ctx) => {
    let admin: HttpClient;
    let upstream: Awaited<ReturnType<typeof startUpstreamFake>>;
    const at = (date: Date) => (ctx.db === 'sqlite' ? sqliteTime(date) : date);

    beforeAll(async () => {
      admin = await adminClient(ctx.t);
      // The tests renew at the moments they choose: the job's timer stops.
      ctx.t.app.get(PlanRenewal).onApplicationShutdown();
      upstream = await startUpstreamFake();
    });
    afterAll(() => upstream?.close());

    const savePlan = async (overrides: Record<string, unknown> = {}) => {
      const res = await admin.post('/api/admin/save_plan.php', { ...PLAN, ...overrides });
      expect(res.status).toBe(200);
      return res.body.data as { id: number };
    };

    /** A signed-in user with `balance` milli-yuan (a recharge), and their API key. */
    const subscriber = async (balance: number) => {
      const { user, apiKey } = await createUser(ctx.t, { balance_milli: balance });
      const client = ctx.t.client();
      await loginUser(ctx.t, client, user.username);
      return { user, apiKey, client };
    };

    const call = (client: HttpClient, name: string, apiKey: string, path = '') =>
      client.get(`/apis/${name}${path}`, { headers: { 'x-api-key': apiKey } });

    /** 2,000 concurrent calls, each answered as its status and what paid. */
    const burst = (client: HttpClient, name: string, apiKey: string) =>
      Promise.all(
        Array.from({ length: 2000 }, () =>
          call(client, name, apiKey).then((res) => ({
            status: res.status,
            from: res.headers.get('x-charged-from'),
          })),
        ),
      );

    /** Moves a subscription's period into the past, as if its end had come. */
    const endPeriod = (userId: number) =>
      ctx.t.dataSource.query(
        'UPDATE plan_subscriptions SET period_start = ?, period_end = ? WHERE user_id = ?',
        [at(new Date(Date.now() - 86_400_000)), at(new Date(Date.now() - 2000)), userId],
      );

    it('lets the back office define plans, audited, and offers only the listed ones', async () => {
      const listed = await savePlan({ name: '公开套餐', price: '19.9' });
      const hidden = await savePlan({ name: '隐藏套餐', status: 0 });
      const audit = await admin.get('/api/admin/get_audit_log.php', {
        query: { target_type: 'plan' },
      });
      expect(audit.body.data.entries[0]).toMatchObject({
        action: 'create',
        target_type: 'plan',
        target_id: hidden.id,
        after: { name: '隐藏套餐', status: 0 },
      });
      const offer = await ctx.t.client().get('/api/get_plans.php');
      expect(offer.status).toBe(200);
      const ids = offer.body.data.plans.map((plan: { id: number }) => plan.id);
      expect(ids).toContain(listed.id);
      expect(ids).not.toContain(hidden.id);
      expect(offer.body.data.plans.find((plan: { id: number }) => plan.id === listed.id)).toEqual({
        id: listed.id,
        name: '公开套餐',
        name_en: 'Basic',
        description: '每月 100 次',
        description_en: '',
        price: '19.90',
        period: 'month',
        included_calls: 100,
        scope: 'all',
        category_id: null,
        api_ids: [],
        overage: 'pay',
        hour_limit: null,
        day_limit: null,
        week_limit: null,
        overage_price: null,
        is_default: false,
        status: 1,
      });
      const mine = await admin.get('/api/admin/get_plans.php');
      expect(mine.body.data.plans.find((p: { id: number }) => p.id === hidden.id)).toMatchObject({
        subscribers: 0,
        status: 0,
      });
    });

    it('refuses plans that cannot be sold, naming the field, and changes nothing', async () => {
      const before = (await admin.get('/api/admin/get_plans.php')).body.data.plans.length;
      const refusals: [Record<string, unknown>, string, string][] = [
        [{ is_default: true }, 'plan.default_paid', 'is_default'],
        [{ scope: 'apis', api_ids: [999_999] }, 'plan.scope', 'api_ids'],
        [{ scope: 'category', category_id: 999_999 }, 'plan.scope', 'category_id'],
        [{ name: '' }, 'request.validation', 'name'],
        [{ included_calls: 0 }, 'request.validation', 'included_calls'],
        [{ period: 'year' }, 'request.validation', 'period'],
        [{ price: '-1' }, 'request.validation', 'price'],
        [{ hour_limit: 0 }, 'request.validation', 'hour_limit'],
        [{ week_limit: 2.5 }, 'request.validation', 'week_limit'],
        [{ overage_price: 'free' }, 'request.validation', 'overage_price'],
        [{ overage_price: '0.000' }, 'request.validation', 'overage_price'],
        [{ hour_limit: 5, day_limit: 3 }, 'plan.limits', 'hour_limit'],
        [{ day_limit: 50, week_limit: 40 }, 'plan.limits', 'day_limit'],
        [{ overage: 'stop', overage_price: '0.01' }, 'plan.overage_price', 'overage_price'],
      ];
      for (const [change, code, field] of refusals) {
        const res = await admin.post('/api/admin/save_plan.php', { ...PLAN, ...change });
        expect([res.status, res.body.code, res.body.field]).toEqual([400, code, field]);
      }
      expect((await admin.get('/api/admin/get_plans.php')).body.data.plans).toHaveLength(before);
    });

    it('sells a period from the balance, once, and refuses a short balance without a change', async () => {
      const plan = await savePlan();
      const { user, client } = await subscriber(10_000);
      const res = await client.post('/api/user/subscribe_plan.php', { plan_id: plan.id });
      expect(res.status).toBe(200);
      expect(res.body.data.balance).toBe('0.10');
      expect(res.body.data.subscription).toMatchObject({
        plan: { id: plan.id },
        state: 'active',
        auto_renew: true,
        included_calls: 100,
        used_calls: 0,
        left_calls: 100,
        ended_reason: null,
      });
      const end = new Date(res.body.data.subscription.period_end).getTime();
      expect(end).toBeGreaterThan(Date.now());
      expect(end - Date.now()).toBeLessThanOrEqual(31 * 86_400_000);
      const again = await client.post('/api/user/subscribe_plan.php', { plan_id: plan.id });
      expect([again.status, again.body.code]).toEqual([409, 'plan.already_subscribed']);
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 100, expected: 100 });

      const poor = await subscriber(9_899);
      const short = await poor.client.post('/api/user/subscribe_plan.php', { plan_id: plan.id });
      expect([short.status, short.body.code, short.body.balance]).toEqual([
        402,
        'plan.insufficient_balance',
        '9.899',
      ]);
      expect((await poor.client.get('/api/user/get_plan.php')).body.data).toEqual({
        subscription: null,
      });
      expect(await ledgerOf(ctx.t, poor.user.id)).toEqual({ balance: 9_899, expected: 9_899 });
      const none = await client.post('/api/user/subscribe_plan.php', { plan_id: 999_999 });
      expect([none.status, none.body.code]).toEqual([404, 'plan.not_found']);
    });

    it('pays covered calls from the plan after the free quota, then from the balance', async () => {
      const api = await createGatewayApi(ctx.t, {
        is_paid: 1,
        price_per_call_milli: 7,
        free_quota_calls: 1,
        free_quota_period: 'day',
      });
      const other = await createGatewayApi(ctx.t, { is_paid: 1, price_per_call_milli: 7 });
      const plan = await savePlan({
        price: '0.1',
        included_calls: 2,
        scope: 'apis',
        api_ids: [api.id],
      });
      const { user, apiKey, client } = await subscriber(1_000);
      expect((await client.post('/api/user/subscribe_plan.php', { plan_id: plan.id })).status).toBe(
        200,
      );
      const answers = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await call(client, api.name_en, apiKey);
        answers.push([
          res.status,
          res.headers.get('x-charged-from'),
          res.headers.get('x-cost'),
          res.headers.get('x-quota-limit'),
          res.headers.get('x-quota-remaining'),
        ]);
      }
      expect(answers).toEqual([
        [200, 'free', '0.000', '1', '0'],
        [200, 'plan', '0.000', '2', '1'],
        [200, 'plan', '0.000', '2', '0'],
        [200, 'balance', '0.007', '1', '0'],
      ]);
      const reset = Number((await call(client, api.name_en, apiKey)).headers.get('x-quota-reset'));
      expect(reset).toBeGreaterThan(0);
      // An API outside the plan's list is paid as usual.
      const outside = await call(client, other.name_en, apiKey);
      expect(outside.headers.get('x-charged-from')).toBe('balance');
      const mine = await client.get('/api/user/get_plan.php');
      expect(mine.body.data.subscription).toMatchObject({ used_calls: 2, left_calls: 0 });
      await ctx.t.app.get(UsageRecorder).flush();
      const log = await client.get('/api/user/get_user_access_logs.php');
      expect(
        log.body.data.logs
          .filter((row: { api_name: string }) => row.api_name === api.name)
          .map((row: { charged_from: string }) => row.charged_from),
      ).toEqual(['balance', 'balance', 'plan', 'plan', 'free']);
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 1_000 - 100 - 21, expected: 879 });
    });

    it('covers a category’s APIs, and stops a plan with a hard stop without a charge', async () => {
      const api = await createGatewayApi(ctx.t, { is_paid: 1, price_per_call_milli: 5 });
      const category = await ctx.t.dataSource.getRepository(Category).save({
        name: `套餐分类-${api.id}`,
        name_en: `plan-cat-${api.id}`,
        slug: `plan-cat-${api.id}`,
      });
      await ctx.t.dataSource.query(
        'INSERT INTO api_categories (api_id, category_id) VALUES (?, ?)',
        [api.id, category.id],
      );
      const plan = await savePlan({
        price: '0',
        included_calls: 1,
        scope: 'category',
        category_id: category.id,
        overage: 'stop',
      });
      const { user, apiKey, client } = await subscriber(1_000);
      expect((await client.post('/api/user/subscribe_plan.php', { plan_id: plan.id })).status).toBe(
        200,
      );
      expect((await call(client, api.name_en, apiKey)).headers.get('x-charged-from')).toBe('plan');
      const stopped = await call(client, api.name_en, apiKey);
      expect([stopped.status, stopped.body.code, stopped.headers.get('x-quota-remaining')]).toEqual(
        [429, 'gateway.plan_exhausted', '0'],
      );
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 1_000, expected: 1_000 });
    });

    it('gives a failed call back to the plan', async () => {
      const api = await createGatewayApi(ctx.t, {
        handler: null,
        upstream_url: `${upstream.url}/v1`,
        is_paid: 1,
        price_per_call_milli: 4,
      });
      const plan = await savePlan({ price: '0', included_calls: 1 });
      const { user, apiKey, client } = await subscriber(0);
      expect((await client.post('/api/user/subscribe_plan.php', { plan_id: plan.id })).status).toBe(
        200,
      );
      const failed = await call(client, api.name_en, apiKey, '/fail');
      expect([failed.status, failed.headers.get('x-quota-remaining')]).toEqual([502, '1']);
      const ok = await call(client, api.name_en, apiKey);
      expect([ok.status, ok.headers.get('x-charged-from')]).toEqual([200, 'plan']);
      expect((await call(client, api.name_en, apiKey)).status).toBe(402);
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 0, expected: 0 });
    });

    /** A call's answer as the windows' tests compare it. */
    const told = (res: Awaited<ReturnType<typeof call>>) => [
      res.status,
      res.headers.get('x-charged-from'),
      res.headers.get('x-cost'),
      res.headers.get('x-quota-limit'),
      res.headers.get('x-quota-remaining'),
      res.headers.get('x-quota-window'),
    ];

    /** Moves a subscription's hour (or day) window into the past, as if a new one had begun. */
    const newWindow = (userId: number, window: 'hour' | 'day') =>
      ctx.t.dataSource.query(
        `UPDATE plan_subscriptions SET ${window}_window = '2000-01-01' WHERE user_id = ?`,
        [userId],
      );

    it('limits a plan’s calls an hour and a day at once, past them at its overage price', async () => {
      const api = await createGatewayApi(ctx.t, { is_paid: 1, price_per_call_milli: 7 });
      const plan = await savePlan({
        price: '0',
        included_calls: 10,
        hour_limit: 2,
        day_limit: 3,
        overage_price: '0.002',
      });
      const saved = (await admin.get('/api/admin/get_plans.php')).body.data.plans.find(
        (p: { id: number }) => p.id === plan.id,
      );
      expect(saved).toMatchObject({
        hour_limit: 2,
        day_limit: 3,
        week_limit: null,
        overage_price: '0.002',
      });
      // Saved again without its limits or price, it keeps them; made to stop, it loses the price.
      const stopped = await admin.post('/api/admin/save_plan.php', {
        ...PLAN,
        id: plan.id,
        price: '0',
        included_calls: 10,
        overage: 'stop',
      });
      expect(stopped.body.data).toMatchObject({ hour_limit: 2, day_limit: 3, overage_price: null });
      await savePlan({
        id: plan.id,
        price: '0',
        included_calls: 10,
        overage_price: '0.002',
      });
      const { user, apiKey, client } = await subscriber(1_000);
      expect((await client.post('/api/user/subscribe_plan.php', { plan_id: plan.id })).status).toBe(
        200,
      );
      await inOneHour(30_000);
      const answers = [];
      for (let i = 0; i < 3; i += 1) answers.push(told(await call(client, api.name_en, apiKey)));
      // Each says the limit with the fewest calls left: the hour's, then none (the balance paid).
      expect(answers).toEqual([
        [200, 'plan', '0.000', '2', '1', 'hour'],
        [200, 'plan', '0.000', '2', '0', 'hour'],
        [200, 'balance', '0.002', null, null, null],
      ]);
      const mine = (await client.get('/api/user/get_plan.php')).body.data.subscription;
      expect(mine).toMatchObject({ used_calls: 2, left_calls: 8 });
      expect(
        mine.windows.map((w: { window: string; limit: number; used: number }) => [
          w.window,
          w.limit,
          w.used,
        ]),
      ).toEqual([
        ['hour', 2, 2],
        ['day', 3, 2],
      ]);
      expect(Date.parse(mine.windows[0].resets_at)).toBeLessThanOrEqual(Date.now() + 3_600_000);
      // A new hour: the day's one call left is the tightest, then the day is used up.
      await newWindow(user.id, 'hour');
      expect(told(await call(client, api.name_en, apiKey))).toEqual([
        200,
        'plan',
        '0.000',
        '3',
        '0',
        'day',
      ]);
      expect(told(await call(client, api.name_en, apiKey))).toEqual([
        200,
        'balance',
        '0.002',
        null,
        null,
        null,
      ]);
      // A new day (and hour): the plan pays again.
      await newWindow(user.id, 'hour');
      await newWindow(user.id, 'day');
      expect(told(await call(client, api.name_en, apiKey))[1]).toBe('plan');
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 996, expected: 996 });
    });

    it('stops a plan at its hour’s limit until the next hour, and gives a failed call back', async () => {
      const api = await createGatewayApi(ctx.t, {
        handler: null,
        upstream_url: `${upstream.url}/v1`,
        is_paid: 1,
        price_per_call_milli: 4,
      });
      const plan = await savePlan({
        price: '0',
        included_calls: 100,
        hour_limit: 1,
        week_limit: 50,
        overage: 'stop',
      });
      const { user, apiKey, client } = await subscriber(1_000);
      expect((await client.post('/api/user/subscribe_plan.php', { plan_id: plan.id })).status).toBe(
        200,
      );
      await inOneHour(30_000);
      const failed = await call(client, api.name_en, apiKey, '/fail');
      expect([failed.status, failed.headers.get('x-quota-remaining')]).toEqual([502, '1']);
      expect(told(await call(client, api.name_en, apiKey))).toEqual([
        200,
        'plan',
        '0.000',
        '1',
        '0',
        'hour',
      ]);
      const stopped = await call(client, api.name_en, apiKey);
      expect([
        stopped.status,
        stopped.body.code,
        stopped.body.message,
        stopped.headers.get('x-quota-limit'),
        stopped.headers.get('x-quota-remaining'),
        stopped.headers.get('x-quota-window'),
      ]).toEqual([
        429,
        'gateway.plan_exhausted',
        "your plan's calls of this hour are used: it stops here until the next hour",
        '1',
        '0',
        'hour',
      ]);
      const retry = Number(stopped.headers.get('retry-after'));
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(3600);
      expect(stopped.headers.get('x-quota-reset')).toBe(String(retry));
      const mine = (await client.get('/api/user/get_plan.php')).body.data.subscription;
      expect(mine.windows.map((w: { used: number }) => w.used)).toEqual([1, 1]);
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 1_000, expected: 1_000 });
    });

    it('renews from the balance, lapses when it is short, and ends a cancelled plan', async () => {
      const plan = await savePlan({ price: '1', included_calls: 5, period: 'week' });
      const renewing = await subscriber(2_500);
      const short = await subscriber(1_500);
      const leaving = await subscriber(5_000);
      for (const { client } of [renewing, short, leaving]) {
        expect(
          (await client.post('/api/user/subscribe_plan.php', { plan_id: plan.id })).status,
        ).toBe(200);
      }
      const cancelled = await leaving.client.post('/api/user/cancel_plan.php', {});
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.data.subscription).toMatchObject({
        state: 'active',
        auto_renew: false,
      });
      const twice = await leaving.client.post('/api/user/cancel_plan.php', {});
      expect([twice.status, twice.body.code]).toEqual([409, 'plan.not_subscribed']);
      for (const { user } of [renewing, short, leaving]) await endPeriod(user.id);
      const outcomes = await ctx.t.app.get(PlanRenewal).run();
      expect(outcomes).toEqual(expect.arrayContaining(['renewed', 'lapsed', 'ended']));
      const state = async ({ client }: { client: HttpClient }) =>
        (await client.get('/api/user/get_plan.php')).body.data.subscription;
      expect(await state(renewing)).toMatchObject({ state: 'active', used_calls: 0 });
      expect(new Date((await state(renewing)).period_end).getTime()).toBeGreaterThan(Date.now());
      expect(await state(short)).toMatchObject({ state: 'lapsed', ended_reason: 'balance_short' });
      expect(await state(leaving)).toMatchObject({ state: 'ended', ended_reason: 'cancelled' });
      // Run again: nothing is due, nothing is charged twice.
      expect(await ctx.t.app.get(PlanRenewal).run()).toEqual([]);
      expect(await ledgerOf(ctx.t, renewing.user.id)).toEqual({ balance: 500, expected: 500 });
      expect(await ledgerOf(ctx.t, short.user.id)).toEqual({ balance: 500, expected: 500 });
      expect(await ledgerOf(ctx.t, leaving.user.id)).toEqual({ balance: 4_000, expected: 4_000 });
      // The reconciliation page shows the plan periods sold beside the recharges' cash.
      const [sold] = await ctx.t.dataSource.query<
        { n: string | number; amount: string | number }[]
      >('SELECT COUNT(*) AS n, SUM(price_milli) AS amount FROM plan_periods');
      const report = await admin.get('/api/admin/get_recharge_reconciliation.php');
      expect(report.status).toBe(200);
      expect(report.body.data.beside_cash).toMatchObject({
        plan_periods: Number(sold.n),
        plans_amount: formatBalance(Number(sold.amount)),
      });
      expect(Number(sold.n)).toBeGreaterThanOrEqual(4);
      // A lapsed user subscribes again once they have the money.
      const back = await short.client.post('/api/user/subscribe_plan.php', { plan_id: plan.id });
      expect([back.status, back.body.code]).toEqual([402, 'plan.insufficient_balance']);
    });

    it('gives new users the default plan', async () => {
      const plan = await savePlan({
        name: '免费套餐',
        price: '0',
        included_calls: 3,
        is_default: true,
      });
      const client = ctx.t.client();
      await client.get('/api/user/get_user_info.php');
      const username = `plan_new_${Date.now()}`;
      const res = await client.post('/api/register.php', {
        username,
        password: 'password-123',
        confirm_password: 'password-123',
      });
      expect(res.status).toBe(200);
      await loginUser(ctx.t, client, username);
      expect((await client.get('/api/user/get_plan.php')).body.data.subscription).toMatchObject({
        plan: { id: plan.id, is_default: true },
        state: 'active',
        included_calls: 3,
      });
      // Only one plan is the default.
      await savePlan({ name: '另一个免费套餐', price: '0', is_default: true });
      const plans = (await admin.get('/api/admin/get_plans.php')).body.data.plans;
      expect(plans.filter((p: { is_default: boolean }) => p.is_default)).toHaveLength(1);
    });

    it('pays exactly the included calls from the plan, then the balance, under 2,000 concurrent calls', async () => {
      const api = await createGatewayApi(ctx.t, { is_paid: 1, price_per_call_milli: 3 });
      const plan = await savePlan({ price: '0', included_calls: 500 });
      const { user, apiKey, client } = await subscriber(300 * 3);
      expect((await client.post('/api/user/subscribe_plan.php', { plan_id: plan.id })).status).toBe(
        200,
      );
      const answers = await burst(client, api.name_en, apiKey);
      expect(answers.filter((a) => a.status === 200 && a.from === 'plan')).toHaveLength(500);
      expect(answers.filter((a) => a.status === 200 && a.from === 'balance')).toHaveLength(300);
      expect(answers.filter((a) => a.status === 402)).toHaveLength(1200);
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 0, expected: 0 });
      const mine = await client.get('/api/user/get_plan.php');
      expect(mine.body.data.subscription).toMatchObject({ used_calls: 500, left_calls: 0 });
    }, 120_000);

    it('pays exactly a day’s limit from the plan, then the balance, under 2,000 concurrent calls', async () => {
      const api = await createGatewayApi(ctx.t, { is_paid: 1, price_per_call_milli: 9 });
      const plan = await savePlan({
        price: '0',
        included_calls: 500,
        day_limit: 200,
        overage_price: '0.003',
      });
      const { user, apiKey, client } = await subscriber(300 * 3);
      expect((await client.post('/api/user/subscribe_plan.php', { plan_id: plan.id })).status).toBe(
        200,
      );
      await inOneHour(60_000);
      const answers = await burst(client, api.name_en, apiKey);
      expect(answers.filter((a) => a.status === 200 && a.from === 'plan')).toHaveLength(200);
      expect(answers.filter((a) => a.status === 200 && a.from === 'balance')).toHaveLength(300);
      expect(answers.filter((a) => a.status === 402)).toHaveLength(1500);
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 0, expected: 0 });
      const mine = await client.get('/api/user/get_plan.php');
      expect(mine.body.data.subscription).toMatchObject({ used_calls: 200, left_calls: 300 });
      expect(mine.body.data.subscription.windows[0]).toMatchObject({ window: 'day', used: 200 });
    }, 120_000);

    it('sells one period to 2,000 concurrent subscriptions of one user', async () => {
      const plan = await savePlan({ price: '0.5' });
      const { user, client } = await subscriber(100_000);
      const book = ctx.t.app.get<PlanBook>(PLAN_BOOK);
      const purchases = jest.spyOn(book, 'subscribe');
      const answers = await Promise.all(
        Array.from({ length: 2000 }, () =>
          client
            .post('/api/user/subscribe_plan.php', { plan_id: plan.id })
            .then((res) => `${res.status} ${res.body.code ?? ''}`.trim()),
        ),
      );
      const counts: Record<string, number> = {};
      for (const answer of answers) counts[answer] = (counts[answer] ?? 0) + 1;
      // One user's purchases go one at a time: those behind the one that bought are refused
      // without reaching the database.
      expect(counts).toEqual({ '200': 1, '409 plan.already_subscribed': 1999 });
      expect(purchases).toHaveBeenCalledTimes(1);
      purchases.mockRestore();
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 99_500, expected: 99_500 });
    }, 120_000);

    it('lets a purchase behind a refused one try, and one behind an unanswered one fail alike', async () => {
      const cheap = await savePlan({ price: '0.5' });
      const dear = await savePlan({ price: '5' });
      const { user, client } = await subscriber(1000);
      const book = ctx.t.app.get<PlanBook>(PLAN_BOOK);
      const subscribe = book.subscribe.bind(book);
      const purchases = jest.spyOn(book, 'subscribe');
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      /** The next purchase takes a second in the book, then `outcome`. */
      const slowly = (outcome: PlanBook['subscribe']) =>
        purchases.mockImplementationOnce(async (sale) => {
          await pause(1000);
          return outcome(sale);
        });
      const buy = (planId: number) =>
        client
          .post('/api/user/subscribe_plan.php', { plan_id: planId })
          .then((res) => `${res.status} ${res.body.code ?? ''}`.trim());
      /** `second` sent once `first` is in the book. */
      const behind = async (first: number, second: number) => {
        const before = purchases.mock.calls.length;
        const ahead = buy(first);
        while (purchases.mock.calls.length === before) await pause(10);
        return Promise.all([ahead, buy(second)]);
      };

      // The database gave no answer to the first: the one behind it is told so too.
      slowly(() => Promise.reject(new DatabaseTimeout('DB_QUERY_TIMEOUT', 'a statement', 5000)));
      expect(await behind(cheap.id, cheap.id)).toEqual([
        '503 server.unavailable',
        '503 server.unavailable',
      ]);
      // The first is refused for a short balance: the one behind it buys the cheap plan.
      slowly(subscribe);
      expect(await behind(dear.id, cheap.id)).toEqual(['402 plan.insufficient_balance', '200']);
      purchases.mockRestore();
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 500, expected: 500 });
    });
  },
  FAST,
);
