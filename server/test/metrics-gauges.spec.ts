import { setTimeout as sleep } from 'node:timers/promises';
import { UsageRecorder } from '../src/modules/gateway/usage-recorder';
import { RollupJob } from '../src/modules/statements/rollup-job';
import { createGatewayApi } from './factories/gateway';
import { describeEachDb } from './harness';

/** The value of one sample line of the scrape, or undefined when the sample is absent. */
const sample = (text: string, name: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
};

describeEachDb(
  'gauges read at scrape time',
  (ctx) => {
    const scrape = async () => (await ctx.t.client().get('/metrics')).text;

    it('reports how long counted calls have waited to be written', async () => {
      const api = await createGatewayApi(ctx.t);
      expect((await ctx.t.client().get(`/apis/${api.name_en}`)).status).toBe(200);
      await sleep(20);
      expect(sample(await scrape(), 'portico_usage_flush_lag_seconds')).toBeGreaterThan(0.01);
      await ctx.t.app.get(UsageRecorder).flush();
      expect(sample(await scrape(), 'portico_usage_flush_lag_seconds')).toBe(0);
    });

    it('reports MySQL pool connections in use and idle, and none on SQLite', async () => {
      const inUse = 'portico_db_pool_connections{state="in_use"}';
      const idle = 'portico_db_pool_connections{state="idle"}';
      if (ctx.db === 'sqlite') {
        expect(await scrape()).not.toContain('portico_db_pool_connections{');
      } else {
        // The rollup job's first run (15 s after start) would hold a connection of its own.
        ctx.t.app.get(RollupJob).onApplicationShutdown();
        const before = await scrape();
        const held = Array.from({ length: 3 }, () => ctx.t.dataSource.createQueryRunner());
        for (const runner of held) await runner.connect();
        const during = await scrape();
        expect(sample(during, inUse)).toBe(sample(before, inUse)! + 3);
        for (const runner of held) await runner.release();
        // A release reaches the pool's count once mysql2 has taken the connection back.
        let after = await scrape();
        for (let i = 0; i < 40 && sample(after, inUse) !== sample(before, inUse); i += 1) {
          await sleep(50);
          after = await scrape();
        }
        expect(sample(after, inUse)).toBe(sample(before, inUse));
        expect(sample(after, idle)).toBeGreaterThanOrEqual(3);
      }
    });
  },
  { GATEWAY_FLUSH_MS: '60000', RATE_LIMIT_PER_IP: '1000000' },
);
