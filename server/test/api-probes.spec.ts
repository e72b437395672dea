import { ContentEvents } from '../src/common/content-events';
import type { ApiIncidentEvent, IncidentChange } from '../src/contracts/health';
import {
  AccessLog,
  ApiEntry,
  ApiHealthBucket,
  ApiIncident,
  ApiProbe,
} from '../src/database/entities';
import { HealthMonitor, HealthRecorder } from '../src/modules/api-health';
import { ProbeRunner } from '../src/modules/probes';
import { seedDatabase } from '../src/seed/seed';
import { adminClient } from './factories/admin';
import { createGatewayApi, createKeyedUser, ledgerOf } from './factories/gateway';
import { FlakyMode, startFlakyUpstream } from './fakes/flaky-upstream';
import { HAS_MYSQL, startTestApp, TEST_DATABASES, TestApp } from './harness';
import type { HttpClient } from './http-client';
import { describeIf } from './requires';
import { startSmtp } from './smtp';
import type { TestSmtp } from './smtp';
import { startReceiver, until, verifySignature } from './webhook-receiver';

/** High limits; the monitor's and the runner's timers kept out of the way (the tests drive them). */
const LIMITS = {
  RATE_LIMIT_PER_KEY: '1000000',
  RATE_LIMIT_PER_IP: '1000000',
  HEALTH_REFRESH_MS: '3600000',
  HEALTH_PROBE_TICK_MS: '60000',
  ALERT_WEBHOOK_ALLOW_LOOPBACK: 'true',
  ALERT_RETRY_MS: '100',
};

type Upstream = Awaited<ReturnType<typeof startFlakyUpstream>>;

const PROBE = {
  enabled: 1,
  method: 'GET',
  query: 'probe=1',
  body: null,
  expected_status: 200,
  interval_s: 30,
  timeout_ms: 300,
};

