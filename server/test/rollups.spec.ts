import { createConnection } from 'mysql2/promise';
import { setTimeout as sleep } from 'node:timers/promises';
import { dayBefore, dayBounds, dayOf, nextDay } from '../src/common/quota-period';
import { ledgerVerifyCommand } from '../src/cli/ledger-verify';
import { rowTime, sqlTime } from '../src/database/sql-time';
import {
  checkHours,
  checkRollups,
  DAY_TOTALS_SERIES,
  rollHours,
  rollUp,
} from '../src/modules/ledger';
import { hourBounds, HOURS_PER_RUN } from '../src/modules/ledger/hour-rollups';
import { ROLLUP_GRACE_MS } from '../src/modules/ledger/rollups';
import { RollupJob } from '../src/modules/statements/rollup-job';
import { createGatewayApi } from './factories/gateway';
import { adminClient } from './factories/admin';
import { chargeWritten } from './factories/ledger';
import { createUser, loginUser } from './factories/users';
import { describeEachDb, TestApp } from './harness';

const DAY = 86_400_000;
const STATEMENT = '/api/user/get_monthly_statement.php';

/** The raw rows' counted calls per day, user, API and source, as a rollup must hold them. */
const RAW_GROUPS = `SELECT ? AS day, user_id, COALESCE(api_id, 0) AS api_id,
    CASE WHEN charged_from = 'free' THEN 'free' ELSE 'balance' END AS source,
    COUNT(*) AS calls, SUM(cost_milli) AS cost
  FROM access_logs
  WHERE access_time >= ? AND access_time < ? AND user_id IS NOT NULL
    AND (cost_milli > 0 OR charged_from = 'free')
  GROUP BY user_id, COALESCE(api_id, 0), CASE WHEN charged_from = 'free' THEN 'free' ELSE 'balance' END`;

type Group = {
  day: string;
  user_id: number;
  api_id: number;
  source: string;
  calls: number;
  cost: number;
};

const normal = (rows: Record<string, unknown>[]): Group[] =>
  rows
    .map((row) => ({
      day: String(row.day),
      user_id: Number(row.user_id),
      api_id: Number(row.api_id),
      source: String(row.source),
      calls: Number(row.calls),
      cost: Number(row.cost ?? row.cost_milli),
    }))
    .sort((a, b) =>
      `${a.day}/${a.user_id}/${a.api_id}/${a.source}`.localeCompare(
        `${b.day}/${b.user_id}/${b.api_id}/${b.source}`,
      ),
    );

async function state(t: TestApp) {
  const [row] = await t.dataSource.query<{ time_zone: string; through_day: string }[]>(
    'SELECT time_zone, through_day FROM usage_rollup_state WHERE id = 1',
  );
  return row;
}

async function through(t: TestApp, series: number) {
  const [row] = await t.dataSource.query<{ through_day: string }[]>(
    'SELECT through_day FROM usage_rollup_state WHERE id = ?',
    [series],
  );
  return row?.through_day;
}

/** A query's rows as lists of values (numbers as numbers, whichever the driver gives). */
async function table(t: TestApp, sql: string, params: unknown[] = []) {
  const rows = await t.dataSource.query<Record<string, unknown>[]>(sql, params);
  const value = (v: unknown) => (typeof v === 'string' && !/^-?\d+$/.test(v) ? v : Number(v));
  return rows.map((row) => Object.values(row).map(value));
}

async function rollups(t: TestApp) {
  return normal(
    await t.dataSource.query(
      'SELECT day, user_id, api_id, source, calls, cost_milli FROM usage_rollups',
    ),
  );
}

/** What the rollups of every day through `through` must be, from the raw rows (UTC days). */
async function expected(t: TestApp, first: string, through: string) {
  const groups: Group[] = [];
  for (let day = first; day <= through; day = nextDay(day)) {
    const from = new Date(`${day}T00:00:00Z`);
    const rows = await t.dataSource.query(RAW_GROUPS, [
      day,
      sqlTime(t.dataSource, from),
      sqlTime(t.dataSource, new Date(from.getTime() + DAY)),
    ]);
    groups.push(...normal(rows));
  }
  return normal(groups);
}

