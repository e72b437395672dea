import { RechargeRecord } from '../src/database/entities';
import { UsageRecorder } from '../src/modules/gateway/usage-recorder';
import { LEDGER } from '../src/modules/ledger';
import type { Ledger } from '../src/modules/ledger';
import { createGatewayApi, createKeyedUser, ledgerOf } from './factories/gateway';
import { startUpstreamFake } from './fakes/upstream-fake';
import { describeEachDb, TestApp } from './harness';
import { until } from './webhook-receiver';

/** Calls of the same-key race: 2,000 on every database (see the test's own note). */
const RACE = 2000;

/** The charged rows of one user, by request id. */
async function chargedRows(t: TestApp, userId: number) {
  await t.app.get(UsageRecorder).flush();
  return await t.dataSource.query<{ request_id: string; cost_milli: string | number }[]>(
    'SELECT request_id, cost_milli FROM access_logs WHERE user_id = ? AND cost_milli > 0 ORDER BY id',
    [userId],
  );
}

/** A recharge as the ledger sees one: its record and the credit, in one transaction. */
async function recharge(t: TestApp, userId: number, amountMilli: number) {
  await t.dataSource.transaction(async (manager) => {
    await manager.getRepository(RechargeRecord).save({
      user_id: userId,
      out_trade_no: `idem-${userId}-${Date.now()}`,
      amount_milli: amountMilli,
      paid_amount: String(amountMilli / 1000),
      source: 'query',
      raw: '{}',
    });
    await manager.query('UPDATE users SET balance_milli = balance_milli + ? WHERE id = ?', [
      amountMilli,
      userId,
    ]);
  });
}