describe.each(TEST_DATABASES)('API probes [%s]', (db) => {
  let t: TestApp;
  let admin: HttpClient;
  let upstream: Upstream;
  beforeAll(async () => {
    upstream = await startFlakyUpstream();
    t = await startTestApp(db, LIMITS);
    admin = await adminClient(t);
  });
  afterAll(async () => {
    await t?.close();
    await upstream?.close();
  });

  const upstreamApi = (overrides: Partial<ApiEntry> = {}) =>
    createGatewayApi(t, { handler: null, upstream_url: `${upstream.url}/v1`, ...overrides });

  it('runs once per interval however many instances look, charges nobody, counts as a probe', async () => {
    const api = await upstreamApi({ is_paid: 1, price_per_call_milli: 5 });
    const { user } = await createKeyedUser(t, 1000);
    const saved = await admin.post('/api/admin/save_api_probe.php', { id: api.id, ...PROBE });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ api_id: api.id, last_run_at: null, query: 'probe=1' });

    upstream.set({ kind: 'ok' });
    const runner = t.app.get(ProbeRunner);
    const before = upstream.received;
    const now = Date.now();
    // Looks at the same moment share one run; a look before the interval is up runs nothing.
    // (Instances that look at once each claim it: one wins, see the two-instance suite.)
    await Promise.all([runner.runDue(now), runner.runDue(now)]);
    await runner.runDue(now + 1000);
    expect(upstream.received - before).toBe(1);
    await runner.runDue(now + 30_000);
    expect(upstream.received - before).toBe(2);

    const probe = await admin.get('/api/admin/get_api_probe.php', { query: { id: api.id } });
    expect(probe.body.data).toMatchObject({
      last_status: 200,
      last_error: '',
      consecutive_passes: 2,
      consecutive_failures: 0,
    });
    await t.app.get(HealthRecorder).flush();
    const buckets = await t.dataSource.getRepository(ApiHealthBucket).findBy({ api_id: api.id });
    expect(buckets.reduce((n, b) => n + b.probes, 0)).toBe(2);
    expect(buckets.reduce((n, b) => n + b.calls, 0)).toBe(2);
    // A paid API's probes: no call log row, no money moved.
    expect(await t.dataSource.getRepository(AccessLog).countBy({ api_id: api.id })).toBe(0);
    const ledger = await ledgerOf(t, user.id);
    expect(ledger).toEqual({ balance: 1000, expected: 1000 });
  });

  it('says why a run failed, and runs now on demand', async () => {
    const api = await upstreamApi();
    await admin.post('/api/admin/save_api_probe.php', { id: api.id, ...PROBE });
    upstream.set({ kind: 'status', status: 404 });
    const wrong = await admin.post('/api/admin/run_api_probe.php', { id: api.id });
    expect(wrong.status).toBe(200);
    expect(wrong.body.data).toMatchObject({
      last_status: 404,
      last_error: 'answered 404, expected 200',
      consecutive_failures: 1,
    });
    upstream.set({ kind: 'hang', ms: 10_000 });
    const slow = await admin.post('/api/admin/run_api_probe.php', { id: api.id });
    expect(slow.body.data).toMatchObject({ last_status: 0, consecutive_failures: 2 });
    expect(slow.body.data.last_error).toMatch(/timed out/);
    upstream.set({ kind: 'status', status: 500 });
    const failed = await admin.post('/api/admin/run_api_probe.php', { id: api.id });
    expect(failed.body.data).toMatchObject({ last_status: 500, consecutive_failures: 3 });

    // Changing what it sends starts its runs again; changing only how often keeps them.
    const often = await admin.post('/api/admin/save_api_probe.php', {
      id: api.id,
      ...PROBE,
      interval_s: 45,
    });
    expect(often.body.data).toMatchObject({ interval_s: 45, consecutive_failures: 3 });
    const other = await admin.post('/api/admin/save_api_probe.php', {
      id: api.id,
      ...PROBE,
      expected_status: 500,
    });
    expect(other.body.data).toMatchObject({ consecutive_failures: 0, consecutive_passes: 0 });

    const removed = await admin.post('/api/admin/delete_api_probe.php', { id: api.id });
    expect(removed.status).toBe(200);
    expect(
      (await admin.get('/api/admin/get_api_probe.php', { query: { id: api.id } })).body.data,
    ).toBeNull();
    const gone = await admin.post('/api/admin/run_api_probe.php', { id: api.id });
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('admin.probe_not_found');
  });

  it('refuses a probe it could not run, naming the field, and changes nothing', async () => {
    const api = await upstreamApi();
    const refusals: [Record<string, unknown>, string][] = [
      [{ interval_s: 29 }, 'interval_s'],
      [{ interval_s: 'often' }, 'interval_s'],
      [{ timeout_ms: 60_001 }, 'timeout_ms'],
      [{ expected_status: 99 }, 'expected_status'],
      [{ method: 'TRACE' }, 'method'],
      [{ body: '{"a":1}' }, 'body'],
      [{ method: 'POST', body: '{not json' }, 'body'],
      [{ query: 'x'.repeat(2001) }, 'query'],
    ];
    for (const [change, field] of refusals) {
      const res = await admin.post('/api/admin/save_api_probe.php', {
        id: api.id,
        ...PROBE,
        ...change,
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, field });
    }
    expect(await t.dataSource.getRepository(ApiProbe).countBy({ api_id: api.id })).toBe(0);
    // A probe sends its body as JSON, which an API taking a form or an upload would refuse.
    for (const request_format of [
      'application/x-www-form-urlencoded',
      'multipart/form-data',
    ] as const) {
      const form = await upstreamApi({ request_method: 'POST', request_format });
      const res = await admin.post('/api/admin/save_api_probe.php', {
        id: form.id,
        ...PROBE,
        method: 'POST',
        body: '{"a":1}',
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'request.validation', field: 'body' });
      expect(res.body.message).toContain(request_format);
      const queryOnly = await admin.post('/api/admin/save_api_probe.php', {
        id: form.id,
        ...PROBE,
        method: 'POST',
      });
      expect(queryOnly.status).toBe(200);
    }
    const missing = await admin.post('/api/admin/save_api_probe.php', { id: 999_999, ...PROBE });
    expect(missing.status).toBe(404);
    const anonymous = await t
      .client()
      .get('/api/admin/get_api_probe.php', { query: { id: api.id } });
    expect(anonymous.status).toBe(401);
  });

  it('makes an API down after three failed probes in a row, and says so', async () => {
    const api = await createGatewayApi(t);
    await admin.post('/api/admin/save_api_probe.php', {
      id: api.id,
      ...PROBE,
      query: '',
      expected_status: 201,
    });
    for (let i = 0; i < 3; i++) {
      const ran = await admin.post('/api/admin/run_api_probe.php', { id: api.id });
      expect(ran.body.data.last_error).toBe('answered 200, expected 201');
    }
    await t.app.get(HealthRecorder).flush();
    await t.app.get(HealthMonitor).refresh();
    await t.app.get(ContentEvents).changed('apis');
    const status = await t.client().get('/status.json');
    expect(
      status.body.incidents.find((i: { api_id: number }) => i.api_id === api.id),
    ).toMatchObject({ state: 'down', cause: 'probe', ended_at: null });
    // Automatic maintenance is off here: the API is down but still serves its calls.
    expect((await t.client().get(`/apis/${api.name_en}`)).status).toBe(200);
    const feed = await t.client().get('/status.atom');
    expect(feed.text).toContain(`${api.name_en} was down from`);
    expect(feed.text).toContain('its probe failed.');
    const badge = await t.client().get(`/status/${api.name_en}.svg`);
    expect(badge.text).toContain(`<title>${api.name_en}: down</title>`);
  });

  it('removes the probe with its API', async () => {
    const api = await upstreamApi();
    await admin.post('/api/admin/save_api_probe.php', { id: api.id, ...PROBE });
    const deleted = await admin.post('/api/admin/delete_api.php', { id: api.id });
    expect(deleted.status).toBe(200);
    expect(await t.dataSource.getRepository(ApiProbe).countBy({ api_id: api.id })).toBe(0);
  });

  it('gives every seeded built-in but an upload a probe from its example, and each passes', async () => {
    const demo = await startTestApp(db, { ...LIMITS, SEED_DEMO: 'true' });
    try {
      await seedDatabase(demo.dataSource, demo.env);
      const probes = await demo.dataSource.getRepository(ApiProbe).find();
      const apis = await demo.dataSource.getRepository(ApiEntry).find();
      // A probe sends a query or JSON: the multipart file-hash has none.
      const uploads = apis.filter((api) => api.request_format === 'multipart/form-data');
      expect(uploads.map((api) => api.name_en)).toEqual(['file-hash']);
      expect(probes.map((p) => p.api_id).sort((a, b) => a - b)).toEqual(
        apis
          .filter((api) => !uploads.includes(api))
          .map((api) => api.id)
          .sort((a, b) => a - b),
      );
      expect(probes.every((p) => p.interval_s === 300 && p.enabled === 1)).toBe(true);
      await demo.app.get(ProbeRunner).runDue(Date.now());
      const ran = await demo.dataSource.getRepository(ApiProbe).find();
      const failing = ran.filter((p) => p.last_status !== 200);
      expect(failing.map((p) => [p.api_id, p.last_status, p.last_error])).toEqual([]);
    } finally {
      await demo.close();
    }
  });
});

