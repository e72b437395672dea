import type { Database } from 'better-sqlite3';
import type { Pool, ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import type { DataSource } from 'typeorm';
import { dayBounds, dayOf, nextDay } from '../../common/quota-period';
import { byRawDriver } from '../../database/raw-driver';
import { sqliteTime, sqlTime } from '../../database/sql-time';
import {
  isUniqueViolation,
  mysqlTransaction,
  sqliteTransaction,
} from '../../database/transactions';
import {
  CALLS_SERIES,
  counted,
  COUNTED_SERIES,
  differences,
  ROLLUP_GRACE_MS,
  ROLLUP_SERIES,
  rollupWatermark,
  SOURCE,
} from './rollups';
import type { RollupMismatch, RollupSeries, RollupWatermark, Sums } from './rollups';

const HOUR = 3_600_000;
/** Hours rolled up in one run at most (a run after a long stop continues in the next). */
export const HOURS_PER_RUN = 48;

/**
 * How far the hour rollups go, on the site's clock: every hour from `fromDay`'s start to the one
 * before (`nextDay`, `nextHour`), which starts at `nextFrom`.
 */
export interface HourWatermark {
  fromDay: string;
  nextDay: string;
  nextHour: number;
  nextFrom: Date;
}

/**
 * What a read after a daily watermark takes from the hour rollups: the hours of days after
 * `afterDay` before (`nextDay`, `nextHour`), and raw rows from `rawFrom`. No hours: `nextDay` ''.
 */
export interface AfterDays {
  afterDay: string;
  nextDay: string;
  nextHour: number;
  rawFrom: Date;
}

/**
 * An hour of a day: hours are counted from the day's start on the site's clock, each an hour
 * long but the last, which ends with the day (a day of a clock change has 23 or 25, or one of half
 * an hour less or more).
 */
export function hourBounds(day: string, hour: number, timeZone: string) {
  const { from, to } = dayBounds(day, timeZone);
  const start = Math.min(from + hour * HOUR, to);
  return { from: start, to: Math.min(start + HOUR, to) };
}

function following(day: string, hour: number, timeZone: string) {
  const { to } = hourBounds(day, hour, timeZone);
  return to >= dayBounds(day, timeZone).to
    ? { day: nextDay(day), hour: 0 }
    : { day, hour: hour + 1 };
}

const SQL = {
  state: 'SELECT time_zone, from_day, next_day, next_hour FROM usage_hour_state WHERE id = 1',
  start:
    'INSERT INTO usage_hour_state (id, time_zone, from_day, next_day, next_hour) VALUES (1, ?, ?, ?, 0)',
  restart: `UPDATE usage_hour_state SET time_zone = ?, from_day = ?, next_day = ?, next_hour = 0
    WHERE id = 1 AND time_zone = ?`,
  /** Moves the next hour on, only from where this run read it: one instance rolls an hour. */
  claim: `UPDATE usage_hour_state SET next_day = ?, next_hour = ?
    WHERE id = 1 AND next_day = ? AND next_hour = ? AND time_zone = ?`,
} as const;

/** The hour tables: the statements' (usage_rollups by the hour) and the dashboards' (call_rollups). */
const TABLES = ['usage_hour_rollups', 'call_hour_rollups'] as const;
const dropAll = TABLES.map((table) => `DELETE FROM ${table}`);
const dropHour = TABLES.map((table) => `DELETE FROM ${table} WHERE day = ? AND hour = ?`);
/** Days every daily reader has rolled, with a day to spare for a read that began before. */
const dropBefore = TABLES.map((table) => `DELETE FROM ${table} WHERE day < ?`);
/** What rolls an hour up, each bound to (day, hour, from, to). */
const ROLL = [
  `INSERT INTO usage_hour_rollups (day, hour, user_id, api_id, source, api_name, calls, cost_milli)
    SELECT ?, ?, user_id, COALESCE(api_id, 0), ${SOURCE}, MAX(api_name), COUNT(*), SUM(cost_milli)
    FROM access_logs
    WHERE access_time >= ? AND access_time < ? AND user_id IS NOT NULL AND ${counted()}
    GROUP BY user_id, COALESCE(api_id, 0), ${SOURCE}`,
  `INSERT INTO call_hour_rollups (day, hour, user_id, api_id, api_name, calls, charged_calls, cost_milli)
    SELECT ?, ?, user_id, COALESCE(api_id, 0), MAX(api_name), COUNT(*),
      SUM(CASE WHEN cost_milli > 0 THEN 1 ELSE 0 END), SUM(cost_milli)
    FROM access_logs
    WHERE access_time >= ? AND access_time < ? AND user_id IS NOT NULL
    GROUP BY user_id, COALESCE(api_id, 0)`,
];

interface State {
  time_zone: string;
  from_day: string;
  next_day: string;
  next_hour: number;
}

interface Hour {
  day: string;
  hour: number;
}

/** The raw statements a run needs, on either database. */
interface HourStore {
  state(): Promise<State | null>;
  start(timeZone: string, day: string): Promise<void>;
  /** Drops every hour rollup and starts again on `timeZone`'s clock from `day`. */
  restart(timeZone: string, was: string, day: string): Promise<void>;
  /**
   * Moves the next hour from `at` to `to`, rolling `at` up unless `roll` is null; false when
   * another instance moved it first.
   */
  advance(
    at: Hour,
    to: Hour,
    timeZone: string,
    roll: { from: Date; to: Date } | null,
  ): Promise<boolean>;
  dropBefore(day: string): Promise<void>;
}

class SqliteHours implements HourStore {
  constructor(private readonly db: Database) {}

  state() {
    return Promise.resolve((this.db.prepare(SQL.state).get() as State | undefined) ?? null);
  }

  start(timeZone: string, day: string) {
    this.db.prepare(`${SQL.start} ON CONFLICT DO NOTHING`).run(timeZone, day, day);
    return Promise.resolve();
  }

  restart(timeZone: string, was: string, day: string) {
    return sqliteTransaction(this.db, () => {
      if (this.db.prepare(SQL.restart).run(timeZone, day, day, was).changes === 1) {
        for (const sql of dropAll) this.db.prepare(sql).run();
      }
    });
  }

  advance(at: Hour, to: Hour, timeZone: string, roll: { from: Date; to: Date } | null) {
    return sqliteTransaction(this.db, () => {
      const claimed = this.db.prepare(SQL.claim).run(to.day, to.hour, at.day, at.hour, timeZone);
      if (claimed.changes !== 1) return false;
      if (!roll) return true;
      for (const sql of dropHour) this.db.prepare(sql).run(at.day, at.hour);
      for (const sql of ROLL) {
        this.db.prepare(sql).run(at.day, at.hour, sqliteTime(roll.from), sqliteTime(roll.to));
      }
      return true;
    });
  }

  dropBefore(day: string) {
    for (const sql of dropBefore) this.db.prepare(sql).run(day);
    return Promise.resolve();
  }
}

class MysqlHours implements HourStore {
  constructor(private readonly pool: Pool) {}

  async state() {
    const [rows] = await this.pool.query<RowDataPacket[]>(SQL.state);
    return (rows[0] as State | undefined) ?? null;
  }

  async start(timeZone: string, day: string) {
    try {
      await this.pool.query(SQL.start, [timeZone, day, day]);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }

  async restart(timeZone: string, was: string, day: string) {
    await mysqlTransaction(this.pool, async (conn) => {
      const [moved] = await conn.query<ResultSetHeader>(SQL.restart, [timeZone, day, day, was]);
      if (moved.affectedRows !== 1) return;
      for (const sql of dropAll) await conn.query(sql);
    });
  }

  advance(at: Hour, to: Hour, timeZone: string, roll: { from: Date; to: Date } | null) {
    return mysqlTransaction(this.pool, async (conn) => {
      const [claimed] = await conn.query<ResultSetHeader>(SQL.claim, [
        to.day,
        to.hour,
        at.day,
        at.hour,
        timeZone,
      ]);
      if (claimed.affectedRows !== 1) return false;
      if (!roll) return true;
      for (const sql of dropHour) await conn.query(sql, [at.day, at.hour]);
      for (const sql of ROLL) await conn.query(sql, [at.day, at.hour, roll.from, roll.to]);
      return true;
    });
  }

  async dropBefore(day: string) {
    // Instances drop the same rows once a day: a Galera conflict between them is run again.
    await mysqlTransaction(this.pool, async (conn) => {
      for (const sql of dropBefore) await conn.query(sql, [day]);
    });
  }
}

const storeOf = (dataSource: DataSource): HourStore =>
  byRawDriver<HourStore>(dataSource, {
    sqlite: (db) => new SqliteHours(db),
    mysql: (pool) => new MysqlHours(pool),
  });

/**
 * The last day every daily series has rolled, if any: a read takes the hours after one of their
 * watermarks, so hours of days before this one are read by nobody.
 */
async function dailyThrough(dataSource: DataSource, timeZone: string): Promise<string | null> {
  const marks = await Promise.all(
    ROLLUP_SERIES.map((series) => rollupWatermark(dataSource, timeZone, series)),
  );
  const days = marks.map((mark) => mark.throughDay);
  return days.every((day): day is string => day !== null) ? days.sort()[0] : null;
}

/**
 * Rolls up the closed hours after the hour watermark, oldest first, at most HOURS_PER_RUN: each
 * in one transaction that moves the watermark, drops anything of that hour and adds its rows up,
 * as the daily series do with days. The series starts on the day it first runs; hours of days
 * every daily series has rolled are stepped over, and their rows removed. Answers how many hours
 * this run rolled up.
 */
export async function rollHours(
  dataSource: DataSource,
  timeZone: string,
  now = Date.now(),
): Promise<number> {
  const store = storeOf(dataSource);
  const through = await dailyThrough(dataSource, timeZone);
  let rolled = 0;
  // Steps that roll nothing (a start, a new clock, days stepped over) are few; the bound is a guard.
  for (let step = 0; rolled < HOURS_PER_RUN && step < 2 * HOURS_PER_RUN; step += 1) {
    const state = await store.state();
    const today = dayOf(now, timeZone);
    if (!state) {
      await store.start(timeZone, today);
      continue;
    }
    if (state.time_zone !== timeZone) {
      await store.restart(timeZone, state.time_zone, today);
      continue;
    }
    const at = { day: state.next_day, hour: Number(state.next_hour) };
    if (through && at.day <= through) {
      await store.advance(at, { day: nextDay(through), hour: 0 }, timeZone, null);
      continue;
    }
    const bounds = hourBounds(at.day, at.hour, timeZone);
    if (bounds.to + ROLLUP_GRACE_MS > now) break;
    const claimed = await store.advance(at, following(at.day, at.hour, timeZone), timeZone, {
      from: new Date(bounds.from),
      to: new Date(bounds.to),
    });
    if (claimed) rolled += 1;
  }
  if (through) await store.dropBefore(through);
  return rolled;
}

/** How far the hour rollups go on the site's clock (null: not on it, or never rolled). */
export async function hourWatermark(
  dataSource: DataSource,
  timeZone: string,
): Promise<HourWatermark | null> {
  const state = await storeOf(dataSource).state();
  if (!state || state.time_zone !== timeZone) return null;
  const nextHour = Number(state.next_hour);
  return {
    fromDay: state.from_day,
    nextDay: state.next_day,
    nextHour,
    nextFrom: new Date(hourBounds(state.next_day, nextHour, timeZone).from),
  };
}

/**
 * Where a read after the days of `days` goes: the hour rollups of the days after it, when they
 * go back that far, then raw rows from the end of the last rolled hour; else raw rows, as before.
 */
export function afterDays(days: RollupWatermark, hours: HourWatermark | null): AfterDays {
  const through = days.throughDay;
  if (!through || !hours || hours.fromDay > nextDay(through)) {
    return { afterDay: through ?? '', nextDay: '', nextHour: 0, rawFrom: days.rawFrom };
  }
  return {
    afterDay: through,
    nextDay: hours.nextDay,
    nextHour: hours.nextHour,
    rawFrom: new Date(Math.max(days.rawFrom.getTime(), hours.nextFrom.getTime())),
  };
}

/** A daily series' watermark, and where a read after it goes (afterDays). */
export async function readsAfter(
  dataSource: DataSource,
  timeZone: string,
  series: RollupSeries,
): Promise<{ days: RollupWatermark; after: AfterDays }> {
  const [days, hours] = await Promise.all([
    rollupWatermark(dataSource, timeZone, series),
    hourWatermark(dataSource, timeZone),
  ]);
  return { days, after: afterDays(days, hours) };
}

/**
 * Hour rows of `alias` a read takes after a daily watermark, bound to AfterDays' `afterDay`,
 * `nextDay`, `nextDay`, `nextHour` (afterValues).
 */
export const afterHours = (alias: string) =>
  `${alias}.day > ? AND (${alias}.day < ? OR (${alias}.day = ? AND ${alias}.hour < ?))`;
export const afterValues = (after: AfterDays) => [
  after.afterDay,
  after.nextDay,
  after.nextDay,
  after.nextHour,
];

/** Each hour table, the daily series whose watermark its reads follow, and its raw rows. */
const HOUR_CHECKS = [
  { table: 'usage_hour_rollups', series: COUNTED_SERIES, raw: `AND ${counted()}` },
  { table: 'call_hour_rollups', series: CALLS_SERIES, raw: '' },
].map((check) => ({ ...check, source: 'the raw rows' }));

/**
 * Checks the hour rollups reads take now (the hours after their daily series' watermark) against
 * the raw rows they were made from, user by user; a difference is named as the daily checks name
 * one.
 */
export async function checkHours(
  dataSource: DataSource,
  timeZone: string,
): Promise<RollupMismatch[]> {
  const mismatches: RollupMismatch[] = [];
  for (const check of HOUR_CHECKS) {
    const { days, after } = await readsAfter(dataSource, timeZone, check.series);
    if (!after.nextDay) continue;
    const [rolled, raw] = await Promise.all([
      dataSource.query<Sums[]>(
        `SELECT h.user_id, SUM(h.calls) AS calls, SUM(h.cost_milli) AS cost FROM ${check.table} h
         WHERE ${afterHours('h')} GROUP BY h.user_id`,
        afterValues(after),
      ),
      dataSource.query<Sums[]>(
        `SELECT user_id, COUNT(*) AS calls, SUM(cost_milli) AS cost FROM access_logs
         WHERE access_time >= ? AND access_time < ? AND user_id IS NOT NULL ${check.raw}
         GROUP BY user_id`,
        [days.rawFrom, after.rawFrom].map((at) => sqlTime(dataSource, at)),
      ),
    ]);
    mismatches.push(...differences(check, after.nextDay.slice(0, 7), rolled, raw));
  }
  return mismatches;
}
