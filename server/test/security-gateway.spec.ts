import { request as httpRequest } from 'node:http';
import { Logger } from '@nestjs/common';
import type { ApiEntry } from '../src/database/entities';
import { UsageRecorder } from '../src/modules/gateway/usage-recorder';
import { createGatewayApi, createKeyedUser, ledgerOf } from './factories/gateway';
import { ORIGIN_HEADERS, startUpstreamFake } from './fakes/upstream-fake';
import { describeEachDb, TestApp } from './harness';

/** Every log row of the given APIs (the usage recorder's batches written first). */
async function logRows(t: TestApp, apiIds: number[]) {
  await t.app.get(UsageRecorder).flush();
  const rows = await t.dataSource.query<{ n: string | number }[]>(
    `SELECT COUNT(*) AS n FROM access_logs WHERE api_id IN (${apiIds.map(() => '?').join(', ')})`,
    apiIds,
  );
  return Number(rows[0].n);
}

/** A call made with node:http, which sends `Expect: 100-continue` and waits for the 100. */
function expectContinue(
  t: TestApp,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; text: string }> {
  const { port } = new URL(t.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { ...headers, expect: '100-continue', 'content-length': String(body.length) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('continue', () => req.end(body));
    req.on('error', reject);
    req.flushHeaders();
  });
}

