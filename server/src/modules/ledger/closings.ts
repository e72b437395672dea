import type { DataSource } from 'typeorm';
import { monthBounds, monthOf, nextMonth } from '../../common/quota-period';
import { rowTime, sqlTime } from '../../database/sql-time';
import type { RowDataPacket } from 'mysql2/promise';
import { byRawDriver } from '../../database/raw-driver';
import {
  isUniqueViolation,
  mysqlTransaction,
  sqliteTransaction,
} from '../../database/transactions';
import { ROLLUP_GRACE_MS } from './rollups';

/**
 * A month is closed this long after it ends, as a day is rolled up: a call charged just before
 * midnight is refunded (or not) within its upstream's time limit.
 */
export const CLOSING_GRACE_MS = ROLLUP_GRACE_MS;
/** Months closed in one run at most (a first run over a long history continues in the next). */
export const CLOSING_MONTHS_PER_RUN = 12;
/** Rows a closing inserts in one statement. */
const INSERT_ROWS = 500;
/** The checksum of a month's charged rows adds up each row's id modulo this prime. */
const CHECKSUM_PRIME = 999_983;

/** What moved in a span, per user: the sources `checkBalances` adds up. */
type Moved = {
  user_id: number | string;
  money_in: number | string | null;
  money_out: number | string | null;
  charged_rows: number | string | null;
  rows_checksum: number | string | null;
  credit_out: number | string | null;
};

/**
 * Every move of money in `[from, to)` by user: credited orders (by when they were credited),
 * adjustments, cash codes, cash invite rewards, plan periods bought, and the charged calls' rows with
 * their count and checksum (Σ id mod CHECKSUM_PRIME: the same rows give the same number on both
 * databases; one lost, added or re-costed row changes the count, the sum or the checksum), and the
 * credit calls spent (not money: `checkCredit` adds it up). Bound to `[from, to)` once per source (MOVED_SOURCES).
 */
const MOVED_SOURCES = 7;
const MOVED = `SELECT x.user_id AS user_id, SUM(x.money_in) AS money_in, SUM(x.money_out) AS money_out,
    SUM(x.n) AS charged_rows, SUM(x.ck) AS rows_checksum, SUM(x.credit) AS credit_out
  FROM (
    SELECT r.user_id AS user_id, r.amount_milli AS money_in, 0 AS money_out, 0 AS n, 0 AS ck,
        0 AS credit
      FROM recharge_records r
      WHERE r.state = 'credited' AND r.user_id IS NOT NULL AND r.updated_at >= ? AND r.updated_at < ?
    UNION ALL
    SELECT b.user_id, b.delta_milli, 0, 0, 0, 0 FROM balance_adjustments b
      WHERE b.created_at >= ? AND b.created_at < ?
    UNION ALL
    SELECT c.user_id, c.value_milli, 0, 0, 0, 0 FROM redemptions c
      WHERE c.kind = 'cash' AND c.created_at >= ? AND c.created_at < ?
    UNION ALL
    SELECT f.user_id, f.value_milli, 0, 0, 0, 0 FROM referral_rewards f
      WHERE f.credit_grant_id IS NULL AND f.created_at >= ? AND f.created_at < ?
    UNION ALL
    SELECT p.user_id, 0, p.price_milli, 0, 0, 0 FROM plan_periods p
      WHERE p.created_at >= ? AND p.created_at < ?
    UNION ALL
    SELECT a.user_id, 0, a.cost_milli, 1, a.id % ${CHECKSUM_PRIME}, 0 FROM access_logs a
      WHERE a.access_time >= ? AND a.access_time < ? AND a.cost_milli > 0 AND a.user_id IS NOT NULL
    UNION ALL
    SELECT a.user_id, 0, 0, 0, 0, a.credit_milli FROM access_logs a
      WHERE a.access_time >= ? AND a.access_time < ? AND a.credit_milli > 0 AND a.user_id IS NOT NULL
  ) x
  GROUP BY x.user_id`;

/** The first instant any money moved or credit was spent (null: none ever did). */
const FIRST_MOVE = `SELECT MIN(t) AS first FROM (
    SELECT MIN(updated_at) AS t FROM recharge_records WHERE state = 'credited' AND user_id IS NOT NULL
    UNION ALL SELECT MIN(created_at) FROM balance_adjustments
    UNION ALL SELECT MIN(created_at) FROM redemptions WHERE kind = 'cash'
    UNION ALL SELECT MIN(created_at) FROM referral_rewards WHERE credit_grant_id IS NULL
    UNION ALL SELECT MIN(created_at) FROM plan_periods
    UNION ALL SELECT MIN(access_time) FROM access_logs WHERE cost_milli > 0 OR credit_milli > 0
  ) m`;