describeEachDb(
  'gateway Idempotency-Key',
  (ctx) => {
    let upstream: Awaited<ReturnType<typeof startUpstreamFake>>;
    beforeAll(async () => {
      upstream = await startUpstreamFake();
    });
    afterAll(async () => {
      await upstream.close();
    });

    const paidUuid = () =>
      createGatewayApi(ctx.t, { handler: 'uuid', is_paid: 1, price_per_call_milli: 5 });

    it('replays the first answer to a retry with the same key, charging once', async () => {
      const api = await paidUuid();
      const { user, apiKey } = await createKeyedUser(ctx.t, 100);
      const client = ctx.t.client();
      const headers = { 'x-api-key': apiKey, 'idempotency-key': 'order-42' };
      const first = await client.get(`/apis/${api.name_en}`, { headers, query: { count: 2 } });
      expect(first.status).toBe(200);
      expect(first.headers.get('x-balance')).toBe('0.095');
      expect(first.headers.get('cache-control')).toBe('no-store');
      for (let i = 0; i < 3; i++) {
        const again = await client.get(`/apis/${api.name_en}`, { headers, query: { count: 2 } });
        expect(again.status).toBe(200);
        expect(again.text).toBe(first.text);
        expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
        expect(again.headers.get('x-request-id')).toBe(first.headers.get('x-request-id'));
        expect(again.headers.get('idempotent-replayed')).toBe('true');
        expect(again.headers.get('x-cost')).toBe('0.000');
        expect(again.headers.get('cache-control')).toBe('no-store');
      }
      // The key may travel in the query instead: the request is the same.
      const viaQuery = await client.get(`/apis/${api.name_en}`, {
        headers: { 'idempotency-key': 'order-42' },
        query: { count: 2, key: apiKey },
      });
      expect(viaQuery.text).toBe(first.text);
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 95, expected: 95 });
      expect(await chargedRows(ctx.t, user.id)).toEqual([
        { request_id: first.headers.get('x-request-id'), cost_milli: expect.anything() },
      ]);
    });

    it('refuses the same key with a different request with 409, charging nothing', async () => {
      const api = await paidUuid();
      const other = await paidUuid();
      const { user, apiKey } = await createKeyedUser(ctx.t, 100);
      const client = ctx.t.client();
      const headers = { 'x-api-key': apiKey, 'idempotency-key': 'same-key' };
      expect((await client.get(`/apis/${api.name_en}`, { headers })).status).toBe(200);
      for (const res of [
        await client.get(`/apis/${api.name_en}`, { headers, query: { count: 3 } }),
        await client.get(`/apis/${other.name_en}`, { headers }),
      ]) {
        expect(res.status).toBe(409);
        expect(res.body).toEqual({
          success: false,
          message: expect.stringMatching(/different request/),
          code: 'gateway.idempotency_mismatch',
          request_id: expect.any(String),
        });
      }
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 95, expected: 95 });
    });

    it('keeps one owner’s keys apart from another’s', async () => {
      const api = await paidUuid();
      const alice = await createKeyedUser(ctx.t, 100);
      const bob = await createKeyedUser(ctx.t, 100);
      const client = ctx.t.client();
      const call = (apiKey: string) =>
        client.get(`/apis/${api.name_en}`, {
          headers: { 'x-api-key': apiKey, 'idempotency-key': 'shared-name' },
        });
      const a = await call(alice.apiKey);
      const b = await call(bob.apiKey);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(b.text).not.toBe(a.text);
      expect(b.headers.get('idempotent-replayed')).toBeNull();
      // Each owner's retry gets its own first answer.
      expect((await call(alice.apiKey)).text).toBe(a.text);
      expect((await call(bob.apiKey)).text).toBe(b.text);
      expect(await ledgerOf(ctx.t, alice.user.id)).toEqual({ balance: 95, expected: 95 });
      expect(await ledgerOf(ctx.t, bob.user.id)).toEqual({ balance: 95, expected: 95 });
    });

    it('replays an upstream answer, and refuses one over 1 MB without making it again', async () => {
      const api = await createGatewayApi(ctx.t, {
        handler: null,
        upstream_url: upstream.url,
        request_method: 'POST',
        is_paid: 1,
        price_per_call_milli: 10,
      });
      const { user, apiKey } = await createKeyedUser(ctx.t, 1000);
      const client = ctx.t.client();
      const post = (path: string, key: string, query: Record<string, string> = {}) =>
        client.post(
          `/apis/${api.name_en}${path}`,
          { n: 1 },
          {
            headers: { 'x-api-key': apiKey, 'idempotency-key': key },
            query,
          },
        );
      const seen = () => upstream.seen.filter((r) => r.url.startsWith('/ok')).length;
      const before = seen();
      const first = await post('/ok', 'up-1');
      const again = await post('/ok', 'up-1');
      expect(first.status).toBe(200);
      expect(again.text).toBe(first.text);
      expect(again.headers.get('content-type')).toBe('application/json');
      expect(seen() - before).toBe(1);

      const bytes = String(1024 * 1024 + 1);
      const large = await post('/large', 'up-2', { bytes });
      expect(large.status).toBe(200);
      expect(large.text).toHaveLength(1024 * 1024 + 1);
      const refused = await post('/large', 'up-2', { bytes });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('gateway.idempotency_not_replayable');
      expect(upstream.streamed.filter((s) => s.sent === Number(bytes))).toHaveLength(1);
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 980, expected: 980 });
    });

    it('lets a retry make a call again when the first left nothing charged', async () => {
      const api = await createGatewayApi(ctx.t, {
        handler: null,
        upstream_url: upstream.url,
        is_paid: 1,
        price_per_call_milli: 10,
      });
      const { user, apiKey } = await createKeyedUser(ctx.t, 15);
      const client = ctx.t.client();
      const headers = { 'x-api-key': apiKey, 'idempotency-key': 'flaky' };
      const before = upstream.seen.length;
      expect((await client.get(`/apis/${api.name_en}/fail`, { headers })).status).toBe(502);
      expect((await client.get(`/apis/${api.name_en}/fail`, { headers })).status).toBe(502);
      expect(upstream.seen.length - before).toBe(2);
      // Refused for money: a retry after a recharge may be made.
      const poor = await createKeyedUser(ctx.t, 3);
      const poorHeaders = { 'x-api-key': poor.apiKey, 'idempotency-key': 'later' };
      expect((await client.get(`/apis/${api.name_en}/ok`, { headers: poorHeaders })).status).toBe(
        402,
      );
      await recharge(ctx.t, poor.user.id, 10);
      const made = await client.get(`/apis/${api.name_en}/ok`, { headers: poorHeaders });
      expect(made.status).toBe(200);
      // Once made, the key holds that answer: a further retry is not charged.
      const replayed = await client.get(`/apis/${api.name_en}/ok`, { headers: poorHeaders });
      expect(replayed.headers.get('idempotent-replayed')).toBe('true');
      expect(replayed.text).toBe(made.text);
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 15, expected: 15 });
      expect(await ledgerOf(ctx.t, poor.user.id)).toEqual({ balance: 3, expected: 3 });
    });

    it('makes the call again once its key is older than 24 hours', async () => {
      const api = await paidUuid();
      const { user, apiKey } = await createKeyedUser(ctx.t, 100);
      const client = ctx.t.client();
      const headers = { 'x-api-key': apiKey, 'idempotency-key': 'yesterday' };
      const first = await client.get(`/apis/${api.name_en}`, { headers });
      await ctx.t.dataSource.query(
        'UPDATE idempotency_keys SET created_ms = created_ms - ? WHERE user_id = ?',
        [24 * 60 * 60 * 1000 + 1000, user.id],
      );
      const later = await client.get(`/apis/${api.name_en}`, { headers });
      expect(later.status).toBe(200);
      expect(later.text).not.toBe(first.text);
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 90, expected: 90 });
    });

    it('refuses a malformed Idempotency-Key with 400, charging nothing', async () => {
      const api = await paidUuid();
      const { user, apiKey } = await createKeyedUser(ctx.t, 100);
      for (const key of ['x'.repeat(256), '', 'clé', 'tab\there']) {
        const res = await ctx.t.client().get(`/apis/${api.name_en}`, {
          headers: { 'x-api-key': apiKey, 'idempotency-key': key },
        });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('gateway.idempotency_key_invalid');
      }
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 100, expected: 100 });
    });

    it('lets browser callers send the header', async () => {
      const api = await paidUuid();
      const res = await ctx.t.client().request('OPTIONS', `/apis/${api.name_en}`);
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-headers')).toContain('Idempotency-Key');
    });

    it(`charges exactly once when ${RACE} calls race with the same key`, async () => {
      const api = await paidUuid();
      const { user, apiKey } = await createKeyedUser(ctx.t, 100_000);
      const client = ctx.t.client();
      const headers = { 'x-api-key': apiKey, 'idempotency-key': 'race' };
      const answers = await Promise.all(
        Array.from({ length: RACE }, () => client.get(`/apis/${api.name_en}`, { headers })),
      );
      const ok = answers.filter((a) => a.status === 200);
      const busy = answers.filter((a) => a.status === 409);
      expect(ok.length + busy.length).toBe(RACE);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      expect(new Set(ok.map((a) => a.text)).size).toBe(1);
      expect(busy.every((a) => a.body.code === 'gateway.idempotency_in_progress')).toBe(true);
      expect(busy.every((a) => a.headers.get('retry-after') === '1')).toBe(true);
      // Every 2xx paid answer names one charged row, and there is exactly one.
      const paidIds = new Set(ok.map((a) => a.headers.get('x-request-id')));
      const rows = await chargedRows(ctx.t, user.id);
      expect(rows.map((r) => r.request_id)).toEqual([...paidIds]);
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 99_995, expected: 99_995 });
    }, 120_000);
  },
  { RATE_LIMIT_PER_KEY: '1000000', RATE_LIMIT_PER_IP: '1000000', GATEWAY_FLUSH_MS: '60000' },
);

