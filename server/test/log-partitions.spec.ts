import { ledgerPartitionCommand } from '../src/cli/ledger-partition';
import { ledgerVerifyCommand } from '../src/cli/ledger-verify';
import { monthBounds, monthOf, nextMonth } from '../src/common/quota-period';
import { sqlTime } from '../src/database/sql-time';
import { UsageRecorder } from '../src/modules/gateway/usage-recorder';
import { closeMonths, LEDGER, logPartitions, rollUp } from '../src/modules/ledger';
import type { Ledger } from '../src/modules/ledger';
import { setLatenciesSql, setLatenciesValues } from '../src/modules/ledger/ledger';
import { LogPartitions } from '../src/modules/ops/log-partitions';
import { LogRetention } from '../src/modules/ops/log-retention';
import { RollupJob } from '../src/modules/statements/rollup-job';
import { createGatewayApi, createKeyedUser, ledgerOf } from './factories/gateway';
import { createUser, loginUser } from './factories/users';
import { HAS_MYSQL, startTestApp, TestApp } from './harness';
import { describeIf } from './requires';

const PRICE = 7;

/** `pYYYYMM` for the months from `first` through `last`, then the tail. */
function names(first: string, last: string): string[] {
  const out: string[] = [];
  for (let month = first; month <= last; month = nextMonth(month)) {
    out.push(`p${month.replace('-', '')}`);
  }
  return [...out, 'pmax'];
}

/** The month `count` months after (or, negative, before) this one on UTC's clock. */
function monthFromNow(count: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + count, 1))
    .toISOString()
    .slice(0, 7);
}

async function command(
  t: TestApp,
  run: typeof ledgerPartitionCommand | typeof ledgerVerifyCommand,
): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await run(t.env, (line) => lines.push(line));
  return { code, output: lines.join('\n') };
}

/** Every row of the log, in id order: what the conversion must keep exactly. */
const allRows = (t: TestApp) =>
  t.dataSource.query<Record<string, unknown>[]>('SELECT * FROM access_logs ORDER BY id');

/**
 * The MySQL access log partitioned by month (`npm run ledger:partition`), kept ahead of the calendar
 * by one instance, and dropped a closed month at a time by log retention.
 */
