import { ContentEvents } from '../src/common/content-events';
import { ApiEntry } from '../src/database/entities';
import { HealthMonitor, HealthRecorder } from '../src/modules/api-health';
import { adminClient, apiBody } from './factories/admin';
import { createGatewayApi, createKeyedUser, ledgerOf } from './factories/gateway';
import { FlakyMode, startFlakyUpstream } from './fakes/flaky-upstream';
import { describeEachDb, HAS_MYSQL, startTestApp, TestApp } from './harness';
import { describeIf } from './requires';

const LIMITS = { RATE_LIMIT_PER_KEY: '1000000', RATE_LIMIT_PER_IP: '1000000' };

type Upstream = Awaited<ReturnType<typeof startFlakyUpstream>>;

/** Makes `n` calls of the API (ten at a time) with the upstream in `mode`; their statuses. */
async function calls(
  t: TestApp,
  upstream: Upstream,
  api: ApiEntry,
  n: number,
  mode: FlakyMode,
  headers: Record<string, string> = {},
): Promise<number[]> {
  upstream.set(mode);
  const client = t.client();
  const statuses: number[] = [];
  for (let i = 0; i < n; i += 10) {
    const batch = Array.from({ length: Math.min(10, n - i) }, () =>
      client.get(`/apis/${api.name_en}`, { headers }).then((res) => res.status),
    );
    statuses.push(...(await Promise.all(batch)));
  }
  return statuses;
}

/** Writes the counted calls, works the figures out and drops the catalogue's 5-second cache. */
async function refreshed(t: TestApp): Promise<void> {
  await t.app.get(HealthRecorder).flush();
  await t.app.get(HealthMonitor).refresh();
  await t.app.get(ContentEvents).changed('apis');
}

const healthOf = async (t: TestApp, id: number) => {
  const res = await t.client().get('/api/get_api_detail.php', { query: { id } });
  expect(res.status).toBe(200);
  return res.body.data.health as Record<string, unknown> | null;
};

