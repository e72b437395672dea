import { ledgerPartitionCommand } from '../src/cli/ledger-partition';
import { dayOf } from '../src/common/quota-period';
import { sqlTime } from '../src/database/sql-time';
import { closeMonths, logPartitions, rollHours, rollUp } from '../src/modules/ledger';
import { RollupJob } from '../src/modules/statements/rollup-job';
import { UsageService } from '../src/modules/usage/usage.service';
import { adminClient } from './factories/admin';
import { createGatewayApi } from './factories/gateway';
import { numbers } from './factories/numbers';
import { createUser, loginUser } from './factories/users';
import { describeEachDb, TestApp } from './harness';
import { recorded } from './query-plan';

/** Issue #31: the reads of the call log and the ledger keep their plans at a million rows. */
const ROWS = 1_000_000;
/** Seconds between rows: a million rows over about 13 months, the newest a day old. */
const STEP_S = 34;
const DAY = 86_400_000;
/** A table read whole is a failure past this many rows (small tables joined in are read whole). */
const WHOLE_TABLE_ROWS = 10_000;

/** Rows a statement inserts: well within the site's statement time limit. */
const CHUNK = 10_000;
/**
 * A million calls: every fourth the hot user's (250,000, with their key), the rest spread over
 * 9,973 other users; three APIs; a third free (a sixth by the free quota), the rest charged 7;
 * one in fifty refunded.
 */
async function loadCalls(t: TestApp, hot: { userId: number; keyId: number }, apiIds: number[]) {
  const sqlite = t.dataSource.options.type === 'better-sqlite3';
  const start = sqlTime(t.dataSource, new Date(Date.now() - DAY - ROWS * STEP_S * 1000));
  const time = sqlite
    ? `strftime('%Y-%m-%d %H:%M:%f', ?, '+' || (n * ${STEP_S}) || ' seconds')`
    : `DATE_ADD(?, INTERVAL n * ${STEP_S} SECOND)`;
  for (let base = 0; base < ROWS; base += CHUNK) {
    await t.dataSource.query(
      `INSERT INTO access_logs (user_id, api_id, api_name, ip_address, access_url, user_agent,
         access_time, status_code, cost_milli, latency_ms, api_key_id, request_id, charged_from)
       SELECT CASE WHEN n % 4 = 0 THEN ? ELSE 100000 + n % 9973 END,
         CASE n % 3 WHEN 0 THEN ? WHEN 1 THEN ? ELSE ? END, 'Scale API', '198.51.100.7',
         '/apis/scale', 'scale', ${time}, CASE WHEN n % 50 = 0 THEN 502 ELSE 200 END,
         CASE WHEN n % 3 = 0 OR n % 50 = 0 THEN 0 ELSE 7 END, 5,
         CASE WHEN n % 4 = 0 THEN ? END, NULL,
         CASE WHEN n % 50 = 0 THEN NULL WHEN n % 3 <> 0 THEN 'balance' WHEN n % 6 = 0 THEN 'free' END
       FROM (SELECT k + ${base} AS n FROM ${numbers('k')}) numbered`,
      [hot.userId, ...apiIds, start, hot.keyId],
    );
  }
  await t.dataSource.query(sqlite ? 'ANALYZE' : 'ANALYZE TABLE access_logs');
}