describeIf(HAS_MYSQL, 'TEST_MYSQL_URL')('the access log in month partitions [mysql]', () => {
  let t: TestApp;
  let other: TestApp;

  beforeAll(async () => {
    t = await startTestApp('mysql', {
      LOG_RETENTION_MONTHS: '2',
      RATE_LIMIT_PER_KEY: '1000000',
      RATE_LIMIT_PER_IP: '1000000',
    });
    t.app.get(RollupJob).onApplicationShutdown();
    other = await startTestApp('mysql', { DATABASE_URL: t.env.DATABASE_URL });
    other.app.get(RollupJob).onApplicationShutdown();
  }, 60_000);

  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  let user: { id: number; username: string };
  let apiKey: string;
  let apiName: string;
  const months = [3, 2, 1, 0].map((back) => monthFromNow(-back));

  it('converts a log with calls in four months without losing a row', async () => {
    const api = await createGatewayApi(t, { is_paid: 1, price_per_call_milli: PRICE });
    apiName = api.name_en;
    const keyed = await createKeyedUser(t, 100_000);
    apiKey = keyed.apiKey;
    ({ user } = await createUser(t));
    // An adjustment of 1.000 three months ago, then calls on the 15th of that month and the next
    // two (two each), as the ledger writes them: the balance pays for each.
    await t.dataSource.query(
      `INSERT INTO balance_adjustments (user_id, admin_id, delta_milli, reason, created_at)
       VALUES (?, 1, 1000, 'start', ?)`,
      [user.id, sqlTime(t.dataSource, new Date(monthBounds(months[0], 'UTC').from + 86_400_000))],
    );
    for (const month of months.slice(0, 3)) {
      const at = monthBounds(month, 'UTC').from + 14 * 86_400_000;
      for (const offset of [0, 1000]) {
        await t.dataSource.query(
          `INSERT INTO access_logs (user_id, api_id, api_name, ip_address, access_url, user_agent, access_time, status_code, cost_milli, latency_ms, api_key_id, request_id, charged_from)
           VALUES (?, ?, ?, '127.0.0.1', '/apis/x', 'jest', ?, 200, ?, 1, NULL, NULL, 'balance')`,
          [user.id, api.id, api.name_en, sqlTime(t.dataSource, new Date(at + offset)), PRICE],
        );
      }
    }
    await t.dataSource.query('UPDATE users SET balance_milli = ? WHERE id = ?', [
      1000 - 6 * PRICE,
      user.id,
    ]);
    const client = t.client();
    expect(
      (await client.get(`/apis/${apiName}`, { headers: { 'x-api-key': apiKey } })).status,
    ).toBe(200);
    // The call's latency reaches its row with the next flush: written now, not during the copy.
    await t.app.get(UsageRecorder).flush();
    const before = await allRows(t);
    expect(before).toHaveLength(7);
    expect(await logPartitions(t.dataSource)).toBeNull();

    const converted = await command(t, ledgerPartitionCommand);
    expect(converted.code).toBe(0);
    const expected = names(months[0], monthFromNow(3));
    expect(converted.output).toMatch(
      new RegExp(
        `^partitioned the access log by month: 7 rows into 8 partitions \\(${expected[0]} … pmax\\) in [\\d.]+ s \\([\\d.]+ s per million rows\\)$`,
      ),
    );
    expect((await logPartitions(t.dataSource))!.map((p) => p.name)).toEqual(expected);
    expect(await allRows(t)).toEqual(before);
    const [created] = await t.dataSource.query<{ 'Create Table': string }[]>(
      'SHOW CREATE TABLE access_logs',
    );
    expect(created['Create Table']).toContain('PRIMARY KEY (`id`,`access_time`)');
    // Each month's rows are in their own partition.
    for (const [i, month] of months.entries()) {
      const [{ n }] = await t.dataSource.query<{ n: string | number }[]>(
        `SELECT COUNT(*) AS n FROM access_logs PARTITION (p${month.replace('-', '')})`,
      );
      expect(Number(n)).toBe(i < 3 ? 2 : 1);
    }

    const again = await command(t, ledgerPartitionCommand);
    expect(again).toEqual({
      code: 0,
      output: `the access log is partitioned by month already: 8 partitions (${expected[0]} … pmax)`,
    });
    expect(await allRows(t)).toEqual(before);
    const verified = await command(t, ledgerVerifyCommand);
    expect(verified.code).toBe(0);
  });

  it("writes charged calls' latency looking in their month's partition alone", async () => {
    const ledger = t.app.get<Ledger>(LEDGER);
    // The calls on the 15th of the first month, and one whose access time was 23:59:59.8 on its
    // month's last day: MariaDB stores the second it began, MySQL 8 the next (the next month's).
    const [first] = months;
    const lastMoment = monthBounds(months[1], 'UTC').to - 200;
    const { insertId } = await t.dataSource.query<{ insertId: number }>(
      `INSERT INTO access_logs (user_id, api_id, api_name, ip_address, access_url, user_agent, access_time, status_code, cost_milli, latency_ms, api_key_id, request_id, charged_from)
       VALUES (?, NULL, ?, '127.0.0.1', '/apis/x', 'jest', ?, 200, 0, 0, NULL, NULL, 'free')`,
      [user.id, apiName, new Date(lastMoment)],
    );
    // Removed whatever happens: the retention test below counts this month's rows.
    try {
      const calls = await t.dataSource.query<{ id: string | number; access_time: Date }[]>(
        `SELECT id, access_time FROM access_logs PARTITION (p${first.replace('-', '')}) ORDER BY id`,
      );
      expect(calls).toHaveLength(2);
      const latencies = [
        ...calls.map((call, i) => ({ logId: Number(call.id), at: call.access_time, ms: 40 + i })),
        { logId: insertId, at: new Date(lastMoment), ms: 99 },
      ];

      const explain = async (rows: typeof latencies) =>
        (
          await t.dataSource.query<{ partitions: string }[]>(
            `EXPLAIN PARTITIONS ${setLatenciesSql(rows.length)}`,
            setLatenciesValues(rows),
          )
        )[0].partitions.split(',');
      expect(await explain(latencies.slice(0, 2))).toEqual([`p${first.replace('-', '')}`]);
      expect(await explain(latencies.slice(2))).toEqual(
        [months[1], months[2]].map((month) => `p${month.replace('-', '')}`),
      );
      await ledger.setLatencies(latencies);
      const written = await t.dataSource.query<{ id: string | number; latency_ms: number }[]>(
        `SELECT id, latency_ms FROM access_logs WHERE id IN (?) ORDER BY id`,
        [latencies.map((row) => row.logId)],
      );
      expect(written.map((row) => [Number(row.id), row.latency_ms])).toEqual(
        latencies.map((row) => [row.logId, row.ms]),
      );
    } finally {
      await t.dataSource.query('DELETE FROM access_logs WHERE id = ?', [insertId]);
    }
  });

  it('charges exactly what the balance pays for when 2,000 calls race into the partitioned log', async () => {
    const { user: payer, apiKey: key } = await createKeyedUser(t, 1500 * PRICE);
    const client = t.client();
    const answers = await Promise.all(
      Array.from({ length: 2000 }, () =>
        client.get(`/apis/${apiName}`, { headers: { 'x-api-key': key } }),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1500);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 402)).toBe(true);
    const ledger = await ledgerOf(t, payer.id);
    expect(ledger).toEqual({ balance: 0, expected: 0 });
    const [{ n }] = await t.dataSource.query<{ n: string | number }[]>(
      `SELECT COUNT(*) AS n FROM access_logs PARTITION (p${months[3].replace('-', '')}) WHERE user_id = ?`,
      [payer.id],
    );
    expect(Number(n)).toBe(1500);
  }, 120_000);

  it('makes the next months ahead once across two instances, and nothing when they are there', async () => {
    const later = monthBounds(monthFromNow(2), 'UTC').from + 86_400_000;
    const runs = await Promise.all([t, other].map((app) => app.app.get(LogPartitions).run(later)));
    expect(runs.reduce<number>((sum, made) => sum + (made ?? 0), 0)).toBe(2);
    expect((await logPartitions(t.dataSource))!.map((p) => p.name)).toEqual(
      names(months[0], monthFromNow(5)),
    );
    expect(await t.app.get(LogPartitions).run(later)).toBe(0);
    // Each new month ends where the site's month does.
    const partitions = (await logPartitions(t.dataSource))!;
    expect(partitions.at(-2)!.before).toBe(monthBounds(monthFromNow(5), 'UTC').to);
  });

  it('drops the partitions of closed months past LOG_RETENTION_MONTHS; every figure stays', async () => {
    const client = t.client();
    const retention = t.app.get(LogRetention);
    // Nothing goes before the months are rolled up and closed.
    expect(await retention.prune()).toBe(0);
    while ((await rollUp(t.dataSource, 'UTC')) > 0);
    await closeMonths(t.dataSource, 'UTC');
    await loginUser(t, client, user.username);
    const statement = async (month: string) =>
      (await client.get(`/api/user/get_monthly_statement.php?month=${month}`)).body;
    const statementsBefore = await Promise.all(months.map(statement));

    // Two months kept (this one and the last): the two before go with their partitions. The rows
    // gone are counted from the table's statistics (exact for tables this small once analysed).
    await t.dataSource.query('ANALYZE TABLE access_logs');
    expect(await retention.prune()).toBe(4);
    const [{ n }] = await t.dataSource.query<{ n: string | number }[]>(
      'SELECT COUNT(*) AS n FROM access_logs WHERE user_id = ?',
      [user.id],
    );
    expect(Number(n)).toBe(2);
    const left = (await logPartitions(t.dataSource))!.map((p) => p.name);
    expect(left).toEqual(names(months[2], monthFromNow(5)));
    expect(await Promise.all(months.map(statement))).toEqual(statementsBefore);
    const verified = await command(t, ledgerVerifyCommand);
    expect(verified.code).toBe(0);
    expect(verified.output).toContain('closings verified: 3 closed months');
    // Run again, it finds nothing more to drop.
    expect(await retention.prune()).toBe(0);
  });

  // Passport's strategies are the process's: the app started last signs users in (on its own
  // database here), so this test comes last.
  it('ends each month partition where the month ends on the site clock (Asia/Shanghai)', async () => {
    const shanghai = await startTestApp('mysql', { SITE_TIME_ZONE: 'Asia/Shanghai' });
    try {
      shanghai.app.get(RollupJob).onApplicationShutdown();
      const month = monthOf(Date.now(), 'Asia/Shanghai');
      const end = monthBounds(month, 'Asia/Shanghai').to;
      expect(new Date(end).toISOString()).toMatch(/T16:00:00\.000Z$/);
      // A call a second before 16:00 UTC on the month's last day is this month's in Shanghai; one
      // at 16:00, the next month's.
      for (const at of [end - 1000, end]) {
        await shanghai.dataSource.query(
          `INSERT INTO access_logs (user_id, api_id, api_name, ip_address, access_url, user_agent, access_time, status_code, cost_milli, latency_ms)
           VALUES (NULL, 1, 'x', '127.0.0.1', '/apis/x', 'jest', ?, 200, 0, 1)`,
          [sqlTime(shanghai.dataSource, new Date(at))],
        );
      }
      expect((await command(shanghai, ledgerPartitionCommand)).code).toBe(0);
      const [first, second] = (await logPartitions(shanghai.dataSource))!;
      expect(first).toEqual({ name: `p${month.replace('-', '')}`, before: end });
      expect(second.name).toBe(`p${nextMonth(month).replace('-', '')}`);
      for (const name of [first.name, second.name]) {
        const [{ n }] = await shanghai.dataSource.query<{ n: string | number }[]>(
          `SELECT COUNT(*) AS n FROM access_logs PARTITION (${name})`,
        );
        expect([name, Number(n)]).toEqual([name, 1]);
      }
    } finally {
      await shanghai.close();
    }
  });
});

describe('ledger:partition on SQLite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t?.close());

  it('says that SQLite keeps one table and changes nothing', async () => {
    expect(await command(t, ledgerPartitionCommand)).toEqual({
      code: 0,
      output:
        'SQLite keeps the access log in one table: log retention deletes its rows in batches. Nothing to do.',
    });
    expect(await logPartitions(t.dataSource)).toBeNull();
    expect(await t.app.get(LogPartitions).run()).toBe(0);
  });
});