/**
 * An API's way through its states, its incident and its notifications, with `instances` looking
 * at once at every step (one instance, or two on one database).
 */
async function walkThroughStates(instances: TestApp[], upstream: Upstream, smtp: TestSmtp) {
  const [t] = instances;
  const receiver = await startReceiver();
  try {
    const admin = await adminClient(t);
    const settings = await admin.post('/api/admin/update_config.php', {
      health_auto_maintenance: 1,
      health_down_probe_failures: 2,
      health_alert_email: 'ops@portico.test',
      health_alert_webhook_url: receiver.url('/incidents'),
    });
    expect(settings.status).toBe(200);
    const secret = settings.body.data.health_alert_webhook_secret as string;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);

    const api = await createGatewayApi(t, {
      handler: null,
      upstream_url: `${upstream.url}/v1`,
      upstream_timeout_ms: 300,
      is_paid: 1,
      price_per_call_milli: 2,
    });
    const saved = await admin.post('/api/admin/save_api_probe.php', { id: api.id, ...PROBE });
    expect(saved.status).toBe(200);
    const { user, apiKey } = await createKeyedUser(t, 10_000);
    const start = Date.now();
    let worked = 0;

    const call = async (n: number, mode: FlakyMode) => {
      upstream.set(mode);
      const statuses: number[] = [];
      for (let i = 0; i < n; i += 10) {
        const batch = Array.from({ length: Math.min(10, n - i) }, (_, j) =>
          instances[(i + j) % instances.length]
            .client()
            .get(`/apis/${api.name_en}`, { headers: { 'x-api-key': apiKey } })
            .then((res) => res.status),
        );
        statuses.push(...(await Promise.all(batch)));
      }
      worked += statuses.filter((status) => status === 200).length;
      return statuses;
    };
    // Every instance looks at once; whichever claims the run, the upstream is probed once.
    const probe = async (at: number, mode: FlakyMode) => {
      upstream.set(mode);
      const before = upstream.received;
      await Promise.all(instances.map((each) => each.app.get(ProbeRunner).runDue(at)));
      expect(upstream.received - before).toBe(1);
    };
    const look = async () => {
      await Promise.all(instances.map((each) => each.app.get(HealthRecorder).flush()));
      await Promise.all(instances.map((each) => each.app.get(HealthMonitor).refresh()));
      await Promise.all(instances.map((each) => each.app.get(ContentEvents).changed('apis')));
    };
    const stateOf = async () =>
      (
        await t.dataSource.query<{ state: string }[]>(
          'SELECT state FROM api_health WHERE api_id = ?',
          [api.id],
        )
      )[0]?.state;
    const maintenanceOf = async () =>
      (await t.dataSource.getRepository(ApiEntry).findOneByOrFail({ id: api.id })).maintenance_at;

    expect(await call(40, { kind: 'ok' })).toEqual(new Array(40).fill(200));
    await probe(start, { kind: 'ok' });
    await look();
    expect(await stateOf()).toBe('operational');

    // 4 of 45 fail: degraded. A failing upstream's charged calls are refunded (502).
    expect(await call(4, { kind: 'status', status: 500 })).toEqual(new Array(4).fill(502));
    await look();
    expect(await stateOf()).toBe('degraded');

    // Most calls fail, and so does the probe: down, and then in maintenance.
    await call(50, { kind: 'status', status: 503 });
    await probe(start + 30_000, { kind: 'status', status: 503 });
    await look();
    expect(await stateOf()).toBe('down');
    expect(await maintenanceOf()).not.toBeNull();
    for (const each of instances) {
      const refused = await each
        .client()
        .get(`/apis/${api.name_en}`, { headers: { 'x-api-key': apiKey } });
      expect(refused.status).toBe(503);
      expect(refused.body.code).toBe('gateway.maintenance');
      expect(refused.headers.get('retry-after')).toBe('30');
    }
    const badge = await t.client().get(`/status/${api.name_en}.svg`);
    expect(badge.text).toContain(`<title>${api.name_en}: maintenance</title>`);
    const status = await t.client().get('/api/get_status.php');
    expect(
      (status.body.data.apis as { id: number; maintenance: boolean }[]).find(
        (a) => a.id === api.id,
      ),
    ).toMatchObject({ state: 'down', maintenance: true });

    // The probe passes once: still in maintenance (two passes in a row take it out).
    await probe(start + 60_000, { kind: 'ok' });
    await look();
    expect(await maintenanceOf()).not.toBeNull();
    await probe(start + 90_000, { kind: 'ok' });
    await look();
    expect(await maintenanceOf()).toBeNull();
    expect(await stateOf()).toBe('operational');
    expect(await call(10, { kind: 'ok' })).toEqual(new Array(10).fill(200));
    // The failures that took it in no longer count: looking again changes nothing.
    await look();
    expect(await stateOf()).toBe('operational');

    const incidents = await t.dataSource.getRepository(ApiIncident).findBy({ api_id: api.id });
    expect(incidents).toHaveLength(1);
    expect(incidents[0]).toMatchObject({ state: 'down', cause: 'traffic', calls: 45 });
    expect(incidents[0].ended_at).not.toBeNull();

    // One notification per change, each once. Two instances may each make one of the changes of
    // a single look (one worsens the incident, the other puts the API into maintenance) and send
    // at once, so they may arrive in either order: compared by change, not by arrival.
    const expected: Record<IncidentChange, [string, boolean, string]> = {
      started: ['degraded', false, 'is degraded'],
      worsened: ['down', false, 'is now down'],
      maintenance: ['down', true, 'was put into maintenance'],
      ended: ['operational', false, 'is operational again'],
    };
    const changes = Object.keys(expected).sort();
    const mine = () => receiver.hooks.filter((h) => h.body.includes(`"api_id":${api.id}`));
    await until(() => (mine().length >= changes.length ? true : undefined));
    // Give a doubled delivery time to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const events = mine().map((h) => {
      expect(h.headers['x-portico-event']).toBe('api.incident');
      expect(verifySignature(secret, h.headers, h.body)).toBe(true);
      return JSON.parse(h.body) as ApiIncidentEvent;
    });
    expect(events.map((e) => e.change).sort()).toEqual(changes);
    for (const event of events) {
      const [state, maintenance] = expected[event.change];
      expect([event.change, event.state, event.maintenance]).toEqual([
        event.change,
        state,
        maintenance,
      ]);
    }
    expect(new Set(events.map((e) => e.incident_id))).toEqual(new Set([incidents[0].id]));
    const sentMails = () => smtp.mails.filter((m) => m.subject.includes(api.name_en));
    await until(() => (sentMails().length >= changes.length ? true : undefined));
    const mails = sentMails();
    expect(mails.map((m) => m.subject).sort()).toEqual(
      Object.values(expected)
        .map(([, , words]) => `[Portico] ${api.name_en} ${words}`)
        .sort(),
    );
    expect(mails.every((m) => m.to.join() === 'ops@portico.test')).toBe(true);

    // Money: each call that worked paid its price; refused and failed ones cost nothing.
    const ledger = await ledgerOf(t, user.id);
    expect(ledger.balance).toBe(10_000 - 2 * worked);
    expect(ledger.balance).toBe(ledger.expected);
  } finally {
    await receiver.close();
  }
}

