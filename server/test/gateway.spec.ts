import { UsageRecorder } from '../src/modules/gateway/usage-recorder';
import { ContentEvents } from '../src/common/content-events';
import { KeysService } from '../src/modules/keys/keys.service';
import { createGatewayApi, createKeyedUser, ledgerOf } from './factories/gateway';
import { startUpstreamFake } from './fakes/upstream-fake';
import { describeEachDb, TestApp } from './harness';

/** Every gateway error body names its call, as X-Request-Id does. */
const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const flush = (t: TestApp) => t.app.get(UsageRecorder).flush();

async function counters(t: TestApp, apiId: number) {
  await flush(t);
  const [api] = await t.dataSource.query<
    {
      n: string;
    }[]
  >('SELECT usage_count AS n FROM apis WHERE id = ?', [apiId]);
  const [daily] = await t.dataSource.query<{ n: string }[]>(
    'SELECT COALESCE(SUM(calls), 0) AS n FROM api_daily_stats WHERE api_id = ?',
    [apiId],
  );
  return { usage: Number(api.n), daily: Number(daily.n) };
}

async function logsOf(t: TestApp, apiId: number) {
  await flush(t);
  return await t.dataSource.query<
    {
      user_id: number | null;
      access_url: string;
      user_agent: string;
      cost_milli: string;
      status_code: number;
      latency_ms: number;
    }[]
  >(
    'SELECT user_id, access_url, user_agent, cost_milli, status_code, latency_ms FROM access_logs WHERE api_id = ? ORDER BY id',
    [apiId],
  );
}