/** Calls of the last few days written as the ledger writes them, the balance moved to match. */
async function history(t: TestApp, userId: number, apiId: number, now: number) {
  const rows: [number, number, string | null, number][] = [
    // days ago, cost, charged_from, status
    [4, 7, 'balance', 200],
    [4, 7, null, 200], // an older release's charged row: paid from the balance
    [3, 0, 'free', 200],
    [3, 0, null, 502], // refunded: counted nowhere
    [2, 7, 'balance', 200],
    [2, 0, 'free', 200],
    [1, 7, 'balance', 200],
    [0, 7, 'balance', 200],
  ];
  for (const [ago, cost, from, status] of rows) {
    await t.dataSource.query(
      `INSERT INTO access_logs (user_id, api_id, api_name, ip_address, access_url, user_agent, access_time, status_code, cost_milli, latency_ms, charged_from)
       VALUES (?, ?, 'Rollup API', '127.0.0.1', '/apis/x', 'jest', ?, ?, ?, 1, ?)`,
      [userId, apiId, sqlTime(t.dataSource, new Date(now - ago * DAY)), status, cost, from],
    );
  }
  await t.dataSource.query('UPDATE users SET balance_milli = ? WHERE id = ?', [1000, userId]);
  await t.dataSource.query(
    `INSERT INTO balance_adjustments (user_id, admin_id, delta_milli, reason) VALUES (?, 1, ?, 'start')`,
    [userId, 1000 + 5 * 7],
  );
}

/** Every rollup and its state removed: the series start afresh from the rows there are. */
async function startAfresh(t: TestApp) {
  for (const name of [
    'usage_rollup_state',
    'usage_hour_state',
    'usage_rollups',
    'call_rollups',
    'call_day_totals',
    'user_day_totals',
    'user_month_firsts',
    'site_day_totals',
    'usage_hour_rollups',
  ]) {
    await t.dataSource.query(`DELETE FROM ${name}`);
  }
}

/**
 * The months of history()'s calls, and a reader of the site's and `username`'s statements, the
 * admin dashboard's charges and `username`'s usage dashboard.
 */
async function statementsOf(t: TestApp, username: string, now: number) {
  const client = t.client();
  await loginUser(t, client, username);
  const admin = await adminClient(t);
  const months = [
    ...new Set([dayOf(now - 4 * DAY, 'UTC'), dayOf(now, 'UTC')].map((d) => d.slice(0, 7))),
  ];
  const read = async () => ({
    site: await Promise.all(
      months.map(
        async (m) => (await admin.get(`/api/admin/get_site_statement.php?month=${m}`)).body,
      ),
    ),
    mine: await Promise.all(
      months.map(async (m) => (await client.get(`${STATEMENT}?month=${m}`)).body),
    ),
    charges: (await admin.get('/api/admin/get_dashboard_stats.php')).body.data.activity.charges,
    usage: (await client.get('/api/user/get_usage.php')).body.data,
  });
  return { months, read };
}

