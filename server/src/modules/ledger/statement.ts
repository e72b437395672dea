import type { DataSource } from 'typeorm';
import { sqlTime } from '../../database/sql-time';
import { afterDays, afterHours, afterValues } from './hour-rollups';
import type { HourWatermark } from './hour-rollups';
import { counted } from './rollups';
import type { RollupWatermark } from './rollups';

/** How money moved in a span of time, in milli-yuan: the figures of a monthly statement. */
export interface SpanMoves {
  opening_milli: number;
  recharged_milli: number;
  adjusted_milli: number;
  redeemed_milli: number;
  referred_milli: number;
  /** Plan periods bought (money out, as charged calls are). */
  plans_milli: number;
  charged_milli: number;
  closing_milli: number;
  calls: number;
  free_calls: number;
}

export interface SpanLine {
  api_id: number;
  api_name: string;
  api_title_en: string;
  calls: number;
  free_calls: number;
  charged_milli: number;
}

type Row = Record<string, string | number | null>;

/**
 * The money that came in after each of two instants, from every source the ledger has (the same
 * sources `checkBalances` adds up): credited orders (dated by when they were credited: a claim
 * writes updated_at), adjustments, cash codes and cash invite rewards, and the plan periods bought as
 * money in of the opposite sign. `owner` narrows each to one user.
 */
const MONEY_IN = ['recharged', 'adjusted', 'redeemed', 'referred', 'plans'] as const;
const moneyIn = (owner: string) =>
  MONEY_IN.map((name) => {
    const [table, value, time, extra] = {
      recharged: ['recharge_records', 't.amount_milli', 'updated_at', " AND t.state = 'credited'"],
      adjusted: ['balance_adjustments', 't.delta_milli', 'created_at', ''],
      redeemed: ['redemptions', 't.value_milli', 'created_at', " AND t.kind = 'cash'"],
      referred: [
        'referral_rewards',
        't.value_milli',
        'created_at',
        ' AND t.credit_grant_id IS NULL',
      ],
      plans: ['plan_periods', '0 - t.price_milli', 'created_at', ''],
    }[name];
    const sum = (bound: string) =>
      `COALESCE((SELECT SUM(${value}) FROM ${table} t WHERE ${owner}${extra} AND t.${time} >= ${bound}), 0)`;
    return `${sum('?')} - ${sum('?')} AS ${name}, ${sum('?')} AS ${name}_after`;
  }).join(',\n');

const COUNTED = counted('l');
const CALL_SUMS = `SUM(CASE WHEN l.cost_milli > 0 THEN 1 ELSE 0 END) AS calls,
  SUM(CASE WHEN l.charged_from = 'free' THEN 1 ELSE 0 END) AS free_calls,
  COALESCE(SUM(l.cost_milli), 0) AS charged`;

const num = (value: string | number | null | undefined) => Number(value ?? 0);

/**
 * Balance at `from` and at `to`: today's balance less what moved after each. A span still running
 * (`to` in the future) closes at today's balance.
 */
function moves(
  totals: Row,
  calls: { calls: number; free_calls: number; charged_milli: number },
): SpanMoves {
  const inAfterTo =
    num(totals.recharged_after) +
    num(totals.adjusted_after) +
    num(totals.redeemed_after) +
    num(totals.referred_after) +
    num(totals.plans_after);
  const closing = num(totals.balance) - inAfterTo + num(totals.charged_after);
  const recharged = num(totals.recharged);
  const adjusted = num(totals.adjusted);
  const redeemed = num(totals.redeemed);
  const referred = num(totals.referred);
  const plans = -num(totals.plans);
  return {
    opening_milli:
      closing - recharged - adjusted - redeemed - referred + plans + calls.charged_milli,
    recharged_milli: recharged,
    adjusted_milli: adjusted,
    redeemed_milli: redeemed,
    referred_milli: referred,
    plans_milli: plans,
    charged_milli: calls.charged_milli,
    closing_milli: closing,
    calls: calls.calls,
    free_calls: calls.free_calls,
  };
}

/** The bound values of moneyIn: from, to, to for each source. */
const inBounds = (from: Date | string, to: Date | string) => MONEY_IN.flatMap(() => [from, to, to]);

/** A line's NULLs in the columns of the totals row: the balance, moneyIn's two a source, charged_after. */
const TOTALS_NULLS = Array(2 + 2 * MONEY_IN.length)
  .fill('NULL')
  .join(', ');

/**
 * A calendar month on the site's clock, and how far the rollups go: days through a watermark are
 * read from rollups, the closed hours of the days after it from the hour rollups, the rest from
 * access_logs.
 */
export interface Span {
  from: Date;
  to: Date;
  /** The month's first day and the next month's (`YYYY-MM-DD`). */
  fromDay: string;
  toDay: string;
  /** usage_rollups' (COUNTED_SERIES). */
  watermark: RollupWatermark;
  /** user_day_totals' and site_day_totals' (DAY_TOTALS_SERIES). */
  totals: RollupWatermark;
  /** usage_hour_rollups' (null: none on the site's clock). */
  hours: HourWatermark | null;
}