describeEachDb(
  'gateway methods, HEAD and headers',
  (ctx) => {
    let upstream: Awaited<ReturnType<typeof startUpstreamFake>>;
    beforeAll(async () => {
      upstream = await startUpstreamFake();
    });
    afterAll(async () => {
      await upstream.close();
    });
    const paidApi = (price: number) =>
      createGatewayApi(ctx.t, { handler: 'uuid', is_paid: 1, price_per_call_milli: price });
    const upstreamApi = (url: string, overrides: Partial<ApiEntry> = {}) =>
      createGatewayApi(ctx.t, { handler: null, upstream_url: url, ...overrides });

    it('answers 405 with Allow to every method an API does not declare, charging and logging nothing', async () => {
      const free = await createGatewayApi(ctx.t, { handler: 'uuid' });
      const paid = await paidApi(5);
      const paidUpstream = await upstreamApi(`${upstream.url}/v1`, {
        is_paid: 1,
        price_per_call_milli: 7,
      });
      const postUpstream = await upstreamApi(`${upstream.url}/v2`, {
        request_method: 'POST',
        is_paid: 1,
        price_per_call_milli: 3,
      });
      const { user, apiKey } = await createKeyedUser(ctx.t, 1000);
      const seenBefore = upstream.seen.length;
      const client = ctx.t.client();
      const matrix: [typeof free, string, string[]][] = [
        [free, 'GET, HEAD, OPTIONS', ['POST', 'PUT', 'DELETE', 'PATCH']],
        [paid, 'GET, HEAD, OPTIONS', ['POST', 'PUT', 'DELETE', 'PATCH']],
        [paidUpstream, 'GET, HEAD, OPTIONS', ['POST', 'PUT', 'DELETE', 'PATCH']],
        [postUpstream, 'POST, OPTIONS', ['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH']],
      ];
      for (const [api, allow, methods] of matrix) {
        for (const method of methods) {
          for (const headers of [{ 'x-api-key': apiKey }, {} as Record<string, string>]) {
            const res = await client.request(
              method,
              `/apis/${api.name_en}/ok`,
              method === 'GET' || method === 'HEAD' ? undefined : { a: 1 },
              { headers },
            );
            expect([api.name_en, method, res.status]).toEqual([api.name_en, method, 405]);
            expect(res.headers.get('allow')).toBe(allow);
            expect(res.headers.get('x-cost')).toBe('0.000');
            expect(res.headers.get('x-balance')).toBeNull();
            if (method !== 'HEAD') {
              expect(res.body).toEqual({
                success: false,
                message: `this API takes ${api.request_method} requests, not ${method}`,
                code: 'gateway.method_not_allowed',
                request_id: expect.any(String),
              });
            }
          }
        }
      }
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 1000, expected: 1000 });
      expect(await logRows(ctx.t, [free.id, paid.id, paidUpstream.id, postUpstream.id])).toBe(0);
      expect(upstream.seen.length).toBe(seenBefore);

      // The declared method goes through and is charged once.
      const posted = await client.post(
        `/apis/${postUpstream.name_en}/ok`,
        { a: 1 },
        {
          headers: { 'x-api-key': apiKey },
        },
      );
      expect(posted.status).toBe(200);
      expect(posted.headers.get('x-balance')).toBe('0.997');
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 997, expected: 997 });
    });

    it('keeps answering CORS preflights, whatever method the API declares', async () => {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const api = await createGatewayApi(ctx.t, { request_method: method });
        const res = await ctx.t.client().request('OPTIONS', `/apis/${api.name_en}`);
        expect(res.status).toBe(204);
        expect(res.headers.get('access-control-allow-origin')).toBe('*');
        expect(res.headers.get('access-control-allow-methods')).toContain(method);
      }
    });

    it('answers HEAD on a paid API free, without running it or logging it', async () => {
      const paid = await paidApi(5);
      const paidUpstream = await upstreamApi(`${upstream.url}/head`, {
        is_paid: 1,
        price_per_call_milli: 5,
      });
      const free = await createGatewayApi(ctx.t, { handler: 'uuid' });
      const { user, apiKey } = await createKeyedUser(ctx.t, 100);
      const client = ctx.t.client();
      const seenBefore = upstream.seen.length;
      for (const api of [paid, paidUpstream]) {
        const head = await client.request('HEAD', `/apis/${api.name_en}/ok`, undefined, {
          headers: { 'x-api-key': apiKey },
        });
        expect(head.status).toBe(200);
        expect(head.text).toBe('');
        expect(head.headers.get('x-cost')).toBe('0.000');
        expect(head.headers.get('cache-control')).toBe('no-store');
        expect(head.headers.get('x-ratelimit-limit')).not.toBeNull();
        // A HEAD still needs the key a GET needs.
        expect((await client.request('HEAD', `/apis/${api.name_en}`)).status).toBe(401);
      }
      expect(upstream.seen.length).toBe(seenBefore);
      expect((await client.request('HEAD', `/apis/${free.name_en}`)).status).toBe(200);
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 100, expected: 100 });
      expect(await logRows(ctx.t, [paid.id, paidUpstream.id])).toBe(0);
    });

    it('marks every keyed answer no-store, the upstream its own caching notwithstanding', async () => {
      const paid = await paidApi(5);
      const paidUpstream = await upstreamApi(upstream.url, { is_paid: 1, price_per_call_milli: 1 });
      const free = await createGatewayApi(ctx.t, { handler: 'uuid' });
      const { apiKey } = await createKeyedUser(ctx.t, 6);
      const client = ctx.t.client();
      const keyed = { headers: { 'x-api-key': apiKey } };
      const charged = await client.get(`/apis/${paid.name_en}`, keyed);
      expect(charged.status).toBe(200);
      expect(charged.headers.get('x-balance')).toBe('0.001');
      expect(charged.headers.get('cache-control')).toBe('no-store');
      const poor = await client.get(`/apis/${paid.name_en}`, keyed);
      expect(poor.status).toBe(402);
      expect(poor.headers.get('x-balance')).toBe('0.001');
      expect(poor.headers.get('cache-control')).toBe('no-store');
      const proxied = await client.get(`/apis/${paidUpstream.name_en}/headers`, keyed);
      expect(proxied.status).toBe(200);
      expect(proxied.headers.get('cache-control')).toBe('no-store');
      for (const res of [
        await client.get(`/apis/${free.name_en}`, keyed),
        await client.get(`/apis/${paid.name_en}`, { headers: { 'x-api-key': 'pk_nonsense' } }),
      ]) {
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
    });

    it('passes only the allowed headers of an upstream answer', async () => {
      const api = await upstreamApi(upstream.url);
      const paid = await upstreamApi(upstream.url, { is_paid: 1, price_per_call_milli: 2 });
      const { apiKey } = await createKeyedUser(ctx.t, 10);
      const client = ctx.t.client();
      const res = await client.get(`/apis/${api.name_en}/headers`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
      expect(res.headers.get('content-type')).toBe(ORIGIN_HEADERS['content-type']);
      expect(res.headers.get('etag')).toBe(ORIGIN_HEADERS.etag);
      expect(res.headers.get('x-upstream-meta')).toBe('kept');
      expect(res.headers.get('cache-control')).toBe(ORIGIN_HEADERS['cache-control']);
      for (const name of [
        'clear-site-data',
        'strict-transport-security',
        'refresh',
        'link',
        'set-cookie',
        'alt-svc',
        'service-worker-allowed',
        'x-accel-redirect',
        'x-balance',
        'www-authenticate',
        'origin-agent-cluster',
      ]) {
        expect([name, res.headers.get(name)]).toEqual([name, null]);
      }
      const charged = await client.get(`/apis/${paid.name_en}/headers`, {
        headers: { 'x-api-key': apiKey },
      });
      expect(charged.headers.get('x-balance')).toBe('0.008');
      expect(charged.headers.get('x-accel-redirect')).toBeNull();
      expect(charged.headers.get('set-cookie')).toBeNull();
    });

    it('answers a keyless call to a failing upstream 502 with one warn line, no error', async () => {
      const api = await upstreamApi(upstream.url);
      const warn = jest.spyOn(Logger.prototype, 'warn');
      const error = jest.spyOn(Logger.prototype, 'error');
      try {
        for (const path of ['/fail', '/reset']) {
          warn.mockClear();
          const res = await ctx.t.client().get(`/apis/${api.name_en}${path}`);
          expect(res.status).toBe(502);
          expect(res.body).toEqual({
            success: false,
            message: expect.stringMatching(/upstream/),
            code: 'gateway.upstream_failed',
            request_id: expect.any(String),
          });
          const lines = warn.mock.calls.filter(([message]) =>
            String(message).includes(api.name_en),
          );
          expect(lines).toHaveLength(1);
        }
        expect(error).not.toHaveBeenCalled();
      } finally {
        warn.mockRestore();
        error.mockRestore();
      }
    });

    it('serves calls sent with Expect: 100-continue, keyless and paid', async () => {
      const free = await upstreamApi(upstream.url, { request_method: 'POST' });
      const paid = await upstreamApi(upstream.url, {
        request_method: 'POST',
        is_paid: 1,
        price_per_call_milli: 4,
      });
      const { user, apiKey } = await createKeyedUser(ctx.t, 10);
      const body = JSON.stringify({ hello: 'continue' });
      const keyless = await expectContinue(
        ctx.t,
        'POST',
        `/apis/${free.name_en}/ok`,
        {
          'content-type': 'application/json',
        },
        body,
      );
      expect(keyless.status).toBe(200);
      expect(JSON.parse(keyless.text)).toMatchObject({ method: 'POST', body });
      const keyed = await expectContinue(
        ctx.t,
        'POST',
        `/apis/${paid.name_en}/ok`,
        {
          'content-type': 'application/json',
          'x-api-key': apiKey,
        },
        body,
      );
      expect(keyed.status).toBe(200);
      expect(upstream.seen.at(-1)!.headers.expect).toBeUndefined();
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 6, expected: 6 });
    });
  },
  { RATE_LIMIT_PER_KEY: '1000000', RATE_LIMIT_PER_IP: '1000000', GATEWAY_FLUSH_MS: '60000' },
);
