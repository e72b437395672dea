import type { Database } from 'better-sqlite3';
import type { Pool, ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import type { DataSource } from 'typeorm';
import {
  dayBounds,
  dayOf,
  monthBounds,
  monthOf,
  nextDay,
  nextMonth,
} from '../../common/quota-period';
import { DatabaseOpenError } from '../../database/data-source-options';
import { byRawDriver } from '../../database/raw-driver';
import { rowTime, sqliteTime, sqlTime } from '../../database/sql-time';
import { keptFrom, retentionBounds } from './retention-bounds';
import {
  isRolledBack,
  isUniqueViolation,
  mysqlTransaction,
  sqliteTransaction,
} from '../../database/transactions';

/**
 * A day is rolled up this long after it ends: a call charged just before midnight is refunded (or
 * not) within its upstream's time limit, and a commit seen late by another node lands well within.
 */
export const ROLLUP_GRACE_MS = 10 * 60_000;
/** Days rolled up in one run at most (a first run over a long history continues in the next). */
export const ROLLUP_DAYS_PER_RUN = 31;

/** How far the rollups go for reads: days through `throughDay` are rolled, raw rows from `rawFrom`. */
export interface RollupWatermark {
  throughDay: string | null;
  rawFrom: Date;
}

const NONE: RollupWatermark = { throughDay: null, rawFrom: new Date(0) };

/**
 * Paid and free-quota calls: the access-log rows statements and rollups count (a refunded call
 * carries neither a cost nor a source). `alias` names the access_logs table in the query.
 */
export const counted = (alias = 'access_logs') =>
  `(${alias}.cost_milli > 0 OR ${alias}.charged_from = 'free')`;
/** A counted call's source in a rollup: the free quota, or the balance (older rows say nothing). */
export const SOURCE = "CASE WHEN charged_from = 'free' THEN 'free' ELSE 'balance' END";
const COUNTED = counted();

/**
 * A series of rollups: its tables, rolled up day by day under its own watermark (its row of
 * usage_rollup_state). Instances of an older release roll only the series they know, so a series
 * is never changed once released: a new need gets a new series.
 */
export interface RollupSeries {
  /** Its row in usage_rollup_state. */
  id: number;
  /** Its tables, each keyed by `day` first. */
  tables: readonly string[];
  /** What rolls a day up, in order; each takes `values(day, from, to)`. */
  roll: readonly { sql: string; values: (day: string, from: unknown, to: unknown) => unknown[] }[];
  /** The series (and its table) whose rows this one is made from, instead of the raw rows. */
  madeFrom?: { series: RollupSeries; table: string };
}

/** Statements' series: counted calls (paid and free-quota), user × API × source. */
export const COUNTED_SERIES: RollupSeries = {
  id: 1,
  tables: ['usage_rollups'],
  roll: [
    {
      sql: `INSERT INTO usage_rollups (day, user_id, api_id, source, api_name, calls, cost_milli)
        SELECT ?, user_id, COALESCE(api_id, 0), ${SOURCE}, MAX(api_name), COUNT(*), SUM(cost_milli)
        FROM access_logs
        WHERE access_time >= ? AND access_time < ? AND user_id IS NOT NULL AND ${COUNTED}
        GROUP BY user_id, COALESCE(api_id, 0), ${SOURCE}`,
      values: (day, from, to) => [day, from, to],
    },
  ],
};

/**
 * The dashboards' series: every call of a user (free APIs' and refunded ones too), user × API,
 * with the calls that cost something; and the whole site's day, added up from those rows.
 */
export const CALLS_SERIES: RollupSeries = {
  id: 2,
  tables: ['call_rollups', 'call_day_totals'],
  roll: [
    {
      sql: `INSERT INTO call_rollups (day, user_id, api_id, api_name, calls, charged_calls, cost_milli)
        SELECT ?, user_id, COALESCE(api_id, 0), MAX(api_name), COUNT(*),
          SUM(CASE WHEN cost_milli > 0 THEN 1 ELSE 0 END), SUM(cost_milli)
        FROM access_logs
        WHERE access_time >= ? AND access_time < ? AND user_id IS NOT NULL
        GROUP BY user_id, COALESCE(api_id, 0)`,
      values: (day, from, to) => [day, from, to],
    },
    {
      sql: `INSERT INTO call_day_totals (day, calls, charged_calls, cost_milli)
        SELECT ?, COALESCE(SUM(calls), 0), COALESCE(SUM(charged_calls), 0), COALESCE(SUM(cost_milli), 0)
        FROM call_rollups WHERE day = ?`,
      values: (day) => [day, day],
    },
  ],
};

/**
 * The statements' day totals: a user's counted calls of a day (every API and source added up),
 * each user's first counted day of a month, and the site's day with the users whose first day it
 * is. Made from usage_rollups, not raw rows: a day is rolled only once COUNTED_SERIES has rolled
 * it, and the series starts at that series' first day, so days whose raw rows retention removed
 * are totalled all the same.
 */
export const DAY_TOTALS_SERIES: RollupSeries = {
  id: 3,
  tables: ['user_day_totals', 'user_month_firsts', 'site_day_totals'],
  madeFrom: { series: COUNTED_SERIES, table: 'usage_rollups' },
  roll: [
    {
      sql: `INSERT INTO user_day_totals (day, user_id, calls, free_calls, cost_milli)
        SELECT ?, user_id, SUM(CASE WHEN source = 'free' THEN 0 ELSE calls END),
          SUM(CASE WHEN source = 'free' THEN calls ELSE 0 END), SUM(cost_milli)
        FROM usage_rollups WHERE day = ? GROUP BY user_id`,
      values: (day) => [day, day],
    },
    {
      // One probe a user of the day, by (month, user_id): a user's whole history is never read.
      sql: `INSERT INTO user_month_firsts (day, user_id, month)
        SELECT ?, t.user_id, ? FROM user_day_totals t
        WHERE t.day = ? AND NOT EXISTS (SELECT 1 FROM user_month_firsts f
          WHERE f.month = ? AND f.user_id = t.user_id)`,
      values: (day) => [day, day.slice(0, 7), day, day.slice(0, 7)],
    },
    {
      sql: `INSERT INTO site_day_totals (day, calls, free_calls, cost_milli, new_users)
        SELECT ?, COALESCE(SUM(t.calls), 0), COALESCE(SUM(t.free_calls), 0),
          COALESCE(SUM(t.cost_milli), 0), (SELECT COUNT(*) FROM user_month_firsts f WHERE f.day = ?)
        FROM user_day_totals t WHERE t.day = ?`,
      values: (day) => [day, day, day],
    },
  ],
};

/** Every series, rolled in this order (a series made from another after it). */
export const ROLLUP_SERIES = [COUNTED_SERIES, CALLS_SERIES, DAY_TOTALS_SERIES] as const;

const SQL = {
  state: 'SELECT time_zone, through_day FROM usage_rollup_state WHERE id = ?',
  start: "INSERT INTO usage_rollup_state (id, time_zone, through_day) VALUES (?, ?, '')",
  restart:
    "UPDATE usage_rollup_state SET time_zone = ?, through_day = '' WHERE id = ? AND time_zone = ?",
  /** The first row's time, from the access_time index (a filter would scan the whole log). */
  firstCall: 'SELECT MIN(access_time) AS first FROM access_logs',
  /** Moves the watermark one day on, only from where this run read it: one instance rolls a day. */
  claim:
    'UPDATE usage_rollup_state SET through_day = ? WHERE id = ? AND through_day = ? AND time_zone = ?',
} as const;

const dropAll = (table: string) => `DELETE FROM ${table}`;
const dropDay = (table: string) => `DELETE FROM ${table} WHERE day = ?`;

interface State {
  time_zone: string;
  through_day: string;
}

/** A day rolled up by this run, by another instance, or not yet (its source series is behind). */
type Rolled = 'rolled' | 'taken' | 'behind';

/** Whether the series a day is made from has rolled it, on the same clock. */
const sourceHas = (source: State | undefined, day: string, timeZone: string) =>
  source !== undefined && source.time_zone === timeZone && source.through_day >= day;

/** The raw statements a run needs, on either database, for one series. */
interface RollupStore {
  state(): Promise<State | null>;
  start(timeZone: string): Promise<void>;
  /** Drops every rollup and starts again in `timeZone` (the site's clock changed). */
  restart(timeZone: string, was: string): Promise<void>;
  firstCall(): Promise<Date | null>;
  /** The first day of the table a series is made from. */
  firstDay(table: string): Promise<string | null>;
  /** Rolls `day` up and moves the watermark to it from `after`. */
  rollDay(day: string, after: string, timeZone: string, from: Date, to: Date): Promise<Rolled>;
}

const firstDaySql = (table: string) => `SELECT MIN(day) AS first FROM ${table}`;

class SqliteRollups implements RollupStore {
  constructor(
    private readonly db: Database,
    private readonly series: RollupSeries,
  ) {}

  state() {
    const row = this.db.prepare(SQL.state).get(this.series.id) as State | undefined;
    return Promise.resolve(row ?? null);
  }

  start(timeZone: string) {
    this.db.prepare(`${SQL.start} ON CONFLICT DO NOTHING`).run(this.series.id, timeZone);
    return Promise.resolve();
  }

  restart(timeZone: string, was: string) {
    return sqliteTransaction(this.db, () => {
      if (this.db.prepare(SQL.restart).run(timeZone, this.series.id, was).changes === 1) {
        for (const table of this.series.tables) this.db.prepare(dropAll(table)).run();
      }
    });
  }

  firstCall() {
    const row = this.db.prepare(SQL.firstCall).get() as { first: string | null };
    return Promise.resolve(row.first ? rowTime(row.first) : null);
  }

  firstDay(table: string) {
    const row = this.db.prepare(firstDaySql(table)).get() as { first: string | null };
    return Promise.resolve(row.first);
  }

  rollDay(day: string, after: string, timeZone: string, from: Date, to: Date) {
    const { id, tables, roll, madeFrom } = this.series;
    return sqliteTransaction(this.db, (): Rolled => {
      if (madeFrom) {
        const source = this.db.prepare(SQL.state).get(madeFrom.series.id) as State | undefined;
        if (!sourceHas(source, day, timeZone)) return 'behind';
      }
      if (this.db.prepare(SQL.claim).run(day, id, after, timeZone).changes !== 1) return 'taken';
      for (const table of tables) this.db.prepare(dropDay(table)).run(day);
      for (const { sql, values } of roll) {
        this.db.prepare(sql).run(...values(day, sqliteTime(from), sqliteTime(to)));
      }
      return 'rolled';
    });
  }
}

class MysqlRollups implements RollupStore {
  constructor(
    private readonly pool: Pool,
    private readonly series: RollupSeries,
  ) {}

  async state() {
    const [rows] = await this.pool.query<RowDataPacket[]>(SQL.state, [this.series.id]);
    return (rows[0] as State | undefined) ?? null;
  }

  async start(timeZone: string) {
    try {
      await this.pool.query(SQL.start, [this.series.id, timeZone]);
    } catch (error) {
      // Instances starting the series at once: the first insert stands and the others meet it as
      // a duplicate, or, where the row was just deleted, InnoDB may end one as a deadlock's victim
      // (seen with three at once). Either way the caller reads the state again.
      if (!isUniqueViolation(error) && !isRolledBack(error)) throw error;
    }
  }

  async restart(timeZone: string, was: string) {
    await mysqlTransaction(this.pool, async (conn) => {
      const [moved] = await conn.query<ResultSetHeader>(SQL.restart, [
        timeZone,
        this.series.id,
        was,
      ]);
      if (moved.affectedRows !== 1) return;
      for (const table of this.series.tables) await conn.query(dropAll(table));
    });
  }

  async firstCall() {
    const [rows] = await this.pool.query<RowDataPacket[]>(SQL.firstCall);
    const first = rows[0]?.first as Date | null | undefined;
    return first ?? null;
  }

  async firstDay(table: string) {
    const [rows] = await this.pool.query<RowDataPacket[]>(firstDaySql(table));
    return (rows[0]?.first as string | null | undefined) ?? null;
  }

  rollDay(day: string, after: string, timeZone: string, from: Date, to: Date) {
    const { id, tables, roll, madeFrom } = this.series;
    return mysqlTransaction(this.pool, async (conn): Promise<Rolled> => {
      if (madeFrom) {
        // Shared: the source's watermark cannot start again while this day is made from its rows.
        const [rows] = await conn.query<RowDataPacket[]>(`${SQL.state} LOCK IN SHARE MODE`, [
          madeFrom.series.id,
        ]);
        if (!sourceHas(rows[0] as State | undefined, day, timeZone)) return 'behind';
      }
      const [claimed] = await conn.query<ResultSetHeader>(SQL.claim, [day, id, after, timeZone]);
      if (claimed.affectedRows !== 1) return 'taken';
      for (const table of tables) await conn.query(dropDay(table), [day]);
      for (const { sql, values } of roll) await conn.query(sql, values(day, from, to));
      return 'rolled';
    });
  }
}

const storeOf = (dataSource: DataSource, series: RollupSeries): RollupStore =>
  byRawDriver<RollupStore>(dataSource, {
    sqlite: (db) => new SqliteRollups(db, series),
    mysql: (pool) => new MysqlRollups(pool, series),
  });

/**
 * Rolls up the closed days after each series' watermark, oldest first, at most ROLLUP_DAYS_PER_RUN
 * a series: each in one transaction that moves the watermark, drops anything of that day and adds
 * its rows up. Rolling a day again gives the same rows, and instances running at once each roll a
 * different day. A change of the site's time zone starts the rollups again, unless log retention
 * removed rows they were made from (`checkRollupClock`). Answers how many days this run rolled up
 * (over all series). `only` rolls some series alone, as an older release does.
 */
export async function rollUp(
  dataSource: DataSource,
  timeZone: string,
  now = Date.now(),
  only: readonly RollupSeries[] = ROLLUP_SERIES,
): Promise<number> {
  let rolled = 0;
  const removedBefore = keptFrom(await retentionBounds(dataSource)).any;
  for (const series of only) {
    rolled += await rollSeries(storeOf(dataSource, series), series, timeZone, now, removedBefore);
  }
  return rolled;
}

/**
 * Throws when the site's clock is not the one the rollups were made on and log retention has
 * removed raw rows they were made from: made again on the new clock, they would lose those rows.
 */
export async function checkRollupClock(dataSource: DataSource, timeZone: string): Promise<void> {
  const removedBefore = keptFrom(await retentionBounds(dataSource)).any;
  for (const series of ROLLUP_SERIES) {
    const state = await storeOf(dataSource, series).state();
    if (state) refuseClockChange(state.time_zone, timeZone, removedBefore);
  }
}

function refuseClockChange(was: string, timeZone: string, removedBefore: number | undefined) {
  if (was === timeZone || removedBefore === undefined) return;
  throw new DatabaseOpenError(
    `SITE_TIME_ZONE is ${timeZone}, but the rollups were made on the clock of ${was} and log retention has removed rows from before ${new Date(removedBefore).toISOString()}: made again on the new clock they would lose them. Set SITE_TIME_ZONE back to ${was}.`,
  );
}

/** A series' first day: its source's first rolled day, or the first raw call's. */
async function firstDay(
  store: RollupStore,
  series: RollupSeries,
  timeZone: string,
): Promise<string | null> {
  if (series.madeFrom) return store.firstDay(series.madeFrom.table);
  const first = await store.firstCall();
  return first && dayOf(first.getTime(), timeZone);
}

async function rollSeries(
  store: RollupStore,
  series: RollupSeries,
  timeZone: string,
  now: number,
  removedBefore: number | undefined,
): Promise<number> {
  let rolled = 0;
  while (rolled < ROLLUP_DAYS_PER_RUN) {
    const state = await store.state();
    if (!state) {
      await store.start(timeZone);
      continue;
    }
    if (state.time_zone !== timeZone) {
      refuseClockChange(state.time_zone, timeZone, removedBefore);
      await store.restart(timeZone, state.time_zone);
      continue;
    }
    let day: string;
    if (state.through_day) {
      day = nextDay(state.through_day);
    } else {
      const first = await firstDay(store, series, timeZone);
      if (!first) return rolled;
      day = first;
    }
    const { from, to } = dayBounds(day, timeZone);
    if (to + ROLLUP_GRACE_MS > now) return rolled;
    const outcome = await store.rollDay(
      day,
      state.through_day,
      timeZone,
      new Date(from),
      new Date(to),
    );
    if (outcome === 'behind') return rolled;
    if (outcome === 'rolled') rolled += 1;
  }
  return rolled;
}

/** Where a series' reads switch from rollups to raw rows, on the site's clock (none: all raw). */
export async function rollupWatermark(
  dataSource: DataSource,
  timeZone: string,
  series: RollupSeries = COUNTED_SERIES,
): Promise<RollupWatermark> {
  const state = await storeOf(dataSource, series).state();
  if (!state || state.time_zone !== timeZone || !state.through_day) return NONE;
  return {
    throughDay: state.through_day,
    rawFrom: new Date(dayBounds(nextDay(state.through_day), timeZone).from),
  };
}

/**
 * A month (on the site's clock) whose rolled-up days do not add up to what they were made from:
 * a user's rows of `table` against their raw rows, or (`user_id` null) the site's day totals
 * against the call rollups.
 */
export interface RollupMismatch {
  table: string;
  /** What the table was made from, as a person reads it ("the raw rows"). */
  source: string;
  user_id: number | null;
  /** `YYYY-MM`. */
  month: string;
  rolled: { calls: number; cost_milli: number };
  raw: { calls: number; cost_milli: number };
}

export type Sums = {
  user_id: number | string | null;
  calls: number | string;
  cost: number | string;
};

/** One comparison of a month: the rolled side (days) and what it was made from (times). */
interface MonthCheck {
  table: string;
  /** What `raw` reads, as a person reads it. */
  source: string;
  series: RollupSeries;
  /** Bound to the month's first and last day and the series' watermark. */
  rolled: string;
  /** Bound to the month's first instant and its end (or the watermark's end), unless `byDay`. */
  raw: string;
  /** The raw side is rolled rows too, bound as `rolled` is. */
  byDay?: boolean;
}

const RAW_SUMS = `SELECT user_id, COUNT(*) AS calls, SUM(cost_milli) AS cost FROM access_logs
  WHERE access_time >= ? AND access_time < ? AND user_id IS NOT NULL`;
const DAYS = 'day >= ? AND day <= ? AND day <= ?';

const CHECKS: readonly MonthCheck[] = [
  {
    table: 'usage_rollups',
    source: 'the raw rows',
    series: COUNTED_SERIES,
    rolled: `SELECT user_id, SUM(calls) AS calls, SUM(cost_milli) AS cost FROM usage_rollups
      WHERE ${DAYS} GROUP BY user_id`,
    raw: `${RAW_SUMS} AND ${COUNTED} GROUP BY user_id`,
  },
  {
    table: 'call_rollups',
    source: 'the raw rows',
    series: CALLS_SERIES,
    rolled: `SELECT user_id, SUM(calls) AS calls, SUM(cost_milli) AS cost FROM call_rollups
      WHERE ${DAYS} GROUP BY user_id`,
    raw: `${RAW_SUMS} GROUP BY user_id`,
  },
  {
    table: 'call_day_totals',
    source: 'the call rollups',
    series: CALLS_SERIES,
    rolled: `SELECT NULL AS user_id, SUM(calls) AS calls, SUM(cost_milli) AS cost
      FROM call_day_totals WHERE ${DAYS} HAVING COUNT(*) > 0`,
    raw: `SELECT NULL AS user_id, SUM(calls) AS calls, SUM(cost_milli) AS cost
      FROM call_rollups WHERE ${DAYS} HAVING COUNT(*) > 0`,
    byDay: true,
  },
  {
    table: 'user_day_totals',
    source: 'the usage rollups',
    series: DAY_TOTALS_SERIES,
    rolled: `SELECT user_id, SUM(calls + free_calls) AS calls, SUM(cost_milli) AS cost
      FROM user_day_totals WHERE ${DAYS} GROUP BY user_id`,
    raw: `SELECT user_id, SUM(calls) AS calls, SUM(cost_milli) AS cost
      FROM usage_rollups WHERE ${DAYS} GROUP BY user_id`,
    byDay: true,
  },
  {
    table: 'site_day_totals',
    source: "the users' day totals",
    series: DAY_TOTALS_SERIES,
    rolled: `SELECT NULL AS user_id, SUM(calls + free_calls) AS calls, SUM(cost_milli) AS cost
      FROM site_day_totals WHERE ${DAYS} HAVING COUNT(*) > 0`,
    raw: `SELECT NULL AS user_id, SUM(calls + free_calls) AS calls, SUM(cost_milli) AS cost
      FROM user_day_totals WHERE ${DAYS} HAVING COUNT(*) > 0`,
    byDay: true,
  },
];

/**
 * Checks the rollups against what they were made from, user by user and month by month: every
 * call a series takes before its watermark's end is in its rollups, and nothing else; the site's
 * day totals add up to the call rollups. Reads only: two statements a month and table. With
 * `keptFrom` (log retention removes free calls' rows older than that), the raw rows are compared
 * from the first whole day after it: the rollups are all that is left of the days before. With
 * `sinceMonth` (`YYYY-MM`), months before it are not checked.
 */
export async function checkRollups(
  dataSource: DataSource,
  timeZone: string,
  keptFrom?: number,
  sinceMonth = '',
): Promise<{ throughDay: string | null; fromDay: string | null; mismatches: RollupMismatch[] }> {
  const mismatches: RollupMismatch[] = [];
  let throughDay: string | null = null;
  const kept = keptFrom === undefined ? '' : nextDay(dayOf(keptFrom, timeZone));
  const firstCall = await storeOf(dataSource, COUNTED_SERIES).firstCall();
  for (const check of CHECKS) {
    const watermark = await rollupWatermark(dataSource, timeZone, check.series);
    if (check.series === COUNTED_SERIES) throughDay = watermark.throughDay;
    if (!watermark.throughDay) continue;
    const from = check.byDay ? '' : kept;
    const [{ first }] = await dataSource.query<{ first: string | null }[]>(
      `SELECT MIN(day) AS first FROM ${check.table}`,
    );
    const months = [
      first?.slice(0, 7),
      firstCall && monthOf(firstCall.getTime(), timeZone),
      from.slice(0, 7),
    ].filter((month): month is string => Boolean(month));
    const last = watermark.throughDay.slice(0, 7);
    const earliest = from ? from.slice(0, 7) : (months.sort()[0] ?? last);
    const start = sinceMonth > earliest ? sinceMonth : earliest;
    for (let month = start; month <= last; month = nextMonth(month)) {
      const firstDay = from > `${month}-01` ? from : `${month}-01`;
      const days = [firstDay, `${month}-31`, watermark.throughDay];
      const to = Math.min(monthBounds(month, timeZone).to, watermark.rawFrom.getTime());
      const times = [dayBounds(firstDay, timeZone).from, to].map((at) =>
        sqlTime(dataSource, new Date(at)),
      );
      const [rolled, raw] = await Promise.all([
        dataSource.query<Sums[]>(check.rolled, days),
        dataSource.query<Sums[]>(check.raw, check.byDay ? days : times),
      ]);
      mismatches.push(...differences(check, month, rolled, raw));
    }
  }
  return { throughDay, fromDay: kept || null, mismatches };
}

/** The users (or the site, null) whose sums differ between the rollups and their source. */
export function differences(
  { table, source }: Pick<MonthCheck, 'table' | 'source'>,
  month: string,
  rolled: Sums[],
  raw: Sums[],
): RollupMismatch[] {
  const owner = (row: Sums) => (row.user_id === null ? null : Number(row.user_id));
  const sums = (rows: Sums[]) =>
    new Map(
      rows.map((row) => [owner(row), { calls: Number(row.calls), cost_milli: Number(row.cost) }]),
    );
  const byRollup = sums(rolled);
  const byRaw = sums(raw);
  const none = { calls: 0, cost_milli: 0 };
  return [...new Set([...byRollup.keys(), ...byRaw.keys()])]
    .sort((a, b) => (a ?? 0) - (b ?? 0))
    .map((userId) => ({
      table,
      source,
      user_id: userId,
      month,
      rolled: byRollup.get(userId) ?? none,
      raw: byRaw.get(userId) ?? none,
    }))
    .filter((m) => m.rolled.calls !== m.raw.calls || m.rolled.cost_milli !== m.raw.cost_milli);
}