/**
 * The span's bound values: rollup days [fromDay, toDay) through `watermark`, the hours after it
 * (`hours`, afterHours' values), raw rows after those.
 */
function bounds(dataSource: DataSource, span: Span, watermark: RollupWatermark) {
  const time = (date: Date) => sqlTime(dataSource, date);
  const after = afterDays(watermark, span.hours);
  const rawFrom = after.rawFrom.getTime();
  const later = (date: Date) => time(new Date(Math.max(date.getTime(), rawFrom)));
  return {
    from: time(span.from),
    to: time(span.to),
    through: watermark.throughDay ?? '',
    hours: afterValues(after),
    rawFrom: later(span.from),
    rawAfter: later(span.to),
  };
}

const HOURS = afterHours('h');

/** Rollups of the calls by API (summed over days and sources): a row per API. */
const ROLLED_LINES = `SELECT 1, r.api_id, MAX(r.api_name), MAX(p.title_en),
    SUM(CASE WHEN r.source = 'free' THEN 0 ELSE r.calls END),
    SUM(CASE WHEN r.source = 'free' THEN r.calls ELSE 0 END), SUM(r.cost_milli),
    ${TOTALS_NULLS}
  FROM usage_rollups r LEFT JOIN apis p ON p.id = r.api_id
  WHERE r.user_id = ? AND r.day >= ? AND r.day < ? AND r.day <= ?
  GROUP BY r.api_id`;

/** Hour rollups of the calls by API after the days of ROLLED_LINES. */
const HOUR_LINES = `SELECT 1, h.api_id, MAX(h.api_name), MAX(p.title_en),
    SUM(CASE WHEN h.source = 'free' THEN 0 ELSE h.calls END),
    SUM(CASE WHEN h.source = 'free' THEN h.calls ELSE 0 END), SUM(h.cost_milli),
    ${TOTALS_NULLS}
  FROM usage_hour_rollups h LEFT JOIN apis p ON p.id = h.api_id
  WHERE h.user_id = ? AND h.day >= ? AND h.day < ? AND ${HOURS}
  GROUP BY h.api_id`;

/** Lines of one API from the rollups and the raw rows, added up. */
function mergeLines(rows: Row[]): SpanLine[] {
  const byApi = new Map<number, SpanLine>();
  for (const row of rows) {
    const apiId = num(row.api_id);
    const line = byApi.get(apiId) ?? {
      api_id: apiId,
      api_name: String(row.api_name ?? ''),
      api_title_en: String(row.api_title_en ?? ''),
      calls: 0,
      free_calls: 0,
      charged_milli: 0,
    };
    line.calls += num(row.calls);
    line.free_calls += num(row.free_calls);
    line.charged_milli += num(row.charged);
    byApi.set(apiId, line);
  }
  return [...byApi.values()].sort(
    (a, b) => b.charged_milli - a.charged_milli || a.api_id - b.api_id,
  );
}

/**
 * One user's span: its figures and its calls by API, read in one statement so that they come from
 * one snapshot (InnoDB's consistent read, SQLite's one reader) and `closing = opening + money in −
 * charged` holds exactly while calls are being charged. Closed days come from the rollups (the
 * user's `(user_id, day)` indexes: the month's calls by API from usage_rollups, what was charged
 * after it from user_day_totals), the closed hours after each watermark from usage_hour_rollups
 * (`(user_id, day, hour)`), the rest from raw rows (`(user_id, access_time)`): raw rows of rolled
 * days and hours are never read, whatever the log's size.
 */
export async function userSpan(
  dataSource: DataSource,
  userId: number,
  span: Span,
): Promise<{ moves: SpanMoves; lines: SpanLine[] } | null> {
  const b = bounds(dataSource, span, span.watermark);
  const t = bounds(dataSource, span, span.totals);
  const rows: Row[] = await dataSource.query(
    `SELECT 0 AS line, NULL AS api_id, NULL AS api_name, NULL AS api_title_en,
       0 AS calls, 0 AS free_calls, 0 AS charged, u.balance_milli AS balance,
       ${moneyIn('t.user_id = u.id')},
       COALESCE((SELECT SUM(d.cost_milli) FROM user_day_totals d WHERE d.user_id = u.id AND d.day >= ? AND d.day <= ?), 0)
       + COALESCE((SELECT SUM(h.cost_milli) FROM usage_hour_rollups h WHERE h.user_id = u.id AND h.day >= ? AND ${HOURS}), 0)
       + COALESCE((SELECT SUM(a.cost_milli) FROM access_logs a WHERE a.user_id = u.id AND a.access_time >= ?), 0) AS charged_after
     FROM users u WHERE u.id = ?
     UNION ALL
     ${ROLLED_LINES}
     UNION ALL
     ${HOUR_LINES}
     UNION ALL
     SELECT 1, l.api_id, MAX(l.api_name), MAX(p.title_en), ${CALL_SUMS},
       ${TOTALS_NULLS}
     FROM access_logs l LEFT JOIN apis p ON p.id = l.api_id
     WHERE l.user_id = ? AND l.access_time >= ? AND l.access_time < ? AND ${COUNTED}
     GROUP BY l.api_id`,
    [
      ...inBounds(b.from, b.to),
      span.toDay,
      t.through,
      span.toDay,
      ...t.hours,
      t.rawAfter,
      userId,
      userId,
      span.fromDay,
      span.toDay,
      b.through,
      userId,
      span.fromDay,
      span.toDay,
      ...b.hours,
      userId,
      b.rawFrom,
      b.to,
    ],
  );
  const totals = rows.find((row) => num(row.line) === 0);
  if (!totals) return null;
  const lines = mergeLines(rows.filter((row) => num(row.line) === 1));
  const sum = (key: 'calls' | 'free_calls' | 'charged_milli') =>
    lines.reduce((total, line) => total + line[key], 0);
  return {
    moves: moves(totals, {
      calls: sum('calls'),
      free_calls: sum('free_calls'),
      charged_milli: sum('charged_milli'),
    }),
    lines,
  };
}