const num = (value: number | string | null | undefined) => Number(value ?? 0);

/**
 * The oldest month LOG_RETENTION_MONTHS = `months` keeps (the running month counts) and its first
 * instant (ms), on the site's clock.
 */
export function retainedFrom(
  now: number,
  months: number,
  timeZone: string,
): { month: string; from: number } {
  const [year, index] = monthOf(now, timeZone).split('-').map(Number);
  const month = new Date(Date.UTC(year, index - months, 1)).toISOString().slice(0, 7);
  return { month, from: monthBounds(month, timeZone).from };
}

/** The closed months: the last one's month and end, from ledger_months. */
export async function lastClosed(
  dataSource: DataSource,
): Promise<{ month: string; to: Date } | null> {
  const [row] = await dataSource.query<{ month: string; to_at: Date | string }[]>(
    'SELECT month, to_at FROM ledger_months ORDER BY month DESC LIMIT 1',
  );
  return row ? { month: row.month, to: rowTime(row.to_at) } : null;
}

/**
 * Closes the months that ended (on the site's clock) at least CLOSING_GRACE_MS ago, oldest first,
 * at most CLOSING_MONTHS_PER_RUN: each in one transaction that inserts its ledger_months row (the
 * primary key lets exactly one instance close a month) and a closing row per user whose money
 * moved in it: opening (the user's last closing, or 0), money in, money out, closing, and its
 * charged rows' count and checksum. A month starts where the last closed one ended, so a changed
 * time zone leaves neither a gap nor an overlap. Answers how many months this run closed.
 */
export async function closeMonths(
  dataSource: DataSource,
  timeZone: string,
  now = Date.now(),
): Promise<number> {
  let closed = 0;
  while (closed < CLOSING_MONTHS_PER_RUN) {
    const last = await lastClosed(dataSource);
    let month: string;
    let from: number;
    if (last) {
      month = nextMonth(last.month);
      from = last.to.getTime();
    } else {
      const [{ first }] = await dataSource.query<{ first: Date | string | null }[]>(FIRST_MOVE);
      if (!first) return closed;
      month = monthOf(rowTime(first).getTime(), timeZone);
      from = monthBounds(month, timeZone).from;
    }
    const to = monthBounds(month, timeZone).to;
    if (to + CLOSING_GRACE_MS > now) return closed;
    if (await closeMonth(dataSource, month, from, to, now)) closed += 1;
  }
  return closed;
}

/** The users' last closings: each one's opening of the next month it closes. */
const OPENINGS = `SELECT c.user_id AS user_id, c.closing_milli AS closing FROM ledger_closings c
  WHERE c.month = (SELECT MAX(p.month) FROM ledger_closings p WHERE p.user_id = c.user_id)`;
const INSERT_MONTH =
  'INSERT INTO ledger_months (month, from_at, to_at, closed_at, users) VALUES (?, ?, ?, ?, ?)';
const CLOSING_COLUMNS = [
  'user_id',
  'month',
  'opening_milli',
  'money_in_milli',
  'money_out_milli',
  'closing_milli',
  'charged_rows',
  'rows_checksum',
  'credit_out_milli',
];
/** The insert of closing rows as `values` (closingRows' flat values) holds them. */
const insertClosings = (values: readonly unknown[]) => {
  const row = `(${CLOSING_COLUMNS.map(() => '?').join(', ')})`;
  const count = values.length / CLOSING_COLUMNS.length;
  return `INSERT INTO ledger_closings (${CLOSING_COLUMNS.join(', ')})
   VALUES ${Array.from({ length: count }, () => row).join(', ')}`;
};

/** The month's closing rows, INSERT_ROWS at a time, as flat values. */
function closingRows(
  month: string,
  moved: Moved[],
  openings: { user_id: number | string; closing: number | string }[],
): unknown[][] {
  const opening = new Map(openings.map((row) => [num(row.user_id), num(row.closing)]));
  const rows = moved.map((m) => {
    const from = opening.get(num(m.user_id)) ?? 0;
    return [
      num(m.user_id),
      month,
      from,
      num(m.money_in),
      num(m.money_out),
      from + num(m.money_in) - num(m.money_out),
      num(m.charged_rows),
      num(m.rows_checksum),
      num(m.credit_out),
    ];
  });
  const chunks: unknown[][] = [];
  for (let i = 0; i < rows.length; i += INSERT_ROWS) {
    chunks.push(rows.slice(i, i + INSERT_ROWS).flat());
  }
  return chunks;
}

