import type { DataSource } from 'typeorm';
import { sqlTime } from '../../database/sql-time';

/** How money moved in a span of time, in milli-yuan: the figures of a monthly statement. */
export interface SpanMoves {
  opening_milli: number;
  recharged_milli: number;
  adjusted_milli: number;
  redeemed_milli: number;
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
 * writes updated_at), adjustments and cash codes. `owner` narrows each to one user.
 */
const moneyIn = (owner: string) =>
  ['recharged', 'adjusted', 'redeemed']
    .map((name) => {
      const [table, value, time, extra] = {
        recharged: ['recharge_records', 'amount_milli', 'updated_at', " AND t.state = 'credited'"],
        adjusted: ['balance_adjustments', 'delta_milli', 'created_at', ''],
        redeemed: ['redemptions', 'value_milli', 'created_at', " AND t.kind = 'cash'"],
      }[name]!;
      const sum = (bound: string) =>
        `COALESCE((SELECT SUM(t.${value}) FROM ${table} t WHERE ${owner}${extra} AND t.${time} >= ${bound}), 0)`;
      return `${sum('?')} - ${sum('?')} AS ${name}, ${sum('?')} AS ${name}_after`;
    })
    .join(',\n');

/** Paid and free-quota calls: the rows a statement counts (refunded ones carry neither). */
const COUNTED = "(l.cost_milli > 0 OR l.charged_from = 'free')";
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
    num(totals.recharged_after) + num(totals.adjusted_after) + num(totals.redeemed_after);
  const closing = num(totals.balance) - inAfterTo + num(totals.charged_after);
  const recharged = num(totals.recharged);
  const adjusted = num(totals.adjusted);
  const redeemed = num(totals.redeemed);
  return {
    opening_milli: closing - recharged - adjusted - redeemed + calls.charged_milli,
    recharged_milli: recharged,
    adjusted_milli: adjusted,
    redeemed_milli: redeemed,
    charged_milli: calls.charged_milli,
    closing_milli: closing,
    calls: calls.calls,
    free_calls: calls.free_calls,
  };
}

/** The bound values of moneyIn: from, to, to for each source. */
const inBounds = (from: Date | string, to: Date | string) => [
  ...[from, to, to],
  ...[from, to, to],
  ...[from, to, to],
];

/**
 * One user's span: its figures and its calls by API, read in one statement so that they come from
 * one snapshot (InnoDB's consistent read, SQLite's one reader) and `closing = opening + money in −
 * charged` holds exactly while calls are being charged. Reads raw rows through the user's indexes;
 * what the month's raw rows cost at scale is #31's rollups' to take over.
 */
export async function userSpan(
  dataSource: DataSource,
  userId: number,
  fromDate: Date,
  toDate: Date,
): Promise<{ moves: SpanMoves; lines: SpanLine[] } | null> {
  const from = sqlTime(dataSource, fromDate);
  const to = sqlTime(dataSource, toDate);
  const rows: Row[] = await dataSource.query(
    `SELECT 0 AS line, NULL AS api_id, NULL AS api_name, NULL AS api_title_en,
       0 AS calls, 0 AS free_calls, 0 AS charged, u.balance_milli AS balance,
       ${moneyIn('t.user_id = u.id')},
       COALESCE((SELECT SUM(a.cost_milli) FROM access_logs a WHERE a.user_id = u.id AND a.access_time >= ?), 0) AS charged_after
     FROM users u WHERE u.id = ?
     UNION ALL
     SELECT 1, l.api_id, MAX(l.api_name), MAX(p.title_en), ${CALL_SUMS},
       NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
     FROM access_logs l LEFT JOIN apis p ON p.id = l.api_id
     WHERE l.user_id = ? AND l.access_time >= ? AND l.access_time < ? AND ${COUNTED}
     GROUP BY l.api_id`,
    [...inBounds(from, to), to, userId, userId, from, to],
  );
  const totals = rows.find((row) => num(row.line) === 0);
  if (!totals) return null;
  const lines = rows
    .filter((row) => num(row.line) === 1)
    .map((row) => ({
      api_id: num(row.api_id),
      api_name: String(row.api_name ?? ''),
      api_title_en: String(row.api_title_en ?? ''),
      calls: num(row.calls),
      free_calls: num(row.free_calls),
      charged_milli: num(row.charged),
    }))
    .sort((a, b) => b.charged_milli - a.charged_milli || a.api_id - b.api_id);
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

/** The whole site's span (every user added up) and how many users made counted calls in it. */
export async function siteSpan(
  dataSource: DataSource,
  fromDate: Date,
  toDate: Date,
): Promise<{ moves: SpanMoves; users: number }> {
  const from = sqlTime(dataSource, fromDate);
  const to = sqlTime(dataSource, toDate);
  const [row]: Row[] = await dataSource.query(
    `SELECT COALESCE((SELECT SUM(u.balance_milli) FROM users u), 0) AS balance,
       ${moneyIn('1 = 1')},
       COALESCE((SELECT SUM(a.cost_milli) FROM access_logs a WHERE a.access_time >= ?), 0) AS charged_after,
       c.calls, c.free_calls, c.charged, c.users
     FROM (SELECT ${CALL_SUMS}, COUNT(DISTINCT l.user_id) AS users
       FROM access_logs l WHERE l.access_time >= ? AND l.access_time < ? AND ${COUNTED}) c`,
    [...inBounds(from, to), to, from, to],
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