/** The names a statement reads access_logs by: the table's own and its aliases. */
function logAliases(sql: string): Set<string> {
  const names = new Set(['access_logs']);
  const keywords = /^(where|left|inner|join|group|order|on|limit|union|set|as|use|force)$/i;
  for (const [, alias] of sql.matchAll(/\baccess_logs\b[`"]?\s+(?:AS\s+)?[`"]?(\w+)/gi)) {
    if (!keywords.test(alias)) names.add(alias);
  }
  return names;
}

/** A bound on the call time the index of a user's calls by time could seek to. */
const TIME_BOUND = /\baccess_time[`"]?\s*(<|<=|>|>=)\s*\?/i;

/**
 * What is wrong with a statement's plan at this size: a big table read whole, a page (LIMIT)
 * sorted from all the rows it filters, or a page bounded in time that seeks the user alone (it
 * walks the user's calls up to the bound: a keyset page deep in the log reads all before it).
 */
async function badReads(t: TestApp, sql: string, params: unknown[]): Promise<string[]> {
  if (t.dataSource.options.type === 'better-sqlite3') {
    const aliases = logAliases(sql);
    const plan: { detail: string }[] = await t.dataSource.query(
      `EXPLAIN QUERY PLAN ${sql}`,
      params,
    );
    return plan
      .map((row) => row.detail)
      .filter((detail) => {
        const [verb, name] = detail.split(' ');
        if (!aliases.has(name)) return false;
        return (
          verb === 'SCAN' ||
          (TIME_BOUND.test(sql) && /\bLIMIT\b/i.test(sql) && /\(user_id=\?\)$/.test(detail))
        );
      });
  }
  const plan: {
    table: string | null;
    type: string | null;
    key: string | null;
    rows: number | string | null;
    Extra: string | null;
  }[] = await t.dataSource.query(`EXPLAIN ${sql}`, params);
  const page = /\bLIMIT\b/i.test(sql);
  return plan
    .filter(
      (row) =>
        !String(row.table ?? '').startsWith('<') &&
        (row.type === 'ALL' ||
          row.type === 'index' ||
          (page && /Using filesort/.test(row.Extra ?? '')) ||
          (page &&
            TIME_BOUND.test(sql) &&
            row.type === 'ref' &&
            row.key === 'idx_access_logs_user_time')) &&
        Number(row.rows) > WHOLE_TABLE_ROWS,
    )
    .map(
      (row) => `${row.type} ${row.table} (${row.rows} rows${row.Extra ? `, ${row.Extra}` : ''})`,
    );
}

/**
 * Reads every page of the call log and the ledger as the site does and checks each statement's
 * plan: none reads a big table whole or walks a user's calls to reach a time (see badReads).
 */
async function readsSeekIndexes(
  t: TestApp,
  user: { id: number; username: string },
  months: string[],
) {
  const client = t.client();
  await loginUser(t, client, user.username);
  const admin = await adminClient(t);
  const day = dayOf(Date.now() - 30 * DAY, 'UTC');
  const [apiRow] = await t.dataSource.query<{ api_id: number }[]>(
    'SELECT api_id FROM access_logs WHERE user_id = ? ORDER BY access_time DESC LIMIT 1',
    [user.id],
  );
  // Far into the log, the next page is read from the previous page's last row.
  const deep = await client.get('/api/user/get_user_access_logs.php?page=600');
  const before = (deep.body.data as { next_before: string }).next_before;
  const reads = [
    '/api/user/get_user_access_logs.php?page=1',
    '/api/user/get_user_access_logs.php?page=50',
    `/api/user/get_user_access_logs.php?page=601&before=${before}`,
    `/api/user/get_user_access_logs.php?page=1&api_id=${apiRow.api_id}&status=success`,
    `/api/user/get_user_access_logs.php?page=1&from=${day}&to=${day}`,
    // A month of the hot user's calls (about 19,000): each chunk after the first is read from
    // the last one's row.
    `/api/user/export_access_logs.php?from=${months[1]}-01&to=${months[1]}-28`,
    '/api/user/get_access_log_options.php',
    '/api/user/get_usage.php',
    ...months.map((month) => `/api/user/get_monthly_statement.php?month=${month}`),
    `/api/user/export_monthly_statement.php?month=${months[1]}`,
  ];
  const adminReads = [
    ...months.map((month) => `/api/admin/get_user_statement.php?user_id=${user.id}&month=${month}`),
    ...months.map((month) => `/api/admin/get_site_statement.php?month=${month}`),
    '/api/admin/get_dashboard_stats.php',
    // Its balance check reads closed months' closings and the open months' rows.
    '/api/admin/get_recharge_reconciliation.php',
  ];
  const whole: { path: string; sql: string; reads: string[] }[] = [];
  const unread: string[] = [];
  for (const [path, who] of [
    ...reads.map((path) => [path, client] as const),
    ...adminReads.map((path) => [path, admin] as const),
  ]) {
    let status = 0;
    const seen = await recorded(t, async () => {
      status = (await who.get(path)).status;
    });
    expect([path, status]).toEqual([path, 200]);
    const logReads = seen.filter(
      ({ sql }) =>
        /^\s*(SELECT|WITH)\b/i.test(sql) &&
        /\b(access_logs|usage_rollups|call_rollups|call_day_totals|user_day_totals|user_month_firsts|site_day_totals|usage_hour_rollups|call_hour_rollups|ledger_closings)\b/.test(
          sql,
        ),
    );
    // The options read the log only for disabled APIs, and there are none.
    if (logReads.length === 0 && !path.includes('options')) unread.push(path);
    for (const { sql, params } of logReads) {
      const found = await badReads(t, sql, params);
      if (found.length > 0) {
        whole.push({ path, sql: sql.replace(/\s+/g, ' ').slice(0, 400), reads: found });
      }
    }
  }
  expect(unread).toEqual([]);
  expect(whole).toEqual([]);
  const [{ n }] = await t.dataSource.query<{ n: number | string }[]>(
    'SELECT COUNT(*) AS n FROM ledger_months',
  );
  expect(Number(n)).toBeGreaterThanOrEqual(12);
}

describeEachDb(
  'the ledger at a million calls: every read seeks an index',
  (ctx) => {
    let user: { id: number; username: string };
    const months: string[] = [];

    beforeAll(async () => {
      const t = ctx.t;
      // The job stays out of the way: the rollups are made here, once the rows are in.
      t.app.get(RollupJob).onApplicationShutdown();
      const apis = await Promise.all(
        [1, 2, 3].map(() => createGatewayApi(t, { is_paid: 1, price_per_call_milli: 7 })),
      );
      const created = await createUser(t);
      user = created.user;
      const [{ id: keyId }] = await t.dataSource.query<{ id: number }[]>(
        'SELECT id FROM api_keys WHERE user_id = ? ORDER BY id LIMIT 1',
        [user.id],
      );
      await loadCalls(
        t,
        { userId: user.id, keyId },
        apis.map((api) => api.id),
      );
      const now = Date.now();
      const zone = t.env.SITE_TIME_ZONE;
      while ((await rollUp(t.dataSource, zone, now)) > 0);
      while ((await rollHours(t.dataSource, zone, now)) > 0);
      while ((await closeMonths(t.dataSource, zone, now)) > 0);
      months.push(dayOf(now, zone).slice(0, 7), dayOf(now - 120 * DAY, zone).slice(0, 7));
    }, 300_000);

    it('counts a long call log only so far past the page asked for, and a short one exactly', async () => {
      const t = ctx.t;
      const client = t.client();
      await loginUser(t, client, user.username);
      const page = async (query: string) =>
        (await client.get(`/api/user/get_user_access_logs.php?${query}`)).body.data as {
          logs: unknown[];
          total: number;
          total_pages: number;
          current_page: number;
          total_capped: boolean;
        };
      const first = await page('page=1');
      expect(first).toMatchObject({ total: 10_000, total_pages: 500, total_capped: true });
      expect(first.logs).toHaveLength(20);
      // Far in, the count reaches five pages past the one asked for.
      const far = await page('page=600');
      expect(far).toMatchObject({ total: 12_080, total_pages: 604, current_page: 600 });
      expect(far.total_capped).toBe(true);
      expect(far.logs).toHaveLength(20);
      // A day of the user's calls is counted exactly.
      const day = dayOf(Date.now() - 30 * DAY, 'UTC');
      const [{ n }] = await t.dataSource.query<{ n: number | string }[]>(
        'SELECT COUNT(*) AS n FROM access_logs WHERE user_id = ? AND access_time >= ? AND access_time < ?',
        [
          user.id,
          sqlTime(t.dataSource, new Date(`${day}T00:00:00Z`)),
          sqlTime(t.dataSource, new Date(Date.parse(`${day}T00:00:00Z`) + DAY)),
        ],
      );
      expect(Number(n)).toBeGreaterThan(500);
      expect(await page(`page=1&from=${day}&to=${day}`)).toMatchObject({
        total: Number(n),
        total_capped: false,
      });
    });

    it('reads the call log, its export, the dashboards, statements and the balance check by index', () =>
      readsSeekIndexes(ctx.t, user, months));

    it("counts a call log page without the page's joins", async () => {
      const t = ctx.t;
      const client = t.client();
      await loginUser(t, client, user.username);
      const count = (
        await recorded(t, async () => {
          expect((await client.get('/api/user/get_user_access_logs.php?page=1')).status).toBe(200);
        })
      ).find(({ sql }) => /COUNT\(\*\)/i.test(sql));
      expect(count?.sql).toMatch(/\baccess_logs\b/);
      expect(count?.sql).not.toMatch(/\b(api_keys|apis)\b/);
    });

    it("reads a month's statement lines from the rollups' index alone", async () => {
      const t = ctx.t;
      const client = t.client();
      await loginUser(t, client, user.username);
      // A month long rolled up: its lines come from usage_rollups, never a row lookup each.
      const statement = (
        await recorded(t, async () => {
          const res = await client.get(`/api/user/get_monthly_statement.php?month=${months[1]}`);
          expect(res.status).toBe(200);
          expect((res.body.data as { lines: unknown[] }).lines).toHaveLength(3);
        })
      ).find(({ sql }) => /\busage_rollups r\b/.test(sql));
      expect(statement).toBeDefined();
      const { sql, params } = statement!;
      if (ctx.db === 'sqlite') {
        const plan: { detail: string }[] = await t.dataSource.query(
          `EXPLAIN QUERY PLAN ${sql}`,
          params,
        );
        expect(plan.map((row) => row.detail)).toContain(
          'SEARCH r USING COVERING INDEX idx_usage_rollups_user_day_sums (user_id=? AND day>? AND day<?)',
        );
      } else {
        const plan: { table: string; key: string | null; Extra: string | null }[] =
          await t.dataSource.query(`EXPLAIN ${sql}`, params);
        const rollups = plan.find((row) => row.table === 'r');
        expect(rollups?.key).toBe('idx_usage_rollups_user_day_sums');
        expect(rollups?.Extra).toMatch(/Using index(?! condition)/);
      }
    });

    // ledger/partitions.ts: MySQL only (SQLite keeps one table).
    if (ctx.db === 'mysql') {
      it('keeps every plan once the log is converted into month partitions', async () => {
        const t = ctx.t;
        // The command's own connection has no statement time limit (the site's has a few seconds).
        const lines: string[] = [];
        expect(await ledgerPartitionCommand(t.env, (line) => lines.push(line))).toBe(0);
        expect(lines.join('\n')).toMatch(/^partitioned the access log by month: 1000000 rows into/);
        expect((await logPartitions(t.dataSource))!.length).toBeGreaterThanOrEqual(17);
        await t.dataSource.query('ANALYZE TABLE access_logs');
        // The usage dashboard keeps the first pass's count for a minute: it is counted again.
        const usage: unknown = t.app.get(UsageService);
        (usage as { counted: { clear(): void } }).counted.clear();
        await readsSeekIndexes(t, user, months);
      }, 300_000);
    }
  },
  {},
  'loads a million call rows in bulk to read their query plans, with no money behind them',
);
