import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions, detectDatabaseKind } from '../src/database/data-source-options';
import { AccessLog } from '../src/database/entities';
import { UsageRecorder } from '../src/modules/gateway/usage-recorder';
import { LogRetention } from '../src/modules/ops/log-retention';
import { rollUp } from '../src/modules/ledger';
import { RollupJob } from '../src/modules/statements/rollup-job';
import { grantCredit } from './factories/credit';
import { createGatewayApi, createKeyedUser } from './factories/gateway';
import { chargeWritten } from './factories/ledger';
import { describeEachDb, freshDatabase, startTestApp, TEST_DATABASES } from './harness';

describeEachDb(
  'operations',
  (ctx) => {
    it('exposes Prometheus metrics for HTTP routes and gateway outcomes', async () => {
      const api = await createGatewayApi(ctx.t);
      const client = ctx.t.client();
      await client.get(`/apis/${api.name_en}`);
      await client.get('/apis/does-not-exist');
      await ctx.t.app.get(UsageRecorder).flush();
      const res = await client.get('/metrics');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      expect(res.text).toContain(
        `portico_gateway_calls_total{api="${api.name_en}",outcome="ok"} 1`,
      );
      expect(res.text).toContain(
        'portico_gateway_calls_total{api="unknown",outcome="not_found"} 1',
      );
      expect(res.text).toMatch(
        /portico_http_requests_total\{method="GET",route="\/apis\/:name",status="200"\} \d+/,
      );
      expect(res.text).toContain('portico_http_request_duration_seconds_bucket');
      expect(res.text).toContain('portico_usage_flush_lag_seconds 0');
      expect(res.text).toContain('portico_process_cpu_user_seconds_total');
    });

    it('prunes only expired free-call rows of rolled-up days, in batches, keeping the ledgers', async () => {
      const api = await createGatewayApi(ctx.t);
      const { user } = await createKeyedUser(ctx.t, 5);
      const old = new Date(Date.now() - 40 * 86_400_000);
      const row = (cost: number, at: Date) => ({
        user_id: user.id,
        api_id: api.id,
        api_name: api.name,
        access_time: at,
        cost_milli: cost,
      });
      const logs = ctx.t.dataSource.getRepository(AccessLog);
      for (let i = 0; i < 5; i++) await logs.insert(Array.from({ length: 300 }, () => row(0, old)));
      await logs.insert([row(5, old), row(0, new Date())]);
      await chargeWritten(ctx.t.dataSource, [{ user_id: user.id, cost_milli: 5 }]);
      // A call credit paid for costs no cash, but its row is what counts the credit it spent.
      await grantCredit(ctx.t, user.id, 4);
      await ctx.t.dataSource.query('UPDATE users SET credit_milli = 0 WHERE id = ?', [user.id]);
      await logs.insert({ ...row(0, old), credit_milli: 4, charged_from: 'credit' });
      // Nothing goes before its day is rolled up: the rollups are what is left of those calls.
      ctx.t.app.get(RollupJob).onApplicationShutdown();
      expect(await ctx.t.app.get(LogRetention).prune()).toBe(0);
      while ((await rollUp(ctx.t.dataSource, ctx.t.env.SITE_TIME_ZONE)) > 0);
      expect(await ctx.t.app.get(LogRetention).prune()).toBe(1500);
      const left = await logs.find({ where: { api_id: api.id }, order: { id: 'ASC' } });
      expect(left.map((l) => [Number(l.cost_milli), Number(l.credit_milli)])).toEqual([
        [5, 0],
        [0, 0],
        [0, 4],
      ]);
    });
  },
  { ACCESS_LOG_RETENTION_DAYS: '30', RATE_LIMIT_PER_IP: '1000000', GATEWAY_FLUSH_MS: '60000' },
);

/** What a closed app left written of an API's calls: its usage counter and its log rows. */
async function writtenCalls(url: string, apiId: number) {
  const check = new DataSource(buildDataSourceOptions(url, await detectDatabaseKind(url)));
  await check.initialize();
  try {
    const [row] = await check.query<{ n: string }[]>(
      'SELECT usage_count AS n FROM apis WHERE id = ?',
      [apiId],
    );
    const [logs] = await check.query<{ n: string }[]>(
      'SELECT COUNT(*) AS n FROM access_logs WHERE api_id = ?',
      [apiId],
    );
    return { usage_count: Number(row.n), logs: Number(logs.n) };
  } finally {
    await check.destroy();
  }
}

describe.each(TEST_DATABASES)('graceful shutdown [%s]', (db) => {
  it('writes every counted call when the app closes under load', async () => {
    const database = await freshDatabase(db, mkdtempSync(join(tmpdir(), 'portico-shutdown-')));
    try {
      const t = await startTestApp(db, {
        DATABASE_URL: database.url,
        RATE_LIMIT_PER_IP: '1000000',
        RATE_LIMIT_PER_KEY: '1000000',
        GATEWAY_FLUSH_MS: '60000',
      });
      const api = await createGatewayApi(t);
      const { apiKey } = await createKeyedUser(t, 0);
      const headers = { 'x-api-key': apiKey };
      const client = t.client();
      let settled = 0;
      let closing: Promise<void> | undefined;
      // Close while most calls are still in flight.
      const settle = (status: number) => {
        if (++settled === 50) closing = t.app.close();
        return status;
      };
      const calls = Array.from({ length: 400 }, () =>
        client.get(`/apis/${api.name_en}`, { headers }).then(
          (r) => settle(r.status),
          () => settle(0),
        ),
      );
      await new Promise<void>((done) => {
        const poll = setInterval(() => {
          if (closing) {
            clearInterval(poll);
            done();
          }
        }, 5);
      });
      await closing;
      const statuses = await Promise.all(calls);
      const served = statuses.filter((s) => s === 200).length;
      expect(served).toBeGreaterThan(0);

      expect(await writtenCalls(database.url, api.id)).toEqual({
        usage_count: served,
        logs: served,
      });
    } finally {
      await database.drop();
    }
  });

  it('closes a half-sent request after SHUTDOWN_DRAIN_MS, then writes what was counted', async () => {
    const database = await freshDatabase(db, mkdtempSync(join(tmpdir(), 'portico-shutdown-')));
    try {
      const t = await startTestApp(db, {
        DATABASE_URL: database.url,
        SHUTDOWN_DRAIN_MS: '1000',
        GATEWAY_FLUSH_MS: '60000',
      });
      const api = await createGatewayApi(t);
      const { apiKey } = await createKeyedUser(t, 0);
      const call = await t.client().get(`/apis/${api.name_en}`, {
        headers: { 'x-api-key': apiKey },
      });
      expect(call.status).toBe(200);
      // A client that sent half a request and stopped: Node times requests out no more once its
      // server closes, so only the drain's limit ends this one.
      const socket = connect(Number(new URL(t.baseUrl).port), '127.0.0.1');
      await once(socket, 'connect');
      socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      const closed = once(socket, 'close');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = Date.now();
      await t.close();
      const took = Date.now() - started;
      await closed;
      expect(took).toBeGreaterThanOrEqual(900);
      expect(took).toBeLessThan(15_000);

      expect(await writtenCalls(database.url, api.id)).toEqual({ usage_count: 1, logs: 1 });
    } finally {
      await database.drop();
    }
  });
});
