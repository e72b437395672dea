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
import { byRawDriver } from '../../database/raw-driver';
import { rowTime, sqliteTime, sqlTime } from '../../database/sql-time';
import {
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
const SOURCE = "CASE WHEN charged_from = 'free' THEN 'free' ELSE 'balance' END";
const COUNTED = counted();

const SQL = {
  state: 'SELECT time_zone, through_day FROM usage_rollup_state WHERE id = 1',
  start: "INSERT INTO usage_rollup_state (id, time_zone, through_day) VALUES (1, ?, '')",
  restart:
    "UPDATE usage_rollup_state SET time_zone = ?, through_day = '' WHERE id = 1 AND time_zone = ?",
  dropAll: 'DELETE FROM usage_rollups',
  /** The first row's time, from the access_time index (a filter would scan the whole log). */
  firstCall: 'SELECT MIN(access_time) AS first FROM access_logs',
  /** Moves the watermark one day on, only from where this run read it: one instance rolls a day. */
  claim:
    'UPDATE usage_rollup_state SET through_day = ? WHERE id = 1 AND through_day = ? AND time_zone = ?',
  dropDay: 'DELETE FROM usage_rollups WHERE day = ?',
  rollDay: `INSERT INTO usage_rollups (day, user_id, api_id, source, api_name, calls, cost_milli)
    SELECT ?, user_id, COALESCE(api_id, 0), ${SOURCE}, MAX(api_name), COUNT(*), SUM(cost_milli)
    FROM access_logs
    WHERE access_time >= ? AND access_time < ? AND user_id IS NOT NULL AND ${COUNTED}
    GROUP BY user_id, COALESCE(api_id, 0), ${SOURCE}`,
} as const;

interface State {
  time_zone: string;
  through_day: string;
}

/** The raw statements a run needs, on either database. */
interface RollupStore {
  state(): Promise<State | null>;
  start(timeZone: string): Promise<void>;
  /** Drops every rollup and starts again in `timeZone` (the site's clock changed). */
  restart(timeZone: string, was: string): Promise<void>;
  firstCall(): Promise<Date | null>;
  /** Rolls `day` up and moves the watermark to it from `after`; false: another instance did. */
  rollDay(day: string, after: string, timeZone: string, from: Date, to: Date): Promise<boolean>;
}

class SqliteRollups implements RollupStore {
  constructor(private readonly db: Database) {}

  state() {
    return Promise.resolve((this.db.prepare(SQL.state).get() as State | undefined) ?? null);
  }

  start(timeZone: string) {
    this.db.prepare(`${SQL.start} ON CONFLICT DO NOTHING`).run(timeZone);
    return Promise.resolve();
  }

  restart(timeZone: string, was: string) {
    return sqliteTransaction(this.db, () => {
      if (this.db.prepare(SQL.restart).run(timeZone, was).changes === 1) {
        this.db.prepare(SQL.dropAll).run();
      }
    });
  }

  firstCall() {
    const row = this.db.prepare(SQL.firstCall).get() as { first: string | null };
    return Promise.resolve(row.first ? rowTime(row.first) : null);
  }

  rollDay(day: string, after: string, timeZone: string, from: Date, to: Date) {
    return sqliteTransaction(this.db, () => {
      if (this.db.prepare(SQL.claim).run(day, after, timeZone).changes !== 1) return false;
      this.db.prepare(SQL.dropDay).run(day);
      this.db.prepare(SQL.rollDay).run(day, sqliteTime(from), sqliteTime(to));
      return true;
    });
  }
}

class MysqlRollups implements RollupStore {
  constructor(private readonly pool: Pool) {}

  async state() {
    const [rows] = await this.pool.query<RowDataPacket[]>(SQL.state);
    return (rows[0] as State | undefined) ?? null;
  }

  async start(timeZone: string) {
    try {
      await this.pool.query(SQL.start, [timeZone]);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }

  async restart(timeZone: string, was: string) {
    await mysqlTransaction(this.pool, async (conn) => {
      const [moved] = await conn.query<ResultSetHeader>(SQL.restart, [timeZone, was]);
      if (moved.affectedRows === 1) await conn.query(SQL.dropAll);
    });
  }

  async firstCall() {
    const [rows] = await this.pool.query<RowDataPacket[]>(SQL.firstCall);
    const first = rows[0]?.first as Date | null | undefined;
    return first ?? null;
  }

  rollDay(day: string, after: string, timeZone: string, from: Date, to: Date) {
    return mysqlTransaction(this.pool, async (conn) => {
      const [claimed] = await conn.query<ResultSetHeader>(SQL.claim, [day, after, timeZone]);
      if (claimed.affectedRows !== 1) return false;
      await conn.query(SQL.dropDay, [day]);
      await conn.query(SQL.rollDay, [day, from, to]);
      return true;
    });
  }
}

const storeOf = (dataSource: DataSource): RollupStore =>
  byRawDriver<RollupStore>(dataSource, {
    sqlite: (db) => new SqliteRollups(db),
    mysql: (pool) => new MysqlRollups(pool),
  });

/**
 * Rolls up the closed days after the watermark, oldest first, at most ROLLUP_DAYS_PER_RUN: each in
 * one transaction that moves the watermark, drops anything of that day and adds up its counted
 * calls (user × API × source). Rolling a day again gives the same rows, and instances running at
 * once each roll a different day. A change of the site's time zone starts the rollups again.
 * Answers how many days this run rolled up.
 */
export async function rollUp(
  dataSource: DataSource,
  timeZone: string,
  now = Date.now(),
): Promise<number> {
  const store = storeOf(dataSource);
  let rolled = 0;
  while (rolled < ROLLUP_DAYS_PER_RUN) {
    const state = await store.state();
    if (!state) {
      await store.start(timeZone);
      continue;
    }
    if (state.time_zone !== timeZone) {
      await store.restart(timeZone, state.time_zone);
      continue;
    }
    let day: string;
    if (state.through_day) {
      day = nextDay(state.through_day);
    } else {
      const first = await store.firstCall();
      if (!first) return rolled;
      day = dayOf(first.getTime(), timeZone);
    }
    const { from, to } = dayBounds(day, timeZone);
    if (to + ROLLUP_GRACE_MS > now) return rolled;
    if (await store.rollDay(day, state.through_day, timeZone, new Date(from), new Date(to))) {
      rolled += 1;
    }
  }
  return rolled;
}

/** Where reads switch from rollups to raw rows, on the site's clock (none: all raw). */
export async function rollupWatermark(
  dataSource: DataSource,
  timeZone: string,
): Promise<RollupWatermark> {
  const state = await storeOf(dataSource).state();
  if (!state || state.time_zone !== timeZone || !state.through_day) return NONE;
  return {
    throughDay: state.through_day,
    rawFrom: new Date(dayBounds(nextDay(state.through_day), timeZone).from),
  };
}

/** A user's month (on the site's clock) whose rolled-up days do not add up to its raw rows. */
export interface RollupMismatch {
  user_id: number;
  /** `YYYY-MM`. */
  month: string;
  rolled: { calls: number; cost_milli: number };
  raw: { calls: number; cost_milli: number };
}

type Sums = { user_id: number; calls: number | string; cost: number | string };

/**
 * Checks the rollups against the raw rows they were made from, user by user and month by month:
 * every counted call before the watermark's end is in the rollups, and nothing else. Reads only:
 * two statements a month, from the first rolled day's month through the watermark's.
 */
export async function checkRollups(
  dataSource: DataSource,
  timeZone: string,
): Promise<{ throughDay: string | null; mismatches: RollupMismatch[] }> {
  const watermark = await rollupWatermark(dataSource, timeZone);
  if (!watermark.throughDay) return { throughDay: null, mismatches: [] };
  const [{ first }] = await dataSource.query<{ first: string | null }[]>(
    'SELECT MIN(day) AS first FROM usage_rollups',
  );
  const firstCall = await storeOf(dataSource).firstCall();
  const months = [first?.slice(0, 7), firstCall && monthOf(firstCall.getTime(), timeZone)].filter(
    (month): month is string => Boolean(month),
  );
  const last = watermark.throughDay.slice(0, 7);
  const mismatches: RollupMismatch[] = [];
  for (let month = months.sort()[0] ?? last; month <= last; month = nextMonth(month)) {
    const bounds = monthBounds(month, timeZone);
    const to = Math.min(bounds.to, watermark.rawFrom.getTime());
    const [rolled, raw] = await Promise.all([
      dataSource.query<Sums[]>(
        `SELECT user_id, SUM(calls) AS calls, SUM(cost_milli) AS cost FROM usage_rollups
         WHERE day >= ? AND day <= ? AND day <= ? GROUP BY user_id`,
        [`${month}-01`, `${month}-31`, watermark.throughDay],
      ),
      dataSource.query<Sums[]>(
        `SELECT user_id, COUNT(*) AS calls, SUM(cost_milli) AS cost FROM access_logs
         WHERE access_time >= ? AND access_time < ? AND user_id IS NOT NULL AND ${COUNTED}
         GROUP BY user_id`,
        [sqlTime(dataSource, new Date(bounds.from)), sqlTime(dataSource, new Date(to))],
      ),
    ]);
    mismatches.push(...differences(month, rolled, raw));
  }
  return { throughDay: watermark.throughDay, mismatches };
}

/** The users whose sums differ between the rollups and the raw rows of one month. */
function differences(month: string, rolled: Sums[], raw: Sums[]): RollupMismatch[] {
  const sums = (rows: Sums[]) =>
    new Map(
      rows.map((row) => [
        Number(row.user_id),
        { calls: Number(row.calls), cost_milli: Number(row.cost) },
      ]),
    );
  const byRollup = sums(rolled);
  const byRaw = sums(raw);
  const none = { calls: 0, cost_milli: 0 };
  return [...new Set([...byRollup.keys(), ...byRaw.keys()])]
    .sort((a, b) => a - b)
    .map((userId) => ({
      user_id: userId,
      month,
      rolled: byRollup.get(userId) ?? none,
      raw: byRaw.get(userId) ?? none,
    }))
    .filter((m) => m.rolled.calls !== m.raw.calls || m.rolled.cost_milli !== m.raw.cost_milli);
}
