import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sqlTime } from '../src/database/sql-time';
import { CallLogService } from '../src/modules/usage/call-log.service';
import { numbers } from './factories/numbers';
import { createUser, loginUser } from './factories/users';
import { describeEachDb } from './harness';
import type { TestApp } from './harness';
import { planOf, seeksUserAndTime } from './query-plan';
import { rawGet } from './raw-get';

const ROWS = 100_000;
/**
 * What the export may keep alive while it streams ~60 MB of CSV: a few chunks of 1,000 rows. Held
 * whole, the rows alone would be well over 100 MB.
 */
const HEAP_BOUND = 16 * 1024 * 1024;
/** Rows one INSERT … SELECT writes: the numbers 0 … 9,999 (factories/numbers). */
const CHUNK = 10_000;

// Live memory is what survives a full collection; heapUsed alone also counts garbage not yet swept.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const liveHeap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

/**
 * ROWS calls of one user, a second apart in pairs (so the keyset must order by id within one
 * time), each row about 600 bytes, inserted in order by the database itself.
 */
async function insertCalls(t: TestApp, userId: number, start: number): Promise<void> {
  const sqlite = t.dataSource.options.type === 'better-sqlite3';
  const time = sqlite
    ? "strftime('%Y-%m-%d %H:%M:%f', ?, '+' || (j / 2) || ' seconds')"
    : 'DATE_ADD(?, INTERVAL j DIV 2 SECOND)';
  const agent = `Mozilla/5.0 ${'x'.repeat(300)}`;
  await t.dataSource.transaction(async (manager) => {
    for (let base = 0; base < ROWS; base += CHUNK) {
      await manager.query(
        `INSERT INTO access_logs (user_id, api_id, api_name, ip_address, access_url, user_agent,
           access_time, status_code, cost_milli, latency_ms)
         SELECT ?, 1, CONCAT('api ', j % 7), '198.51.100.7',
           CONCAT('/apis/weather?city=', j, '&', ?), ?, ${time}, 200, 5, j % 100
         FROM (SELECT k + ${base} AS j FROM ${numbers('k')}) numbered ORDER BY j`,
        [userId, 'q'.repeat(150), agent, sqlTime(t.dataSource, new Date(start))],
      );
    }
  });
}

describeEachDb(
  'call log: CSV export of 100k rows',
  (ctx) => {
    jest.setTimeout(240_000);

    it('streams every row with flat memory', async () => {
      const t = ctx.t;
      const { user } = await createUser(t);
      const client = t.client();
      await loginUser(t, client, user.username);
      const start = Date.parse('2026-01-01T00:00:00Z');
      await insertCalls(t, user.id, start);

      const before = liveHeap();
      let peak = before;
      let sampledAt = 0;
      const res = await rawGet(client, '/api/user/export_access_logs.php');
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      let bytes = 0;
      let lines = 0;
      let tail = '';
      let ids = 0;
      let lastId = 0;
      let outOfOrder = 0;
      const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        const text = tail + decoder.decode(value, { stream: true });
        const parts = text.split('\r\n');
        tail = parts.pop()!;
        for (const line of parts) {
          lines += 1;
          if (lines === 1) continue;
          const id = Number(line.slice(0, line.indexOf(',')));
          if (!(id > lastId)) outOfOrder += 1;
          lastId = id;
          ids += 1;
        }
        // A full collection every 16 MB (each takes seconds in a worker that ran other suites):
        // rows held whole would show as growth past the bound by the first sample.
        if (bytes - sampledAt > 16 * 1024 * 1024) {
          sampledAt = bytes;
          peak = Math.max(peak, liveHeap());
        }
      }
      expect(tail).toBe('');
      expect(ids).toBe(ROWS);
      expect(outOfOrder).toBe(0);
      expect(bytes).toBeGreaterThan(50 * 1024 * 1024);
      const growth = peak - before;
      console.log(
        `[${ctx.db}] ${ROWS} rows, ${(bytes / 1048576).toFixed(1)} MB of CSV, heap growth ${(growth / 1048576).toFixed(1)} MB`,
      );
      expect(growth).toBeLessThan(HEAP_BOUND);

      // Flat memory is not enough: each chunk must also seek to its cursor, or a chunk near the end
      // of a big log rescans every row before it (minutes of a blocked event loop for 1M rows).
      // MariaDB plans from settled statistics, as on a server whose log grew over time.
      if (ctx.db === 'mysql') await t.dataSource.query('ANALYZE TABLE access_logs');
      const lastChunk = t.app
        .get(CallLogService)
        .exportChunk(user.id, {}, { time: new Date(start + (ROWS / 2 - 1000) * 1000), id: lastId });
      expect(await planOf(t, lastChunk, 'log')).toMatch(seeksUserAndTime(t));
    });
  },
  {},
  'writes 100k call rows in bulk to export them, with no money behind them',
);
