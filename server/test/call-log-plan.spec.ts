import { AccessLog } from '../src/database/entities';
import { CallLogService } from '../src/modules/usage/call-log.service';
import type { CallLogFilterQuery } from '../src/modules/usage/dto/call-log.query';
import { createUser } from './factories/users';
import { describeEachDb } from './harness';
import { planOf, seeksUserAndTime } from './query-plan';

const USERS = 4;
const ROWS_PER_USER = 1000;

/**
 * The export reads its chunks by keyset: each chunk must seek the (user_id, access_time) index to
 * the cursor, never walk the user's rows from the start (that made a 1M-row export block SQLite's
 * event loop for minutes). Plans are asserted, not timed, so the test is deterministic.
 */
describeEachDb(
  'call log: export chunks seek the index',
  (ctx) => {
    let userId: number;

    beforeAll(async () => {
      const t = ctx.t;
      const start = Date.parse('2026-01-01T00:00:00Z');
      for (let u = 0; u < USERS; u += 1) {
        const { user } = await createUser(t);
        userId = user.id;
        const rows = [];
        for (let i = 0; i < ROWS_PER_USER; i += 1) {
          rows.push({
            user_id: user.id,
            api_id: 1 + (i % 5),
            api_name: `api ${i % 5}`,
            ip_address: '198.51.100.7',
            access_url: '/apis/test',
            user_agent: 'jest',
            access_time: new Date(start + Math.floor(i / 2) * 60_000),
            status_code: i % 9 === 0 ? 500 : 200,
            cost_milli: i % 3,
            latency_ms: 5,
            api_key_id: i % 2 === 0 ? null : 1,
          });
        }
        for (let i = 0; i < rows.length; i += 250) {
          await t.dataSource
            .createQueryBuilder()
            .insert()
            .into(AccessLog)
            .values(rows.slice(i, i + 250))
            .execute();
        }
      }
      // SQLite plans as the server runs (it never runs ANALYZE); MariaDB's statistics are settled.
      if (ctx.db === 'mysql') await t.dataSource.query('ANALYZE TABLE access_logs');
    });

    const filters: [string, CallLogFilterQuery][] = [
      ['no filter', {}],
      ['an API', { api_id: 3 }],
      ['a key', { key_id: 1 }],
      ['successful calls', { status: 'success' }],
      ['failed calls', { status: 'error' }],
      ['refunded calls', { status: 'refunded' }],
      ['a date range', { from: '2026-01-01', to: '2026-01-02' }],
      ['everything at once', { api_id: 2, key_id: 1, status: 'error', from: '2026-01-01' }],
    ];

    it.each(filters)('after the first chunk, with %s', async (_name, filter) => {
      const t = ctx.t;
      const service = t.app.get(CallLogService);
      const cursor = { time: '2026-01-01 04:00:00', id: 500 };
      const plan = await planOf(t, service.exportChunk(userId, filter, cursor), 'log');
      expect(plan).toMatch(seeksUserAndTime(t));
    });
  },
  {},
  'writes call rows by hand to read their query plans, with no money behind them',
);
