import { ContentEvents } from '../src/common/content-events';
import { ApiEntry } from '../src/database/entities';
import { LATENCY_BOUNDS_MS } from '../src/database/entities/api-health.entity';
import { ApiIncident } from '../src/database/entities';
import { HealthMonitor, HealthRecorder } from '../src/modules/api-health';
import { HealthStore } from '../src/modules/api-health/health-store';
import { BUCKET_MS } from '../src/modules/api-health/latency';
import { adminClient, apiBody } from './factories/admin';
import { createGatewayApi, createKeyedUser, ledgerOf } from './factories/gateway';
import { FlakyMode, startFlakyUpstream } from './fakes/flaky-upstream';
import { describeEachDb, HAS_MYSQL, startTestApp, TestApp } from './harness';
import { describeIf } from './requires';
import { xmlTexts } from './xml';

/** High limits; the monitor's own timer kept out of the way (the tests refresh it themselves). */
const LIMITS = {
  RATE_LIMIT_PER_KEY: '1000000',
  RATE_LIMIT_PER_IP: '1000000',
  HEALTH_REFRESH_MS: '3600000',
};

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
      expect(await calls(ctx.t, upstream, api, 5, { kind: 'hang', ms: 10_000 })).toEqual(
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
      // Every call is in the latency histogram, the 5 that timed out (after 200 ms) past 0.15 s.
      expect(metrics).toContain(`portico_api_latency_seconds_count{api="${api.name_en}"} 150`);
      expect(metrics).toContain(
        `portico_api_latency_seconds_bucket{le="+Inf",api="${api.name_en}"} 150`,
      );
      const within150ms = new RegExp(
        `portico_api_latency_seconds_bucket\\{le="0\\.15",api="${api.name_en}"\\} (\\d+)`,
      ).exec(metrics);
      expect(Number(within150ms?.[1])).toBeLessThanOrEqual(145);
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
      expect(await calls(ctx.t, upstream, api, 5, { kind: 'hang', ms: 10_000 }, key)).toEqual(
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
      const broken = await upstreamApi();
      await calls(ctx.t, upstream, fast, 50, { kind: 'ok' });
      await calls(ctx.t, upstream, broken, 50, { kind: 'status', status: 500 });
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
        return [fast, slow, flaky, quiet, broken].map((api) => ids.indexOf(api.id));
      };
      const [f, s, , q, b] = await order('fastest');
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(s);
      // Failing fast is not fast: the down API comes after the slow one that works.
      expect(s).toBeLessThan(b);
      expect(b).toBeLessThan(q);
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

/** A bucket's counts as the gateway would have added them: `calls` of 40 ms, `failures` of them failed. */
const bucketOf = (apiId: number, bucket: number, calls: number, failures: number) => {
  const histogram = new Array<number>(LATENCY_BOUNDS_MS.length + 1).fill(0);
  histogram[2] = calls;
  return {
    apiId,
    bucket,
    calls,
    failures,
    probes: 0,
    probeFailures: 0,
    latencySum: 40 * calls,
    histogram,
  };
};

describeEachDb(
  'incidents and the status page',
  (ctx) => {
    const incidentsOf = (apiId: number) =>
      ctx.t.dataSource.getRepository(ApiIncident).find({ where: { api_id: apiId } });
    /** The figures as of `at`, with the catalogue's and the status page's caches dropped. */
    const refreshAt = async (at: number) => {
      await ctx.t.app.get(HealthMonitor).refresh(at);
      await ctx.t.app.get(ContentEvents).changed('apis');
    };

    it('opens one incident, worsens it, ends it, and shows it on the page, the feed and the badge', async () => {
      const api = await createGatewayApi(ctx.t);
      const store = ctx.t.app.get(HealthStore);
      const start = Date.now();
      const bucket = Math.floor(start / BUCKET_MS);

      await store.add([bucketOf(api.id, bucket, 40, 10)]);
      await refreshAt(start);
      const opened = await incidentsOf(api.id);
      expect(opened).toMatchObject([{ state: 'degraded', calls: 40, success_permille: 750 }]);
      expect(opened[0].ended_at).toBeNull();

      // Five minutes on, the next bucket fails whole: 30 of 80 worked. The same incident worsens.
      await store.add([bucketOf(api.id, bucket + 1, 40, 40)]);
      await refreshAt(start + BUCKET_MS);
      expect(await incidentsOf(api.id)).toMatchObject([{ id: opened[0].id, state: 'down' }]);
      // A refresh that sees no change opens nothing.
      await refreshAt(start + BUCKET_MS);
      expect(await incidentsOf(api.id)).toHaveLength(1);
      const ongoing = await ctx.t.client().get('/api/get_status.php');
      expect(ongoing.body.data.incidents[0]).toMatchObject({
        api_id: api.id,
        state: 'down',
        ended_at: null,
      });
      expect(ongoing.body.data.apis[0]).toMatchObject({ id: api.id, state: 'down' });

      // 70 minutes on, the last hour holds only a bucket of working calls.
      await store.add([bucketOf(api.id, bucket + 14, 100, 0)]);
      await refreshAt(start + 14 * BUCKET_MS);
      const [ended] = await incidentsOf(api.id);
      expect(ended.ended_at).not.toBeNull();
      expect(ended.ended_at!.getTime() - ended.started_at.getTime()).toBeGreaterThanOrEqual(
        14 * BUCKET_MS - 1000,
      );

      const status = await ctx.t.client().get('/status.json');
      expect(status.status).toBe(200);
      expect(status.headers.get('access-control-allow-origin')).toBe('*');
      const row = status.body.apis.find((each: { id: number }) => each.id === api.id);
      // 180 calls in the 25–50 ms slot: the 95th percentile reads 25 + 0.95 × 25.
      expect(row).toMatchObject({ state: 'operational', uptime: 72.2, p95_ms: 49 });
      expect(row.days.reduce((sum: number, day: { calls: number }) => sum + day.calls, 0)).toBe(
        180,
      );
      expect(status.body.incidents[0]).toMatchObject({
        id: ended.id,
        name_en: api.name_en,
        state: 'down',
        calls: 40,
        success_rate: 75,
      });

      const feed = await ctx.t.client().get('/status.atom');
      expect(feed.status).toBe(200);
      expect(feed.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
      const atom = xmlTexts(feed.text);
      // The feed's own title, then the entries' (the newest first).
      expect(atom.get('title')?.[1]).toBe(`${api.name_en}: down (resolved)`);
      expect(atom.get('content')?.[0]).toContain('75% of 40 calls worked');

      const badge = await ctx.t.client().get(`/status/${api.name_en}.svg`);
      expect(badge.status).toBe(200);
      expect(badge.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(badge.headers.get('access-control-allow-origin')).toBe('*');
      expect(xmlTexts(badge.text).get('title')).toEqual([`${api.name_en}: operational`]);
      expect((await ctx.t.client().get('/status/no-such-api.svg')).status).toBe(404);
    });

    it('ends the incident of an API that is deleted', async () => {
      const api = await createGatewayApi(ctx.t);
      const store = ctx.t.app.get(HealthStore);
      await store.add([bucketOf(api.id, Math.floor(Date.now() / BUCKET_MS), 30, 30)]);
      await refreshAt(Date.now());
      expect(await incidentsOf(api.id)).toMatchObject([{ state: 'down', ended_at: null }]);
      await ctx.t.dataSource.getRepository(ApiEntry).delete({ id: api.id });
      await refreshAt(Date.now());
      const [incident] = await incidentsOf(api.id);
      expect(incident.ended_at).not.toBeNull();
      const status = await ctx.t.client().get('/api/get_status.php');
      expect(
        (status.body.data.incidents as { api_id: number }[]).some((i) => i.api_id === api.id),
      ).toBe(false);
    });

    it('lists only enabled APIs, down and degraded first', async () => {
      const off = await createGatewayApi(ctx.t, { status: 0 });
      const res = await ctx.t.client().get('/api/get_status.php');
      expect(res.status).toBe(200);
      const ids = (res.body.data.apis as { id: number }[]).map((api) => api.id);
      expect(ids).not.toContain(off.id);
      const order = { down: 0, degraded: 1, operational: 2, unknown: 2 };
      const ranks = (res.body.data.apis as { state: keyof typeof order }[]).map(
        (api) => order[api.state],
      );
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      expect((await ctx.t.client().get(`/status/${off.name_en}.svg`)).status).toBe(404);
    });
  },
  LIMITS,
);

describeEachDb('publishing guard', (ctx) => {
  it('refuses to enable an API that nothing serves, on create, update and the toggles', async () => {
    const admin = await adminClient(ctx.t);
    const unserved = { status: 1, upstream_url: '' };
    const refused = await admin.post('/api/admin/create_api.php', apiBody(unserved));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'apis.not_servable', field: 'upstream_url' });
    const unknownHandler = await admin.post(
      '/api/admin/create_api.php',
      apiBody({ ...unserved, handler: 'no-such-handler' }),
    );
    expect(unknownHandler.body.code).toBe('apis.not_servable');
    const before = await ctx.t.dataSource.getRepository(ApiEntry).count();

    const draft = await admin.post(
      '/api/admin/create_api.php',
      apiBody({ ...unserved, status: 0 }),
    );
    expect(draft.status).toBe(200);
    const id = draft.body.data.id as number;
    expect(await ctx.t.dataSource.getRepository(ApiEntry).count()).toBe(before + 1);

    const toggled = await admin.post('/api/admin/update_api_flags.php', { ids: [id], status: 1 });
    expect(toggled.status).toBe(400);
    expect(toggled.body.code).toBe('apis.not_servable');
    const updated = await admin.post(
      '/api/admin/update_api.php',
      apiBody({ ...unserved, id, name_en: draft.body.data.name_en }),
    );
    expect(updated.body.code).toBe('apis.not_servable');
    expect((await ctx.t.dataSource.getRepository(ApiEntry).findOneByOrFail({ id })).status).toBe(0);

    const served = await admin.post(
      '/api/admin/update_api.php',
      apiBody({ ...unserved, id, name_en: draft.body.data.name_en, handler: 'uuid' }),
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
    // Both saw the change at once; one of them wrote it, and opened the one incident.
    const incidents = await a.dataSource
      .getRepository(ApiIncident)
      .find({ where: { api_id: api.id } });
    expect(incidents).toMatchObject([{ state: 'degraded', calls: 60 }]);
  });
});