describeEachDb('daily rollups of the call log', (ctx) => {
  // The instance's own job stays out of the way: the tests run rollups themselves, at once.
  beforeAll(() => ctx.t.app.get(RollupJob).onApplicationShutdown());

  it('rolls closed days up to what their raw rows add up to, once, and statements read the same', async () => {
    const t = ctx.t;
    const now = Date.now();
    const api = await createGatewayApi(t, { is_paid: 1, price_per_call_milli: 7 });
    const { user } = await createUser(t);
    await history(t, user.id, api.id, now);
    const client = t.client();
    await loginUser(t, client, user.username);
    const months = [
      ...new Set([dayOf(now - 4 * DAY, 'UTC'), dayOf(now, 'UTC')].map((d) => d.slice(0, 7))),
    ];
    const before = await Promise.all(months.map((m) => client.get(`${STATEMENT}?month=${m}`)));

    const job = t.app.get(RollupJob);
    let days = 0;
    for (let rolled = await job.run(now); rolled > 0; rolled = await job.run(now)) days += rolled;
    const through = dayOf(now - ROLLUP_GRACE_MS, 'UTC');
    const lastClosed = dayOf(new Date(`${through}T00:00:00Z`).getTime() - 1, 'UTC');
    expect(await state(t)).toEqual({ time_zone: 'UTC', through_day: lastClosed });
    const [{ first }] = await t.dataSource.query<{ first: Date | string }[]>(
      "SELECT MIN(access_time) AS first FROM access_logs WHERE cost_milli > 0 OR charged_from = 'free'",
    );
    const firstDay = dayOf(rowTime(first).getTime(), 'UTC');
    expect(days).toBeGreaterThanOrEqual(3);
    const want = await expected(t, firstDay, lastClosed);
    expect(await rollups(t)).toEqual(want);
    expect(want.filter((g) => g.user_id === user.id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ source: 'balance', calls: 2, cost: 14 }),
        expect.objectContaining({ source: 'free', calls: 1, cost: 0 }),
      ]),
    );

    // The statements read the rollups now, and say exactly what they said from raw rows.
    const after = await Promise.all(months.map((m) => client.get(`${STATEMENT}?month=${m}`)));
    expect(after.map((res) => res.body)).toEqual(before.map((res) => res.body));

    // Nothing more is due; rolling days again gives the same rows.
    expect(await job.run(now)).toBe(0);
    await t.dataSource.query('UPDATE usage_rollup_state SET through_day = ? WHERE id = 1', [
      dayOf(now - 4 * DAY, 'UTC'),
    ]);
    expect(await rollUp(t.dataSource, 'UTC', now)).toBeGreaterThanOrEqual(3);
    expect(await rollups(t)).toEqual(want);
  });

  it('rolls each day once when instances run at once, and starts again in a new time zone', async () => {
    const t = ctx.t;
    const now = Date.now();
    const api = await createGatewayApi(t, { is_paid: 1, price_per_call_milli: 7 });
    const { user } = await createUser(t);
    await history(t, user.id, api.id, now);
    await t.dataSource.query('DELETE FROM usage_rollup_state');
    await t.dataSource.query('DELETE FROM usage_rollups');

    const runs = await Promise.all([1, 2, 3].map(() => rollUp(t.dataSource, 'UTC', now)));
    let days = runs.reduce((a, b) => a + b, 0);
    for (let rolled = await rollUp(t.dataSource, 'UTC', now); rolled > 0;) {
      days += rolled;
      rolled = await rollUp(t.dataSource, 'UTC', now);
    }
    const { through_day } = await state(t);
    const rolledRows = await rollups(t);
    const rolledDays = new Set(rolledRows.map((g) => g.day));
    expect(days).toBeGreaterThanOrEqual(rolledDays.size);
    expect(rolledRows).toEqual(await expected(t, [...rolledDays].sort()[0], through_day));
    const client = t.client();
    await loginUser(t, client, user.username);
    const month = dayOf(now, 'UTC').slice(0, 7);
    const inUtc = await client.get(`${STATEMENT}?month=${month}`);

    // Another site clock: everything rolled so far is dropped and rolled again on that clock;
    // meanwhile the UTC site reads raw rows (the rollups are not in its days) and says the same.
    await rollUp(t.dataSource, 'Asia/Shanghai', now);
    expect((await state(t)).time_zone).toBe('Asia/Shanghai');
    expect((await rollups(t)).every((g) => g.day <= dayOf(now, 'Asia/Shanghai'))).toBe(true);
    expect((await client.get(`${STATEMENT}?month=${month}`)).body).toEqual(inUtc.body);
    await rollUp(t.dataSource, 'UTC', now);
    while ((await rollUp(t.dataSource, 'UTC', now)) > 0);
    expect(await state(t)).toEqual({ time_zone: 'UTC', through_day });
    expect(await rollups(t)).toEqual(rolledRows);
  });

  it('starts a series once when instances start it together and InnoDB ends one as a deadlock victim', async () => {
    const t = ctx.t;
    await t.dataSource.query('DELETE FROM usage_rollup_state');
    let startEnds = async () => {};
    if (ctx.db === 'mysql') {
      // A third instance's start, not yet committed: both runs below wait on its row; once it is
      // rolled back each holds a shared lock the other's insert needs, and InnoDB ends one of
      // them as a deadlock's victim (MySQL's manual, "Locks Set by Different SQL Statements").
      const other = await createConnection({ uri: t.env.DATABASE_URL });
      await other.query('BEGIN');
      await other.query(
        "INSERT INTO usage_rollup_state (id, time_zone, through_day) VALUES (1, 'UTC', '')",
      );
      startEnds = async () => {
        await other.query('ROLLBACK');
        await other.end();
      };
    }
    const runs = Promise.all([1, 2].map(() => rollUp(t.dataSource, 'UTC', Date.now())));
    await sleep(300);
    await startEnds();
    await runs;
    expect((await state(t)).time_zone).toBe('UTC');
  });

  it('serves the dashboard and the admin charges from the call rollups, as raw rows would', async () => {
    const t = ctx.t;
    const now = Date.now();
    const api = await createGatewayApi(t, { is_paid: 1, price_per_call_milli: 7 });
    const { user } = await createUser(t);
    await history(t, user.id, api.id, now);
    // The earlier tests' rollups predate these rows: start the call rollups afresh.
    await t.dataSource.query('DELETE FROM usage_rollup_state WHERE id = 2');
    await t.dataSource.query('DELETE FROM call_rollups');
    await t.dataSource.query('DELETE FROM call_day_totals');
    const client = t.client();
    await loginUser(t, client, user.username);
    const admin = await adminClient(t);
    const usage = async () => (await client.get('/api/user/get_usage.php')).body.data;
    const charges = async () =>
      (await admin.get('/api/admin/get_dashboard_stats.php')).body.data.activity.charges;
    const before = { usage: await usage(), charges: await charges() };
    // Every call counts on the dashboard: the free-quota one, the refunded one and the paid ones.
    expect(before.usage.days.slice(-5).map((d: { calls: number }) => d.calls)).toEqual([
      2, 2, 2, 1, 1,
    ]);

    while ((await rollUp(t.dataSource, 'UTC', now)) > 0);
    const [{ through_day }] = await t.dataSource.query<{ through_day: string }[]>(
      'SELECT through_day FROM usage_rollup_state WHERE id = 2',
    );
    expect(through_day).toBe((await state(t)).through_day);
    const rows = await t.dataSource.query<Record<string, unknown>[]>(
      'SELECT day, calls, charged_calls, cost_milli FROM call_rollups WHERE user_id = ? ORDER BY day',
      [user.id],
    );
    expect(
      rows.map((r) => [Number(r.calls), Number(r.charged_calls), Number(r.cost_milli)]),
    ).toEqual(
      // 4 days ago to yesterday (or the day before, within the grace after midnight)
      [
        [2, 2, 14],
        [2, 0, 0],
        [2, 1, 7],
        [1, 1, 7],
      ].slice(0, rows.length),
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(await usage()).toEqual(before.usage);
    expect(await charges()).toEqual(before.charges);

    // A raw row of a rolled day changed behind the rollups' back shows nowhere: they are read.
    const rawFrom = sqlTime(t.dataSource, new Date(`${nextDay(through_day)}T00:00:00Z`));
    const change = (sign: string) =>
      t.dataSource.query(
        `UPDATE access_logs SET cost_milli = cost_milli ${sign} 1000
         WHERE user_id = ? AND cost_milli > 0 AND access_time < ?`,
        [user.id, rawFrom],
      );
    await change('+');
    expect(await usage()).toEqual(before.usage);
    expect(await charges()).toEqual(before.charges);
    await change('-');
    // Today's rows are raw: a call now shows at once.
    await t.dataSource.query(
      `INSERT INTO access_logs (user_id, api_id, api_name, ip_address, access_url, user_agent, access_time, status_code, cost_milli, latency_ms, charged_from)
       VALUES (?, ?, 'Rollup API', '127.0.0.1', '/apis/x', 'jest', ?, 200, 7, 1, 'balance')`,
      [user.id, api.id, sqlTime(t.dataSource, new Date())],
    );
    await chargeWritten(t.dataSource, [{ user_id: user.id, cost_milli: 7 }]);
    const later = await usage();
    expect(later.days[29].calls).toBe(before.usage.days[29].calls + 1);
    expect((await charges()).today).not.toBe(before.charges.today);
  });

  it("totals users' and the site's days from the usage rollups, never past them, as raw rows would", async () => {
    const t = ctx.t;
    const now = Date.now();
    const api = await createGatewayApi(t, { is_paid: 1, price_per_call_milli: 7 });
    const [{ user: one }, { user: two }] = [await createUser(t), await createUser(t)];
    await history(t, one.id, api.id, now);
    await history(t, two.id, api.id, now);
    // The earlier tests' rollups predate these rows: every series starts afresh.
    await startAfresh(t);
    const { months, read } = await statementsOf(t, one.username, now);
    const raw = await read();
    expect(raw.site.at(-1).data.users).toBeGreaterThanOrEqual(2);

    // The usage rollups go as far as three days ago: the day totals go no further.
    while ((await rollUp(t.dataSource, 'UTC', now)) > 0);
    const last = await through(t, 1);
    const early = dayOf(now - 3 * DAY, 'UTC');
    await t.dataSource.query('UPDATE usage_rollup_state SET through_day = ? WHERE id IN (1, 3)', [
      early,
    ]);
    for (const name of ['user_day_totals', 'user_month_firsts', 'site_day_totals']) {
      await t.dataSource.query(`DELETE FROM ${name} WHERE day > ?`, [early]);
    }
    expect(await rollUp(t.dataSource, 'UTC', now, [DAY_TOTALS_SERIES])).toBe(0);
    expect(await through(t, 3)).toBe(early);
    while ((await rollUp(t.dataSource, 'UTC', now)) > 0);
    expect(await through(t, 1)).toBe(last);
    expect(await through(t, 3)).toBe(last);

    // A user's day is their usage rollups' day added up; the site's day is its users' days.
    expect(
      await table(
        t,
        'SELECT day, user_id, calls, free_calls, cost_milli FROM user_day_totals ORDER BY day, user_id',
      ),
    ).toEqual(
      await table(
        t,
        `SELECT day, user_id, SUM(CASE WHEN source = 'free' THEN 0 ELSE calls END),
           SUM(CASE WHEN source = 'free' THEN calls ELSE 0 END), SUM(cost_milli)
         FROM usage_rollups GROUP BY day, user_id ORDER BY day, user_id`,
      ),
    );
    const mine = await table(
      t,
      'SELECT calls, free_calls, cost_milli FROM user_day_totals WHERE user_id = ? ORDER BY day',
      [one.id],
    );
    expect(mine.slice(0, 3)).toEqual([
      [2, 0, 14],
      [0, 1, 0],
      [1, 1, 7],
    ]);
    expect(
      await table(t, 'SELECT day, calls, free_calls, cost_milli FROM site_day_totals ORDER BY day'),
    ).toEqual(
      await table(
        t,
        `SELECT day, SUM(calls), SUM(free_calls), SUM(cost_milli) FROM user_day_totals
         GROUP BY day ORDER BY day`,
      ),
    );
    // A user is new on their first counted day of the month, and only then.
    expect(
      await table(t, 'SELECT month, user_id, day FROM user_month_firsts ORDER BY month, user_id'),
    ).toEqual(
      await table(
        t,
        `SELECT SUBSTR(day, 1, 7) AS month, user_id, MIN(day) FROM user_day_totals
         GROUP BY SUBSTR(day, 1, 7), user_id ORDER BY month, user_id`,
      ),
    );
    for (const month of months) {
      const days = [`${month}-01`, `${month}-31`];
      expect(
        await table(
          t,
          'SELECT SUM(new_users) FROM site_day_totals WHERE day >= ? AND day <= ?',
          days,
        ),
      ).toEqual(
        await table(
          t,
          'SELECT COUNT(DISTINCT user_id) FROM user_day_totals WHERE day >= ? AND day <= ?',
          days,
        ),
      );
    }

    // The statements read the totals now, and say exactly what they said from raw rows; a raw row
    // of a totalled day changed behind their back shows nowhere.
    expect(await read()).toEqual(raw);
    await t.dataSource.query(
      `UPDATE access_logs SET cost_milli = cost_milli + 1000 WHERE user_id = ? AND cost_milli > 0
       AND access_time < ?`,
      [two.id, sqlTime(t.dataSource, new Date(`${nextDay(last)}T00:00:00Z`))],
    );
    expect((await read()).site).toEqual(raw.site);
    await t.dataSource.query(
      `UPDATE access_logs SET cost_milli = cost_milli - 1000 WHERE user_id = ? AND cost_milli > 1000`,
      [two.id],
    );

    // ledger:verify's check names a day total that does not add up to what it was made from.
    expect((await checkRollups(t.dataSource, 'UTC')).mismatches).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ table: 'site_day_totals' })]),
    );
    await t.dataSource.query(
      'UPDATE site_day_totals SET cost_milli = cost_milli + 3 WHERE day = ?',
      [last],
    );
    expect((await checkRollups(t.dataSource, 'UTC')).mismatches).toContainEqual(
      expect.objectContaining({
        table: 'site_day_totals',
        source: "the users' day totals",
        user_id: null,
        month: last.slice(0, 7),
      }),
    );
    await t.dataSource.query(
      'UPDATE site_day_totals SET cost_milli = cost_milli - 3 WHERE day = ?',
      [last],
    );
  });

  it("rolls the running days' closed hours up; statements and dashboards read them as raw rows", async () => {
    const t = ctx.t;
    const now = Date.now();
    const today = dayOf(now, 'UTC');
    const yesterday = dayBefore(today, 1);
    const yesterdayFrom = new Date(`${yesterday}T00:00:00Z`).getTime();
    const api = await createGatewayApi(t, { is_paid: 1, price_per_call_milli: 7 });
    const [{ user: one }, { user: two }] = [await createUser(t), await createUser(t)];
    await history(t, one.id, api.id, now);
    await history(t, two.id, api.id, now);
    // Calls in yesterday's first and last hour (rolled once today is 10 minutes old), and in the
    // hour just gone.
    for (const at of [yesterdayFrom + 60_000, yesterdayFrom + DAY - 60_000, now - 3_600_000]) {
      await t.dataSource.query(
        `INSERT INTO access_logs (user_id, api_id, api_name, ip_address, access_url, user_agent, access_time, status_code, cost_milli, latency_ms, charged_from)
         VALUES (?, ?, 'Rollup API', '127.0.0.1', '/apis/x', 'jest', ?, 200, 7, 1, 'balance')`,
        [two.id, api.id, sqlTime(t.dataSource, new Date(at))],
      );
      await t.dataSource.query(
        'UPDATE balance_adjustments SET delta_milli = delta_milli + 7 WHERE user_id = ?',
        [two.id],
      );
    }
    await startAfresh(t);
    const { read } = await statementsOf(t, two.username, now);
    const raw = await read();

    // The days go through the day before yesterday; the hours start yesterday and go as far as
    // the closed hours (each ROLLUP_GRACE_MS after its end) now.
    while ((await rollUp(t.dataSource, 'UTC', yesterdayFrom + ROLLUP_GRACE_MS)) > 0);
    expect(await through(t, 1)).toBe(dayBefore(today, 2));
    expect(await through(t, 3)).toBe(dayBefore(today, 2));
    expect(await rollHours(t.dataSource, 'UTC', yesterdayFrom)).toBe(0);
    // Three instances at once: each hour is rolled by one of them.
    const runs = await Promise.all([1, 2, 3].map(() => rollHours(t.dataSource, 'UTC', now)));
    let hours = runs.reduce((a, b) => a + b, 0);
    for (;;) {
      const rolled = await rollHours(t.dataSource, 'UTC', now);
      expect(rolled).toBeLessThanOrEqual(HOURS_PER_RUN);
      if (rolled === 0) break;
      hours += rolled;
    }
    const [mark] = await t.dataSource.query<
      { from_day: string; next_day: string; next_hour: number }[]
    >('SELECT from_day, next_day, next_hour FROM usage_hour_state');
    const next = hourBounds(mark.next_day, Number(mark.next_hour), 'UTC');
    expect(mark.from_day).toBe(yesterday);
    expect(next.to + ROLLUP_GRACE_MS).toBeGreaterThan(now);
    expect(next.from + ROLLUP_GRACE_MS).toBeLessThanOrEqual(now);
    expect(hours).toBe((next.from - yesterdayFrom) / 3_600_000);

    // An hour's rows are its raw rows added up, as a day's are.
    const hourRows = await table(
      t,
      `SELECT day, hour, user_id, api_id, source, calls, cost_milli FROM usage_hour_rollups
       ORDER BY day, hour, user_id, api_id, source`,
    );
    const want: unknown[][] = [];
    for (let at = yesterdayFrom; at < next.from; at += 3_600_000) {
      const day = dayOf(at, 'UTC');
      const rows = await table(t, RAW_GROUPS, [
        day,
        sqlTime(t.dataSource, new Date(at)),
        sqlTime(t.dataSource, new Date(at + 3_600_000)),
      ]);
      const hour = (at - new Date(`${day}T00:00:00Z`).getTime()) / 3_600_000;
      want.push(...rows.map(([d, ...rest]) => [d, hour, ...rest]));
    }
    const byKey = (rows: unknown[][]) =>
      [...rows].sort((a, b) => a.slice(0, 5).join('/').localeCompare(b.slice(0, 5).join('/')));
    expect(byKey(hourRows)).toEqual(byKey(want));
    // (Yesterday's first hour may hold history()'s call of a day ago too, before 01:00.)
    expect(hourRows).toContainEqual([
      yesterday,
      0,
      two.id,
      api.id,
      'balance',
      expect.any(Number),
      expect.any(Number),
    ]);

    // The statements read the hours now and say what raw rows said; a raw row of a rolled hour
    // changed behind their back shows nowhere, one of an hour not rolled yet shows.
    expect(await read()).toEqual(raw);
    expect(await checkHours(t.dataSource, 'UTC')).toEqual([]);
    const edit = (delta: number, from: number, to: number) =>
      t.dataSource.query(
        `UPDATE access_logs SET cost_milli = cost_milli + ? WHERE user_id = ? AND cost_milli > 0
         AND access_time >= ? AND access_time < ?`,
        [delta, two.id, ...[from, to].map((at) => sqlTime(t.dataSource, new Date(at)))],
      );
    const [{ n }] = await t.dataSource.query<{ n: number | string }[]>(
      `SELECT COUNT(*) AS n FROM access_logs WHERE user_id = ? AND cost_milli > 0
       AND access_time >= ? AND access_time < ?`,
      [two.id, ...[yesterdayFrom, next.from].map((at) => sqlTime(t.dataSource, new Date(at)))],
    );
    // Yesterday's first call and history()'s of a day ago are always in a rolled hour.
    expect(Number(n)).toBeGreaterThanOrEqual(2);
    await edit(1000, yesterdayFrom, next.from);
    expect(await read()).toEqual(raw);
    // ledger:verify's check names each hour table that no longer adds up, by how much.
    const found = await checkHours(t.dataSource, 'UTC');
    expect(
      found.map((m) => [m.table, m.source, m.user_id, m.raw.cost_milli - m.rolled.cost_milli]),
    ).toEqual([
      ['usage_hour_rollups', 'the raw rows', two.id, 1000 * Number(n)],
      ['call_hour_rollups', 'the raw rows', two.id, 1000 * Number(n)],
    ]);
    const lines: string[] = [];
    expect(await ledgerVerifyCommand(t.env, (line) => lines.push(line))).toBe(1);
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^user ${two.id}, \\d{4}-\\d\\d \\(usage_hour_rollups\\): rollups hold .*, the raw rows .*, difference `,
        ),
      ),
    );
    await edit(-1000, yesterdayFrom, next.from);
    await t.dataSource.query(
      `INSERT INTO access_logs (user_id, api_id, api_name, ip_address, access_url, user_agent, access_time, status_code, cost_milli, latency_ms, charged_from)
       VALUES (?, ?, 'Rollup API', '127.0.0.1', '/apis/x', 'jest', ?, 200, 7, 1, 'balance')`,
      [two.id, api.id, sqlTime(t.dataSource, new Date(now))],
    );
    await t.dataSource.query('UPDATE users SET balance_milli = balance_milli - 7 WHERE id = ?', [
      two.id,
    ]);
    const mine = (await read()).mine.at(-1).data;
    const milli = (yuan: string) => Math.round(Number(yuan) * 1000);
    expect(milli(mine.charged)).toBe(milli(raw.mine.at(-1).data.charged) + 7);

    // Once the days are rolled, their hours are stepped over and their rows removed.
    while ((await rollUp(t.dataSource, 'UTC', now)) > 0);
    await rollHours(t.dataSource, 'UTC', now);
    const last = await through(t, 1);
    const [{ kept }] = await t.dataSource.query<{ kept: string | null }[]>(
      'SELECT MIN(day) AS kept FROM usage_hour_rollups',
    );
    expect(kept === null || kept >= last).toBe(true);
    expect((await read()).mine.at(-1).data).toEqual(mine);

    // Another site clock starts the hours again from its today, and drops what was rolled.
    await rollHours(t.dataSource, 'Asia/Shanghai', now);
    const [shanghai] = await t.dataSource.query<{ time_zone: string; from_day: string }[]>(
      'SELECT time_zone, from_day FROM usage_hour_state',
    );
    expect(shanghai).toEqual({ time_zone: 'Asia/Shanghai', from_day: dayOf(now, 'Asia/Shanghai') });
    expect(
      (await table(t, 'SELECT day FROM usage_hour_rollups')).every(
        ([day]) => String(day) >= dayOf(now, 'Asia/Shanghai'),
      ),
    ).toBe(true);
  });

  it('rolls a day of 25 hours on a clock change hour by hour, the last hour ending with the day', async () => {
    const t = ctx.t;
    const zone = 'America/New_York';
    const day = '2026-11-01'; // clocks go back an hour at 02:00
    const { from, to } = dayBounds(day, zone);
    expect(to - from).toBe(25 * 3_600_000);
    const api = await createGatewayApi(t, { is_paid: 1, price_per_call_milli: 7 });
    const { user } = await createUser(t);
    for (let k = 0; k < 25; k += 1) {
      await t.dataSource.query(
        `INSERT INTO access_logs (user_id, api_id, api_name, ip_address, access_url, user_agent, access_time, status_code, cost_milli, latency_ms, charged_from)
         VALUES (?, ?, 'Rollup API', '127.0.0.1', '/apis/x', 'jest', ?, 200, 7, 1, 'balance')`,
        [user.id, api.id, sqlTime(t.dataSource, new Date(from + k * 3_600_000 + 60_000))],
      );
    }
    await chargeWritten(t.dataSource, [{ user_id: user.id, cost_milli: 25 * 7 }]);
    // The hours start on the day they first run (on this clock), and roll once closed.
    expect(await rollHours(t.dataSource, zone, from + 60_000)).toBe(0);
    expect(await rollHours(t.dataSource, zone, to + ROLLUP_GRACE_MS)).toBe(25);
    expect(
      await table(t, 'SELECT time_zone, from_day, next_day, next_hour FROM usage_hour_state'),
    ).toEqual([[zone, day, nextDay(day), 0]]);
    expect(
      await table(
        t,
        'SELECT day, hour, calls, cost_milli FROM usage_hour_rollups WHERE user_id = ? ORDER BY hour',
        [user.id],
      ),
    ).toEqual(Array.from({ length: 25 }, (_, hour) => [day, hour, 1, 7]));
    expect(
      await table(
        t,
        'SELECT hour, calls, charged_calls FROM call_hour_rollups WHERE user_id = ? ORDER BY hour',
        [user.id],
      ),
    ).toEqual(Array.from({ length: 25 }, (_, hour) => [hour, 1, 1]));
    expect(hourBounds(day, 24, zone)).toEqual({ from: to - 3_600_000, to });
  });
});
