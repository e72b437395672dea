import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { AccessLog } from '../src/database/entities';
import { CallLogService } from '../src/modules/usage/call-log.service';
import { createUser, loginUser } from './factories/users';
import { describeEachDb } from './harness';
import { planOf, seeksUserAndTime } from './query-plan';
import { rawGet } from './raw-get';

const ROWS = 100_000;
/**
 * What the export may keep alive while it streams ~60 MB of CSV: a few chunks of 1,000 rows. Held
 * whole, the rows alone would be well over 100 MB.
 */
const HEAP_BOUND = 16 * 1024 * 1024;
const INSERT_BATCH = 250;

// Live memory is what survives a full collection; heapUsed alone also counts garbage not yet swept.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const liveHeap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

describeEachDb('call log: CSV export of 100k rows', (ctx) => {
  jest.setTimeout(240_000);

  it('streams every row with flat memory', async () => {
    const t = ctx.t;
    const { user } = await createUser(t);
    const client = t.client();
    await loginUser(t, client, user.username);
    const start = Date.parse('2026-01-01T00:00:00Z');
    const agent = `Mozilla/5.0 ${'x'.repeat(300)}`;
    await t.dataSource.transaction(async (manager) => {
      for (let i = 0; i < ROWS; i += INSERT_BATCH) {
        const rows = [];
        // Pairs share a timestamp, so the keyset must order by id within one time.
        for (let j = i; j < i + INSERT_BATCH; j += 1) {
          rows.push({
            user_id: user.id,
            api_id: 1,
            api_name: `api ${j % 7}`,
            ip_address: '198.51.100.7',
            access_url: `/apis/weather?city=${j}&${'q'.repeat(150)}`,
            user_agent: agent,
            access_time: new Date(start + Math.floor(j / 2) * 1000),
            status_code: 200,
            cost_milli: 5,
            latency_ms: j % 100,
          });
        }
        await manager.createQueryBuilder().insert().into(AccessLog).values(rows).execute();
      }
    });

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
        expect(id).toBeGreaterThan(lastId);
        lastId = id;
        ids += 1;
      }
      if (bytes - sampledAt > 4 * 1024 * 1024) {
        sampledAt = bytes;
        peak = Math.max(peak, liveHeap());
      }
    }
    expect(tail).toBe('');
    expect(ids).toBe(ROWS);
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
});