/**
 * Closes `[from, to)` as `month` in one transaction: its ledger_months row first (its primary key
 * lets one instance close a month; false: another did), then the closing rows.
 */
async function closeMonth(
  dataSource: DataSource,
  month: string,
  from: number,
  to: number,
  now: number,
): Promise<boolean> {
  const time = (ms: number) => sqlTime(dataSource, new Date(ms));
  const span = Array(MOVED_SOURCES)
    .fill([time(from), time(to)])
    .flat() as unknown[];
  const monthRow = (users: number) => [month, time(from), time(to), time(now), users];
  try {
    return await byRawDriver(dataSource, {
      sqlite: (db) =>
        sqliteTransaction(db, () => {
          const moved = db.prepare(MOVED).all(...span) as Moved[];
          const openings = db.prepare(OPENINGS).all() as never[];
          db.prepare(INSERT_MONTH).run(...monthRow(moved.length));
          for (const values of closingRows(month, moved, openings)) {
            db.prepare(insertClosings(values)).run(...values);
          }
          return true;
        }),
      mysql: (pool) =>
        mysqlTransaction(pool, async (conn) => {
          const [moved] = await conn.query<RowDataPacket[]>(MOVED, span);
          const [openings] = await conn.query<RowDataPacket[]>(OPENINGS);
          await conn.query(INSERT_MONTH, monthRow(moved.length));
          for (const values of closingRows(month, moved as Moved[], openings as never[])) {
            await conn.query(insertClosings(values), values);
          }
          return true;
        }),
    });
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** A closed month of a user whose closing no longer matches its raw rows. */
export interface ClosingMismatch {
  user_id: number;
  month: string;
  closed: { money_in_milli: number; money_out_milli: number; charged_rows: number };
  raw: { money_in_milli: number; money_out_milli: number; charged_rows: number };
  /** The rows' checksum differs while the sums agree: rows were swapped or re-dated. */
  checksum_differs: boolean;
}

/**
 * Checks each closed month whose raw rows are all kept (it starts at or after `keptFrom`, ms)
 * against them again: per user, money in, money out, the charged rows' count and checksum. Reads
 * only: two statements a closed month.
 */
export async function checkClosings(
  dataSource: DataSource,
  keptFrom = 0,
): Promise<{ months: number; checked: number; mismatches: ClosingMismatch[] }> {
  const months = await dataSource.query<
    { month: string; from_at: Date | string; to_at: Date | string }[]
  >('SELECT month, from_at, to_at FROM ledger_months ORDER BY month');
  const mismatches: ClosingMismatch[] = [];
  let checked = 0;
  for (const { month, from_at, to_at } of months) {
    const from = rowTime(from_at);
    if (from.getTime() < keptFrom) continue;
    checked += 1;
    const bounds = [sqlTime(dataSource, from), sqlTime(dataSource, rowTime(to_at))];
    const [closings, raw] = await Promise.all([
      dataSource.query<(Moved & { user_id: number })[]>(
        `SELECT user_id, money_in_milli AS money_in, money_out_milli AS money_out,
           charged_rows, rows_checksum FROM ledger_closings WHERE month = ?`,
        [month],
      ),
      dataSource.query<Moved[]>(MOVED, Array(MOVED_SOURCES).fill(bounds).flat()),
    ]);
    const byUser = new Map(raw.map((row) => [num(row.user_id), row]));
    const users = new Set([...closings.map((c) => num(c.user_id)), ...byUser.keys()]);
    const closedBy = new Map(closings.map((c) => [num(c.user_id), c]));
    for (const userId of [...users].sort((a, b) => a - b)) {
      const sums = (row: Moved | undefined) => ({
        money_in_milli: num(row?.money_in),
        money_out_milli: num(row?.money_out),
        charged_rows: num(row?.charged_rows),
      });
      const closed = closedBy.get(userId);
      const rows = byUser.get(userId);
      const a = sums(closed);
      const b = sums(rows);
      const checksumDiffers = num(closed?.rows_checksum) !== num(rows?.rows_checksum);
      if (
        a.money_in_milli !== b.money_in_milli ||
        a.money_out_milli !== b.money_out_milli ||
        a.charged_rows !== b.charged_rows ||
        checksumDiffers
      ) {
        mismatches.push({
          user_id: userId,
          month,
          closed: a,
          raw: b,
          checksum_differs: checksumDiffers,
        });
      }
    }
  }
  return { months: months.length, checked, mismatches };
}