describeEachDb(
  'gateway Idempotency-Key while the ledger is held up',
  (ctx) => {
    it('lets a retry make a call again when the first waited too long for its charge', async () => {
      const api = await createGatewayApi(ctx.t, {
        handler: 'uuid',
        is_paid: 1,
        price_per_call_milli: 5,
      });
      const { user, apiKey } = await createKeyedUser(ctx.t, 100);
      const other = await createKeyedUser(ctx.t, 100);
      const ledger = ctx.t.app.get<Ledger>(LEDGER);
      const real = ledger.chargeBatch.bind(ledger);
      const held: (() => void)[] = [];
      const hold = jest.spyOn(ledger, 'chargeBatch').mockImplementation(async (charges) => {
        await new Promise<void>((resume) => held.push(resume));
        return real(charges);
      });
      const client = ctx.t.client();
      const url = `/apis/${api.name_en}`;
      // Every batch the ledger may run at once is held, one call each.
      const holding: Promise<unknown>[] = [];
      for (let n = 1; n <= ledger.parallelBatches; n += 1) {
        holding.push(client.get(url, { headers: { 'x-api-key': other.apiKey } }));
        await until(() => (held.length === n ? true : undefined));
      }
      const headers = { 'x-api-key': apiKey, 'idempotency-key': 'held-up' };
      const first = await client.get(url, { headers });
      expect({ status: first.status, code: first.body.code }).toEqual({
        status: 503,
        code: 'server.unavailable',
      });
      hold.mockRestore();
      for (const resume of held) resume();
      await Promise.all(holding);
      // Nothing was charged: the retry is made, not answered with the first call's 503.
      const retry = await client.get(url, { headers });
      expect(retry.status).toBe(200);
      expect(retry.headers.get('idempotent-replayed')).toBeNull();
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 95, expected: 95 });
    });
  },
  { DB_ACQUIRE_TIMEOUT_MS: '1000' },
);
