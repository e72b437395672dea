import type { Database, Statement as SqliteStatement } from 'better-sqlite3';
import type { Pool, PoolConnection, ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import { rowTime, sqliteTime } from '../../database/sql-time';
import {
  CommitOutcomeUnknown,
  mysqlTransaction,
  sqliteTransaction,
} from '../../database/transactions';
import { REPLAYING, replayUntilAnswered } from './replay';
import type { Replaying } from './replay';

/** A plan's terms as a purchase takes them. */
export interface PlanTerms {
  id: number;
  price_milli: number;
  included_calls: number;
  /** At most this many calls an hour, a day, a week (null: no such limit). */
  hour_limit: number | null;
  day_limit: number | null;
  week_limit: number | null;
}

/** The terms a period takes from its plan: its calls and its windows' limits. */
const terms = (plan: PlanTerms) => [
  plan.included_calls,
  plan.hour_limit,
  plan.day_limit,
  plan.week_limit,
];

/** A period of a plan bought by a user: [start, end), whole seconds. */
export interface PlanSale {
  userId: number;
  plan: PlanTerms;
  start: Date;
  end: Date;
}

export type SubscribeOutcome =
  | {
      ok: true;
      subscriptionId: number;
      balance_milli: number;
      /** The period was bought now; false: a cancelled subscription to the plan was resumed. */
      charged: boolean;
    }
  | { ok: false; reason: 'no_user' | 'already' }
  | { ok: false; reason: 'insufficient'; balance_milli: number };

/** A subscription whose period ended, and the period that follows it. */
export interface Renewal extends PlanSale {
  subscriptionId: number;
  /** The period's end the job saw: the renewal is made only if it is still the row's. */
  endedAt: Date;
}

export type RenewOutcome = 'renewed' | 'lapsed' | 'ended' | 'skipped';

/**
 * Buying and renewing plans: money moves of their own (ADR 050). Each is one transaction on the
 * raw driver that takes its user's row first, debits the period's price conditionally and writes
 * the period bought (plan_periods, unique per subscription and start) with the subscription's
 * new period, or none of it. `balance = money in − cash charges − plan periods bought`.
 */
export interface PlanBook {
  subscribe(sale: PlanSale): Promise<SubscribeOutcome>;
  renew(renewal: Renewal): Promise<RenewOutcome>;
}

export const PLAN_BOOK = Symbol('PLAN_BOOK');

/** How a period came: bought, renewed from the balance, or paid by a redeem code. */
type PeriodKind = 'subscribe' | 'renew' | 'code';

/** One statement of a move: its rows (`rows`) or its header (`run`). */
type Op = { sql: string; params: unknown[]; rows: boolean };
type Row = Record<string, unknown>;
type Done = { changes: number; insertId: number };
/** A move written once for both drivers: it yields statements and is given their answers. */
type Move<T> = Generator<Op, T, Row[] & Done>;

const run = (sql: string, ...params: unknown[]): Op => ({ sql, params, rows: false });
const rows = (sql: string, ...params: unknown[]): Op => ({ sql, params, rows: true });

const SQL = {
  lockUser: 'SELECT balance_milli, status FROM users WHERE id = ?',
  debit: `UPDATE users SET balance_milli = balance_milli - ?, updated_at = updated_at
    WHERE id = ? AND status = 1 AND balance_milli >= ?`,
  subscription: `SELECT id, plan_id, state, auto_renew, period_end FROM plan_subscriptions
    WHERE user_id = ?`,
  bought: `SELECT id FROM plan_periods
    WHERE user_id = ? AND plan_id = ? AND period_start = ? AND kind = 'subscribe'`,
  resume: `UPDATE plan_subscriptions SET auto_renew = 1, ended_reason = NULL, updated_at = ?
    WHERE id = ?`,
  restart: `UPDATE plan_subscriptions SET plan_id = ?, state = 'active', auto_renew = ?,
    period_start = ?, period_end = ?, included_calls = ?, hour_limit = ?, day_limit = ?,
    week_limit = ?, used_calls = 0, ended_reason = NULL, updated_at = ? WHERE id = ?`,
  insertSubscription: `INSERT INTO plan_subscriptions
    (user_id, plan_id, state, auto_renew, period_start, period_end, included_calls, hour_limit,
      day_limit, week_limit, used_calls)
    VALUES (?, ?, 'active', ?, ?, ?, ?, ?, ?, ?, 0)`,
  insertPeriod: `INSERT INTO plan_periods
    (subscription_id, user_id, plan_id, period_start, period_end, price_milli, kind)
    VALUES (?, ?, ?, ?, ?, ?, ?)`,
  due: `SELECT auto_renew FROM plan_subscriptions
    WHERE id = ? AND state = 'active' AND period_end = ?`,
  close: `UPDATE plan_subscriptions SET state = ?, ended_reason = ?, updated_at = ? WHERE id = ?`,
  moveOn: `UPDATE plan_subscriptions SET period_start = ?, period_end = ?, included_calls = ?,
    hour_limit = ?, day_limit = ?, week_limit = ?, used_calls = 0, updated_at = ? WHERE id = ?`,
};

/**
 * A move's statements on one database: `time` writes a time as it takes it, `lock` is what a read
 * that must hold its rows to the end adds (nothing on SQLite, whose writer runs alone).
 */
interface Dialect {
  time: (date: Date) => Date | string;
  lock: string;
}

function* subscribeMove(sale: PlanSale, d: Dialect, replay: boolean): Move<SubscribeOutcome> {
  const { userId, plan, start } = sale;
  const [owner] = yield rows(SQL.lockUser + d.lock, userId);
  if (!owner) return { ok: false, reason: 'no_user' };
  const [sub] = yield rows(SQL.subscription + d.lock, userId);
  if (replay) {
    const [bought] = yield rows(SQL.bought, userId, plan.id, d.time(start));
    if (bought && sub) {
      const balance = Number(owner.balance_milli);
      return { ok: true, subscriptionId: Number(sub.id), balance_milli: balance, charged: true };
    }
  }
  if (
    sub &&
    sub.state === 'active' &&
    rowTime(sub.period_end as Date | string).getTime() > start.getTime()
  ) {
    if (Number(sub.plan_id) !== plan.id || Number(sub.auto_renew) === 1) {
      return { ok: false, reason: 'already' };
    }
    yield run(SQL.resume, d.time(start), sub.id);
    const balance = Number(owner.balance_milli);
    return { ok: true, subscriptionId: Number(sub.id), balance_milli: balance, charged: false };
  }
  const debited = yield run(SQL.debit, plan.price_milli, userId, plan.price_milli);
  if (debited.changes !== 1) {
    return Number(owner.status) === 1
      ? { ok: false, reason: 'insufficient', balance_milli: Number(owner.balance_milli) }
      : { ok: false, reason: 'no_user' };
  }
  const subscriptionId = yield* startPeriod(sale, sub, d, 'subscribe');
  const balance = Number(owner.balance_milli) - plan.price_milli;
  return { ok: true, subscriptionId, balance_milli: balance, charged: true };
}

/**
 * The user's subscription (`sub`, null for a first one) restarted on the sale's period, and the
 * period bought at `kind`'s price: the plan's, or nothing for a code. A subscription a code
 * started does not renew unless the user resumes it.
 */
function* startPeriod(
  { userId, plan, start, end }: PlanSale,
  sub: Row | undefined,
  d: Dialect,
  kind: PeriodKind,
): Move<number> {
  const renews = kind === 'code' ? 0 : 1;
  let subscriptionId: number;
  if (sub) {
    subscriptionId = Number(sub.id);
    yield run(
      SQL.restart,
      plan.id,
      renews,
      d.time(start),
      d.time(end),
      ...terms(plan),
      d.time(start),
      subscriptionId,
    );
  } else {
    const made = yield run(
      SQL.insertSubscription,
      userId,
      plan.id,
      renews,
      d.time(start),
      d.time(end),
      ...terms(plan),
    );
    subscriptionId = made.insertId;
  }
  yield run(
    SQL.insertPeriod,
    subscriptionId,
    userId,
    plan.id,
    d.time(start),
    d.time(end),
    kind === 'code' ? 0 : plan.price_milli,
    kind,
  );
  return subscriptionId;
}

/** Why a code could not start its plan's period: no such user, or a plan running already. */
export type CodePeriodRefusal = 'no_user' | 'running';

/**
 * A period of a plan that a redeem code pays for (no money moves), written in the redemption's
 * transaction: refused while the user has a plan running (the code stays unused).
 */
function* codePeriodMove(sale: PlanSale, d: Dialect): Move<CodePeriodRefusal | null> {
  const [owner] = yield rows(SQL.lockUser + d.lock, sale.userId);
  if (!owner) return 'no_user';
  const [sub] = yield rows(SQL.subscription + d.lock, sale.userId);
  if (
    sub &&
    sub.state === 'active' &&
    rowTime(sub.period_end as Date | string).getTime() > sale.start.getTime()
  ) {
    return 'running';
  }
  yield* startPeriod(sale, sub, d, 'code');
  return null;
}

/**
 * Renews a subscription whose period ended, if it is still that period's: a cancelled one ends,
 * one whose balance is short lapses (never a negative balance), the others buy the next period.
 * Run again after an unanswered COMMIT, an applied first run leaves nothing due: it is skipped.
 */
function* renewMove(renewal: Renewal, d: Dialect): Move<RenewOutcome> {
  const { userId, plan, start, end, subscriptionId } = renewal;
  const [owner] = yield rows(SQL.lockUser + d.lock, userId);
  const [due] = yield rows(SQL.due + d.lock, subscriptionId, d.time(renewal.endedAt));
  if (!owner || !due) return 'skipped';
  const now = d.time(new Date());
  if (Number(due.auto_renew) !== 1) {
    yield run(SQL.close, 'ended', 'cancelled', now, subscriptionId);
    return 'ended';
  }
  const debited = yield run(SQL.debit, plan.price_milli, userId, plan.price_milli);
  if (debited.changes !== 1) {
    yield run(SQL.close, 'lapsed', 'balance_short', now, subscriptionId);
    return 'lapsed';
  }
  yield run(SQL.moveOn, d.time(start), d.time(end), ...terms(plan), now, subscriptionId);
  yield run(
    SQL.insertPeriod,
    subscriptionId,
    userId,
    plan.id,
    d.time(start),
    d.time(end),
    plan.price_milli,
    'renew',
  );
  return 'renewed';
}

const SQLITE: Dialect = { time: sqliteTime, lock: '' };
const MYSQL: Dialect = { time: (date) => date, lock: ' FOR UPDATE' };

export class SqlitePlanBook implements PlanBook {
  private readonly statements = new Map<string, SqliteStatement>();

  constructor(private readonly db: Database) {}

  subscribe(sale: PlanSale): Promise<SubscribeOutcome> {
    return this.apply(() => subscribeMove(sale, SQLITE, false));
  }

  renew(renewal: Renewal): Promise<RenewOutcome> {
    return this.apply(() => renewMove(renewal, SQLITE));
  }

  /** Runs a move synchronously in one transaction: nothing else can interleave. */
  private apply<T>(move: () => Move<T>): Promise<T> {
    return sqliteTransaction(this.db, () => driveSqlite(this.db, move(), this.statements));
  }
}

/** Runs a move's statements on SQLite, inside the caller's transaction. */
function driveSqlite<T>(
  db: Database,
  steps: Move<T>,
  statements = new Map<string, SqliteStatement>(),
): T {
  let answer: Row[] & Done = Object.assign([], { changes: 0, insertId: 0 });
  for (;;) {
    const step = steps.next(answer);
    if (step.done) return step.value;
    const { sql, params } = step.value;
    let prepared = statements.get(sql);
    if (!prepared) {
      prepared = db.prepare(sql);
      statements.set(sql, prepared);
    }
    if (step.value.rows) {
      answer = Object.assign(prepared.all(...params) as Row[], { changes: 0, insertId: 0 });
    } else {
      const done = prepared.run(...params);
      answer = Object.assign([], { changes: done.changes, insertId: Number(done.lastInsertRowid) });
    }
  }
}

/** Runs a move's statements on MySQL, inside the caller's transaction on `conn`. */
async function driveMysql<T>(conn: PoolConnection, steps: Move<T>): Promise<T> {
  let answer: Row[] & Done = Object.assign([], { changes: 0, insertId: 0 });
  for (;;) {
    const step = steps.next(answer);
    if (step.done) return step.value;
    const [result] = await conn.query<ResultSetHeader | RowDataPacket[]>(
      step.value.sql,
      step.value.params,
    );
    answer = Array.isArray(result)
      ? Object.assign(result as Row[], { changes: 0, insertId: 0 })
      : Object.assign([], { changes: result.affectedRows, insertId: result.insertId });
  }
}

/** A redeem code's plan period (codePeriodMove) in the redemption's SQLite transaction. */
export const codePeriodSqlite = (db: Database, sale: PlanSale) =>
  driveSqlite(db, codePeriodMove(sale, SQLITE));

/** A redeem code's plan period (codePeriodMove) in the redemption's MySQL transaction. */
export const codePeriodMysql = (conn: PoolConnection, sale: PlanSale) =>
  driveMysql(conn, codePeriodMove(sale, MYSQL));

/**
 * MySQL/MariaDB (Galera too). A purchase whose COMMIT got no answer is run again until the
 * database answers: it finds its period bought (the row's user, plan and start are the attempt's
 * own) and answers as the first attempt would have; a renewal finds nothing due.
 */
export class MysqlPlanBook implements PlanBook {
  constructor(
    private readonly pool: Pool,
    private readonly replaying: Replaying = REPLAYING,
  ) {}

  subscribe(sale: PlanSale): Promise<SubscribeOutcome> {
    return this.apply((replay) => subscribeMove(sale, MYSQL, replay));
  }

  renew(renewal: Renewal): Promise<RenewOutcome> {
    return this.apply(() => renewMove(renewal, MYSQL));
  }

  private async apply<T>(move: (replay: boolean) => Move<T>): Promise<T> {
    const once = (replay: boolean) =>
      mysqlTransaction(this.pool, (conn) => driveMysql(conn, move(replay)));
    try {
      return await once(false);
    } catch (error) {
      if (!(error instanceof CommitOutcomeUnknown)) throw error;
      return replayUntilAnswered(() => once(true), this.replaying);
    }
  }
}