describeEachDb(
  'API health from real calls',
  (ctx) => {
    let upstream: Upstream;
    beforeAll(async () => {
      upstream = await startFlakyUpstream();
    });
    afterAll(() => upstream.close());

    const upstreamApi = (overrides: Partial<ApiEntry> = {}) =>
      createGatewayApi(ctx.t, {
        handler: null,
        upstream_url: `${upstream.url}/v1`,
        upstream_timeout_ms: 200,
        ...overrides,
      });

    it('goes operational → degraded → down as its upstream fails, timeouts included', async () => {
      const api = await upstreamApi();
      expect(await calls(ctx.t, upstream, api, 60, { kind: 'ok' })).toEqual(
        new Array(60).fill(200),
      );
      await refreshed(ctx.t);
      const healthy = await healthOf(ctx.t, api.id);
      expect(healthy).toMatchObject({ state: 'operational', calls: 60, success_rate: 100 });
      expect(healthy!.p50_ms).toBeLessThanOrEqual(healthy!.p95_ms as number);

      // An upstream's 5xx is a failed call: the gateway answers 502 (and refunds a charged one).
      expect(await calls(ctx.t, upstream, api, 10, { kind: 'status', status: 500 })).toEqual(
        new Array(10).fill(502),
      );
      // Held past the API's 200 ms timeout: the gateway answers 502 and counts a failure.
      expect(await calls(ctx.t, upstream, api, 5, { kind: 'hang', ms: 1000 })).toEqual(
        new Array(5).fill(502),
      );
      await refreshed(ctx.t);
      // 15 of 75 failed: 80 %.
      expect(await healthOf(ctx.t, api.id)).toMatchObject({
        state: 'degraded',
        calls: 75,
        success_rate: 80,
      });

      await calls(ctx.t, upstream, api, 75, { kind: 'status', status: 503 });
      await refreshed(ctx.t);
      // 90 of 150 failed: 40 %, under half.
      expect(await healthOf(ctx.t, api.id)).toMatchObject({
        state: 'down',
        calls: 150,
        success_rate: 40,
      });
      const metrics = (await ctx.t.client().get('/metrics')).text;
      expect(metrics).toContain(`portico_api_health_state{api="${api.name_en}",state="down"} 1`);
      expect(metrics).toContain(
        `portico_api_health_state{api="${api.name_en}",state="operational"} 0`,
      );
      expect(metrics).toMatch(
        new RegExp(`portico_api_success_ratio\\{api="${api.name_en}"\\} 0\\.4\\b`),
      );
    });

    it("counts the caller's own 4xx as the API working, and shows nothing below 50 calls", async () => {
      const api = await upstreamApi();
      await calls(ctx.t, upstream, api, 40, { kind: 'ok' });
      await calls(ctx.t, upstream, api, 9, { kind: 'status', status: 404 });
      await refreshed(ctx.t);
      expect(await healthOf(ctx.t, api.id)).toBeNull();
      const listed = await ctx.t.client().get('/api/get_api_list.php', {
        query: { per_page: 100, sort: 'newest' },
      });
      expect(listed.body.data.find((row: { id: number }) => row.id === api.id)).toMatchObject({
        health: null,
      });

      await calls(ctx.t, upstream, api, 1, { kind: 'status', status: 404 });
      await refreshed(ctx.t);
      expect(await healthOf(ctx.t, api.id)).toMatchObject({
        state: 'operational',
        calls: 50,
        success_rate: 100,
      });
    });

    it('counts charged calls too, and refunds the failed ones as before', async () => {
      const api = await upstreamApi({ is_paid: 1, price_per_call_milli: 3 });
      const { user, apiKey } = await createKeyedUser(ctx.t, 1000);
      const key = { 'x-api-key': apiKey };
      await calls(ctx.t, upstream, api, 45, { kind: 'ok' }, key);
      // Timed out: refunded, and counted as the API failing.
      expect(await calls(ctx.t, upstream, api, 5, { kind: 'hang', ms: 1000 }, key)).toEqual(
        new Array(5).fill(502),
      );
      await refreshed(ctx.t);
      expect(await healthOf(ctx.t, api.id)).toMatchObject({
        state: 'degraded',
        calls: 50,
        success_rate: 90,
      });
      const ledger = await ledgerOf(ctx.t, user.id);
      expect(ledger.balance).toBe(1000 - 45 * 3);
      expect(ledger.balance).toBe(ledger.expected);
    });

    it('sorts the catalogue by speed and by reliability, APIs without figures last', async () => {
      const fast = await upstreamApi();
      const slow = await upstreamApi();
      const flaky = await upstreamApi();
      const quiet = await upstreamApi();
      await calls(ctx.t, upstream, fast, 50, { kind: 'ok' });
      await calls(ctx.t, upstream, slow, 50, { kind: 'ok', delayMs: 120 });
      await calls(ctx.t, upstream, flaky, 45, { kind: 'ok' });
      await calls(ctx.t, upstream, flaky, 5, { kind: 'status', status: 500 });
      await calls(ctx.t, upstream, quiet, 3, { kind: 'ok' });
      await refreshed(ctx.t);
      const order = async (sort: string) => {
        const res = await ctx.t.client().get('/api/get_api_list.php', {
          query: { per_page: 100, sort },
        });
        expect(res.status).toBe(200);
        const ids = (res.body.data as { id: number }[]).map((row) => row.id);
        return [fast, slow, flaky, quiet].map((api) => ids.indexOf(api.id));
      };
      const [f, s, , q] = await order('fastest');
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(s);
      expect(s).toBeLessThan(q);
      const [rf, rs, rfl, rq] = await order('reliable');
      expect(Math.max(rf, rs)).toBeLessThan(rfl);
      expect(rf).toBeLessThan(rs);
      expect(rfl).toBeLessThan(rq);
      const refused = await ctx.t.client().get('/api/get_api_list.php', {
        query: { sort: 'slowest' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('apis.invalid_sort');
    });
  },
  LIMITS,
);

describeEachDb('publishing guard', (ctx) => {
  it('refuses to enable an API that nothing serves, on create, update and the toggles', async () => {
    const admin = await adminClient(ctx.t);
    const refused = await admin.post('/api/admin/create_api.php', apiBody({ status: 1 }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'apis.not_servable', field: 'upstream_url' });
    const unknownHandler = await admin.post(
      '/api/admin/create_api.php',
      apiBody({ status: 1, handler: 'no-such-handler' }),
    );
    expect(unknownHandler.body.code).toBe('apis.not_servable');
    const before = await ctx.t.dataSource.getRepository(ApiEntry).count();

    const draft = await admin.post('/api/admin/create_api.php', apiBody({ status: 0 }));
    expect(draft.status).toBe(200);
    const id = draft.body.data.id as number;
    expect(await ctx.t.dataSource.getRepository(ApiEntry).count()).toBe(before + 1);

    const toggled = await admin.post('/api/admin/update_api_flags.php', { ids: [id], status: 1 });
    expect(toggled.status).toBe(400);
    expect(toggled.body.code).toBe('apis.not_servable');
    const updated = await admin.post(
      '/api/admin/update_api.php',
      apiBody({ id, name_en: draft.body.data.name_en, status: 1 }),
    );
    expect(updated.body.code).toBe('apis.not_servable');
    expect((await ctx.t.dataSource.getRepository(ApiEntry).findOneByOrFail({ id })).status).toBe(0);

    const served = await admin.post(
      '/api/admin/update_api.php',
      apiBody({ id, name_en: draft.body.data.name_en, status: 1, handler: 'uuid' }),
    );
    expect(served.status).toBe(200);
    const upstream = await admin.post(
      '/api/admin/create_api.php',
      apiBody({ status: 1, upstream_url: 'https://upstream.example/v1' }),
    );
    expect(upstream.status).toBe(200);
    expect(upstream.body.data.status).toBe(1);
  });
});

describeIf(HAS_MYSQL, 'TEST_MYSQL_URL')('API health across two instances', () => {
  let a: TestApp;
  let b: TestApp;
  let upstream: Upstream;
  beforeAll(async () => {
    upstream = await startFlakyUpstream();
    a = await startTestApp('mysql', { ...LIMITS, GATEWAY_FLUSH_MS: '60000' });
    b = await startTestApp('mysql', {
      ...LIMITS,
      GATEWAY_FLUSH_MS: '60000',
      DATABASE_URL: a.env.DATABASE_URL,
    });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await upstream?.close();
  });

  it("adds both instances' calls and agrees on the figures", async () => {
    const api = await createGatewayApi(a, { handler: null, upstream_url: `${upstream.url}/v1` });
    await b.app.get(ContentEvents).changed('apis');
    await calls(a, upstream, api, 30, { kind: 'ok' });
    await calls(b, upstream, api, 25, { kind: 'ok' });
    await calls(b, upstream, api, 5, { kind: 'status', status: 500 });
    await Promise.all([a.app.get(HealthRecorder).flush(), b.app.get(HealthRecorder).flush()]);
    await Promise.all([a.app.get(HealthMonitor).refresh(), b.app.get(HealthMonitor).refresh()]);
    await Promise.all([a, b].map((t) => t.app.get(ContentEvents).changed('apis')));
    const expected = { state: 'degraded', calls: 60, success_rate: 91.6 };
    expect(await healthOf(a, api.id)).toMatchObject(expected);
    expect(await healthOf(b, api.id)).toMatchObject(expected);
  });
});