describeEachDb(
  'gateway',
  (ctx) => {
    it('serves a free built-in without a key and counts it without logging it', async () => {
      const api = await createGatewayApi(ctx.t, { handler: 'hash' });
      const res = await ctx.t
        .client()
        .get(`/apis/${api.name_en}`, { query: { text: 'abc', algo: 'md5' } });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ hash: '900150983cd24fb0d6963f7d28e17f72' });
      expect(res.headers.get('x-ratelimit-limit')).toBe('1000000');
      expect(await counters(ctx.t, api.id)).toEqual({ usage: 1, daily: 1 });
      expect(await logsOf(ctx.t, api.id)).toEqual([]);
    });

    it('logs a free call made with a key for the key owner, at no cost', async () => {
      const api = await createGatewayApi(ctx.t);
      const { user, apiKey } = await createKeyedUser(ctx.t, 0);
      const res = await ctx.t
        .client()
        .get(`/apis/${api.name_en}`, { headers: { 'x-api-key': apiKey } });
      expect(res.status).toBe(200);
      const [log] = await logsOf(ctx.t, api.id);
      expect(log).toMatchObject({ user_id: user.id, status_code: 200 });
      expect(Number(log.cost_milli)).toBe(0);
    });

    it('answers 404 for an unknown API and 403 for a disabled one', async () => {
      const client = ctx.t.client();
      expect((await client.get('/apis/no-such-api')).body).toEqual({
        success: false,
        request_id: expect.stringMatching(REQUEST_ID),
        message: 'API not found',
        code: 'gateway.api_not_found',
      });
      const disabled = await createGatewayApi(ctx.t, { status: 0 });
      const res = await client.get(`/apis/${disabled.name_en}`);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        success: false,
        request_id: expect.stringMatching(REQUEST_ID),
        message: 'this API is disabled',
        code: 'gateway.api_disabled',
      });
    });

    it('requires a valid key for paid APIs and charges exactly the price', async () => {
      const api = await createGatewayApi(ctx.t, { is_paid: 1, price_per_call_milli: 5 });
      const { user, apiKey } = await createKeyedUser(ctx.t, 12);
      const client = ctx.t.client();
      expect((await client.get(`/apis/${api.name_en}`)).status).toBe(401);
      expect(
        (await client.get(`/apis/${api.name_en}`, { headers: { 'x-api-key': 'pk_garbage' } })).body,
      ).toEqual({
        success: false,
        request_id: expect.stringMatching(REQUEST_ID),
        message: 'invalid API key',
        code: 'gateway.key_invalid',
      });
      expect(
        (await client.get(`/apis/${api.name_en}`, { headers: { 'x-api-key': 'x'.repeat(500) } }))
          .status,
      ).toBe(401);
      // the three ways to send a key
      expect(
        (await client.get(`/apis/${api.name_en}`, { headers: { 'x-api-key': apiKey } })).status,
      ).toBe(200);
      expect(
        (
          await client.get(`/apis/${api.name_en}`, {
            headers: { authorization: `Bearer ${apiKey}` },
          })
        ).status,
      ).toBe(200);
      const poor = await client.get(`/apis/${api.name_en}`, { query: { key: apiKey } });
      expect(poor.status).toBe(402);
      expect(poor.body).toEqual({
        success: false,
        request_id: expect.stringMatching(REQUEST_ID),
        message: 'insufficient balance: this call costs 0.005 yuan and your balance is 0.002 yuan',
        code: 'gateway.insufficient_balance',
      });
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 2, expected: 2 });
      expect(await counters(ctx.t, api.id)).toEqual({ usage: 2, daily: 2 });
    });

    it('never stores the key in the access URL and cuts long user agents', async () => {
      const api = await createGatewayApi(ctx.t, { handler: 'uuid' });
      const { apiKey } = await createKeyedUser(ctx.t, 0);
      const res = await ctx.t.client().get(`/apis/${api.name_en}`, {
        query: { count: 2, key: apiKey },
        headers: { 'user-agent': 'U'.repeat(2000) },
      });
      expect(res.status).toBe(200);
      const [log] = await logsOf(ctx.t, api.id);
      expect(log.access_url).toBe(`/apis/${api.name_en}?count=2`);
      expect(log.user_agent).toHaveLength(500);
      expect(log.user_id).not.toBeNull();
    });

    it('lets exactly the affordable calls through under 2,000 concurrent paid calls', async () => {
      const api = await createGatewayApi(ctx.t, {
        is_paid: 1,
        price_per_call_milli: 3,
        handler: 'uuid',
      });
      const { user, apiKey } = await createKeyedUser(ctx.t, 500 * 3);
      const client = ctx.t.client();
      const results = await Promise.all(
        Array.from({ length: 2000 }, () =>
          client
            .get(`/apis/${api.name_en}`, { headers: { 'x-api-key': apiKey } })
            .then((r) => r.status),
        ),
      );
      expect(results.filter((s) => s === 200)).toHaveLength(500);
      expect(results.filter((s) => s === 402)).toHaveLength(1500);
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 0, expected: 0 });
      const charged = (await logsOf(ctx.t, api.id)).filter((l) => Number(l.cost_milli) === 3);
      expect(charged).toHaveLength(500);
      expect(await counters(ctx.t, api.id)).toEqual({ usage: 500, daily: 500 });
    }, 120_000);

    it('refuses the old key at once after a key change', async () => {
      const api = await createGatewayApi(ctx.t, { is_paid: 1, price_per_call_milli: 1 });
      const free = await createGatewayApi(ctx.t);
      const { user, apiKey } = await createKeyedUser(ctx.t, 100);
      const client = ctx.t.client();
      expect(
        (await client.get(`/apis/${api.name_en}`, { headers: { 'x-api-key': apiKey } })).status,
      ).toBe(200);
      await ctx.t.app.get(KeysService).rotateDefault(user.id);
      expect(
        (await client.get(`/apis/${api.name_en}`, { headers: { 'x-api-key': apiKey } })).status,
      ).toBe(401);
      expect(
        (await client.get(`/apis/${free.name_en}`, { headers: { 'x-api-key': apiKey } })).status,
      ).toBe(401);
    });

    it('refunds failed upstream calls and keeps the ledger whole', async () => {
      const upstream = await startUpstreamFake();
      try {
        const api = await createGatewayApi(ctx.t, {
          handler: null,
          upstream_url: `${upstream.url}/v1`,
          upstream_timeout_ms: 300,
          request_method: 'POST',
          is_paid: 1,
          price_per_call_milli: 7,
        });
        const { user, apiKey } = await createKeyedUser(ctx.t, 1000);
        const client = ctx.t.client();
        const call = (path: string, init: { body?: unknown } = {}) =>
          client.request('POST', `/apis/${api.name_en}${path}`, init.body, {
            query: { q: 'x', key: apiKey },
            headers: { cookie: 'secret=1', 'x-custom': 'kept' },
          });

        const ok = await call('/ok', { body: { hello: 'world' } });
        expect(ok.status).toBe(200);
        expect(ok.headers.get('x-upstream')).toBe('yes');
        expect(ok.body).toEqual({ method: 'POST', url: '/v1/ok?q=x', body: '{"hello":"world"}' });
        const forwarded = upstream.seen.at(-1)!;
        expect(forwarded.headers['x-api-key']).toBeUndefined();
        expect(forwarded.headers.cookie).toBeUndefined();
        expect(forwarded.headers['x-custom']).toBe('kept');

        for (const path of ['/fail', '/slow', '/reset']) {
          const res = await call(path);
          expect(res.status).toBe(502);
          expect(res.body.success).toBe(false);
        }
        // Encoded climbs (%2e, %2f, %5c, double encoding) are refused before routing (security
        // spec); `..;` reaches the gateway, which refuses it as a climb and refunds the call.
        const climb = await call('/..;/admin');
        expect(climb.status).toBe(400);
        expect(climb.body).toEqual({
          success: false,
          request_id: expect.stringMatching(REQUEST_ID),
          code: 'gateway.invalid_path',
          message: 'invalid API path',
        });
        expect(upstream.seen.some((r) => r.url.includes('admin'))).toBe(false);

        const redirect = await call('/redirect');
        expect(redirect.status).toBe(302);
        expect(upstream.seen.some((r) => r.url.includes('elsewhere'))).toBe(false);

        // 2 charged (ok, redirect), 4 refunded (three failures, one path refused)
        expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 1000 - 14, expected: 1000 - 14 });
        const logs = await logsOf(ctx.t, api.id);
        expect(logs.map((l) => [Number(l.cost_milli), l.status_code])).toEqual([
          [7, 200],
          [0, 502],
          [0, 502],
          [0, 502],
          [0, 400],
          [7, 200],
        ]);
        // Charged rows are written before the call is made; their latency follows in the flush.
        const slow = Number(logs[2].latency_ms);
        expect(slow).toBeGreaterThanOrEqual(290);
        expect(slow).toBeLessThan(5000);
        expect(await counters(ctx.t, api.id)).toEqual({ usage: 2, daily: 2 });
      } finally {
        await upstream.close();
      }
    });

    it('refunds a paid built-in call rejected for bad parameters', async () => {
      const api = await createGatewayApi(ctx.t, {
        handler: 'hash',
        is_paid: 1,
        price_per_call_milli: 4,
      });
      const { user, apiKey } = await createKeyedUser(ctx.t, 10);
      const res = await ctx.t
        .client()
        .get(`/apis/${api.name_en}`, { headers: { 'x-api-key': apiKey } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        request_id: expect.stringMatching(REQUEST_ID),
        message: expect.stringMatching(/text/),
        code: 'gateway.invalid_param',
      });
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 10, expected: 10 });
    });

    it('answers hostile input with 4xx, never 5xx', async () => {
      const api = await createGatewayApi(ctx.t, { handler: 'base64' });
      const poster = await createGatewayApi(ctx.t, { handler: 'base64', request_method: 'POST' });
      const client = ctx.t.client();
      const statuses = [
        (await client.get(`/apis/${api.name_en}?action=encode&text=${'a'.repeat(60_000)}`)).status,
        (await client.get(`/apis/${api.name_en}?action=encode&text=%FF%FE`)).status,
        (await client.get(`/apis/${api.name_en}`, { headers: { 'x-api-key': '\u00e9' } })).status,
        (await client.request('PROPFIND', `/apis/${api.name_en}`)).status,
        (
          await client.post(`/apis/${poster.name_en}`, undefined, {
            raw: '{"action":',
            headers: { 'content-type': 'application/json' },
          })
        ).status,
        (
          await client.post(`/apis/${poster.name_en}`, undefined, {
            raw: 'x'.repeat(2 * 1024 * 1024),
            headers: { 'content-type': 'text/plain' },
          })
        ).status,
      ];
      for (const status of statuses) {
        expect(status).toBeGreaterThanOrEqual(200);
        expect(status).toBeLessThan(500);
      }
      expect(statuses.slice(2)).toEqual([401, 404, 400, 413]);
    });

    it('answers CORS preflights for browser callers', async () => {
      const api = await createGatewayApi(ctx.t);
      const res = await ctx.t.client().request('OPTIONS', `/apis/${api.name_en}`);
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-headers')).toContain('X-API-Key');
    });

    it('reloads the catalogue after an admin change', async () => {
      const api = await createGatewayApi(ctx.t);
      const client = ctx.t.client();
      expect((await client.get(`/apis/${api.name_en}`)).status).toBe(200);
      await ctx.t.dataSource.query('UPDATE apis SET status = 0 WHERE id = ?', [api.id]);
      await ctx.t.app.get(ContentEvents).changed('apis');
      expect((await client.get(`/apis/${api.name_en}`)).status).toBe(403);
    });
  },
  { RATE_LIMIT_PER_KEY: '1000000', RATE_LIMIT_PER_IP: '1000000', GATEWAY_FLUSH_MS: '60000' },
);

describeEachDb(
  'gateway rate limits',
  (ctx) => {
    it('limits anonymous callers per IP with headers and Retry-After', async () => {
      const api = await createGatewayApi(ctx.t);
      const client = ctx.t.client();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await client.get(`/apis/${api.name_en}`)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const limited = await client.get(`/apis/${api.name_en}`);
      expect(limited.body).toEqual({
        success: false,
        request_id: expect.stringMatching(REQUEST_ID),
        message: 'too many requests, try again later',
        code: 'gateway.rate_limited',
      });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    });

    it('limits keyed callers per key, independently of the IP', async () => {
      const api = await createGatewayApi(ctx.t);
      const { apiKey } = await createKeyedUser(ctx.t, 0);
      const client = ctx.t.client();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (await client.get(`/apis/${api.name_en}`, { headers: { 'x-api-key': apiKey } })).status,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    });
  },
  { RATE_LIMIT_PER_KEY: '3', RATE_LIMIT_PER_IP: '5' },
);