describe.each(TEST_DATABASES)('states, maintenance and notifications [%s]', (db) => {
  let upstream: Upstream;
  let smtp: TestSmtp;
  let t: TestApp;
  beforeAll(async () => {
    upstream = await startFlakyUpstream();
    smtp = await startSmtp();
    t = await startTestApp(db, { ...LIMITS, SMTP_URL: smtp.url, SMTP_FROM: 'p@portico.test' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await upstream?.close();
  });

  it('drives an API through degraded, down and maintenance back to operational', async () => {
    await walkThroughStates([t], upstream, smtp);
  });
});

describeIf(HAS_MYSQL, 'TEST_MYSQL_URL')('states across two instances', () => {
  let upstream: Upstream;
  let smtp: TestSmtp;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    upstream = await startFlakyUpstream();
    smtp = await startSmtp();
    const vars = { ...LIMITS, SMTP_URL: smtp.url, SMTP_FROM: 'p@portico.test' };
    a = await startTestApp('mysql', vars);
    b = await startTestApp('mysql', { ...vars, DATABASE_URL: a.env.DATABASE_URL });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await smtp?.close();
    await upstream?.close();
  });

  it('opens one incident and sends one notification per change, whichever instance sees it', async () => {
    await walkThroughStates([a, b], upstream, smtp);
  });
});