/**
 * The whole site's span (every user added up) and how many users made counted calls in it, in one
 * statement as a user's. Closed days come from site_day_totals (a row a day, with the users whose
 * first counted day of the month it is), the closed hours after their watermark from
 * usage_hour_rollups, the rest from raw rows; a user of those is counted unless user_month_firsts
 * has them in the month already (one probe a user).
 */
export async function siteSpan(
  dataSource: DataSource,
  span: Span,
): Promise<{ moves: SpanMoves; users: number }> {
  const t = bounds(dataSource, span, span.totals);
  const [row]: Row[] = await dataSource.query(
    `SELECT COALESCE((SELECT SUM(u.balance_milli) FROM users u), 0) AS balance,
       ${moneyIn('1 = 1')},
       COALESCE((SELECT SUM(d.cost_milli) FROM site_day_totals d WHERE d.day >= ? AND d.day <= ?), 0)
       + COALESCE((SELECT SUM(h.cost_milli) FROM usage_hour_rollups h WHERE h.day >= ? AND ${HOURS}), 0)
       + COALESCE((SELECT SUM(a.cost_milli) FROM access_logs a WHERE a.access_time >= ?), 0) AS charged_after,
       COALESCE(r.calls, 0) + COALESCE(hr.calls, 0) + COALESCE(c.calls, 0) AS calls,
       COALESCE(r.free_calls, 0) + COALESCE(hr.free_calls, 0) + COALESCE(c.free_calls, 0) AS free_calls,
       COALESCE(r.charged, 0) + COALESCE(hr.charged, 0) + COALESCE(c.charged, 0) AS charged,
       COALESCE(r.users, 0) + (SELECT COUNT(*) FROM (SELECT l2.user_id FROM access_logs l2
          WHERE l2.access_time >= ? AND l2.access_time < ? AND l2.user_id IS NOT NULL
            AND ${counted('l2')}
          UNION SELECT h.user_id FROM usage_hour_rollups h
          WHERE h.day >= ? AND h.day < ? AND ${HOURS}) x
          WHERE NOT EXISTS (SELECT 1 FROM user_month_firsts f
            WHERE f.month = ? AND f.user_id = x.user_id AND f.day <= ?)) AS users
     FROM (SELECT SUM(d.calls) AS calls, SUM(d.free_calls) AS free_calls,
         SUM(d.cost_milli) AS charged, SUM(d.new_users) AS users
       FROM site_day_totals d WHERE d.day >= ? AND d.day < ? AND d.day <= ?) r,
       (SELECT SUM(CASE WHEN h.source = 'free' THEN 0 ELSE h.calls END) AS calls,
         SUM(CASE WHEN h.source = 'free' THEN h.calls ELSE 0 END) AS free_calls,
         SUM(h.cost_milli) AS charged
       FROM usage_hour_rollups h WHERE h.day >= ? AND h.day < ? AND ${HOURS}) hr,
       (SELECT ${CALL_SUMS}
       FROM access_logs l WHERE l.access_time >= ? AND l.access_time < ? AND ${COUNTED}) c`,
    [
      ...inBounds(t.from, t.to),
      span.toDay,
      t.through,
      span.toDay,
      ...t.hours,
      t.rawAfter,
      t.rawFrom,
      t.to,
      span.fromDay,
      span.toDay,
      ...t.hours,
      span.fromDay.slice(0, 7),
      t.through,
      span.fromDay,
      span.toDay,
      t.through,
      span.fromDay,
      span.toDay,
      ...t.hours,
      t.rawFrom,
      t.to,
    ],
  );
  return {
    moves: moves(row, {
      calls: num(row.calls),
      free_calls: num(row.free_calls),
      charged_milli: num(row.charged),
    }),
    users: num(row.users),
  };
}
