import type { Database } from 'better-sqlite3';
import type { Pool, PoolConnection, ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import { MAX_BALANCE_MILLI } from '../../common/money';
import type { RedeemKind } from '../../contracts/redeem';
import { statement } from '../../database/named-statement';
import type { NamedStatement } from '../../database/named-statement';
import { rowTime, sqliteTime } from '../../database/sql-time';
import {
  CommitOutcomeUnknown,
  isUniqueViolation,
  mysqlTransaction,
  sqliteTransaction,
} from '../../database/transactions';
import { calendarPeriod } from '../../common/quota-period';
import type { CalendarPeriod } from '../../common/quota-period';
import { CeilingRefusal, lockForGrant, writeGrantMysql, writeGrantSqlite } from './credit-book';
import type { NewGrant } from './credit-book';
import { codePeriodMysql, codePeriodSqlite } from './plan-book';
import type { CodePeriodRefusal, PlanSale } from './plan-book';
import { REPLAYING, replayUntilAnswered } from './replay';
import type { Replaying } from './replay';

export type RedeemRefusal =
  | 'invalid_code'
  | 'code_disabled'
  | 'code_expired'
  | 'code_used'
  | 'already_redeemed'
  | 'user_limit'
  | 'plan_running'
  | 'balance_ceiling';

/** A credit code's grant: the credit after it and when the code's credit expires. */
export interface RedeemedCredit {
  credit_milli: number;
  expires_at: Date;
}

/** A plan code's plan, and the end of the period it started. */
export interface RedeemedPlanPeriod {
  id: number;
  name: string;
  name_en: string;
  period_end: Date;
}

export type RedeemOutcome =
  | {
      ok: true;
      kind: RedeemKind;
      value_milli: number;
      balance_milli: number;
      credit?: RedeemedCredit;
      plan?: RedeemedPlanPeriod;
    }
  | { ok: false; reason: RedeemRefusal };

/**
 * Cash that comes in through redeem codes. A redemption is one transaction: the credit, the
 * redemptions row, the code's use and the user's count in the batch, or none of them. Each limit is a
 * conditional write (the code's uses, the user's count, one row per code and user), so however
 * many attempts race, across instances too, a code is redeemed no more often than its batch allows.
 */
export interface CodeLedger {
  /**
   * Redeems the code whose HMAC is `codeHash` for the user. Whether its batch has expired is
   * judged on the database's clock: instances' clocks may disagree, and one running behind must
   * not take a code another already calls expired (SQLite has one process, whose clock it is).
   */
  redeem(userId: number, codeHash: string): Promise<RedeemOutcome>;
}

export const CODE_LEDGER = Symbol('CODE_LEDGER');

interface CodeRow {
  code_id: number;
  batch_id: number;
  kind: RedeemKind;
  value_milli: number;
  uses_per_code: number;
  per_user_limit: number;
  expires_at: Date | string | null;
  disabled_at: Date | string | null;
  credit_days: number | null;
  /** A plan code's plan and its terms (null for cash and credit). */
  plan_id: number | null;
  plan_name: string | null;
  plan_name_en: string | null;
  plan_period: CalendarPeriod | null;
  included_calls: number | null;
  hour_limit: number | null;
  day_limit: number | null;
  week_limit: number | null;
  /** MySQL's UTC_TIMESTAMP(3) as the code was read. */
  db_now?: Date;
}

/** The code and its batch, with `clock` (a select-list tail) for MySQL's own time. */
const findCode = (clock = ''): NamedStatement<{ hash: string }> => ({
  text:
    'SELECT c.id AS code_id, c.batch_id, b.kind, b.value_milli, b.uses_per_code, ' +
    'b.per_user_limit, b.expires_at, b.disabled_at, b.credit_days, b.plan_id, ' +
    'p.name AS plan_name, p.name_en AS plan_name_en, p.period AS plan_period, ' +
    `p.included_calls, p.hour_limit, p.day_limit, p.week_limit${clock} ` +
    'FROM redeem_codes c JOIN redeem_batches b ON b.id = c.batch_id ' +
    'LEFT JOIN plans p ON p.id = b.plan_id WHERE c.code_hash = ?',
  values: ({ hash }) => [hash],
});

/** What one redemption writes, once its code is found. */
interface Move {
  userId: number;
  codeId: number;
  batchId: number;
  kind: RedeemKind;
  value: number;
  usesPerCode: number;
  perUserLimit: number;
  ceiling: number;
  now: Date | string;
  /** A credit code's grant (null for cash), its credit expiring from the redemption on. */
  grant: NewGrant | null;
  /** A plan code's period: from the redemption to its calendar period's end (null: not one). */
  sale: PlanSale | null;
}

export const CODE_SQL = {
  find: findCode(),
  findWithClock: findCode(', UTC_TIMESTAMP(3) AS db_now'),
  /** First, so a redemption takes its user's row before any other, as every ledger write does. */
  credit: statement<Move>`
    UPDATE users SET balance_milli = balance_milli + ${'value'}, updated_at = updated_at
    WHERE id = ${'userId'} AND balance_milli + ${'value'} <= ${'ceiling'}`,
  use: statement<Move>`
    UPDATE redeem_codes SET uses = uses + 1
    WHERE id = ${'codeId'} AND uses < ${'usesPerCode'} AND EXISTS (
      SELECT 1 FROM redeem_batches b WHERE b.id = ${'batchId'} AND b.disabled_at IS NULL
        AND (b.expires_at IS NULL OR b.expires_at > ${'now'}))`,
  count: statement<Move>`
    UPDATE redeem_user_uses SET used = used + 1
    WHERE batch_id = ${'batchId'} AND user_id = ${'userId'} AND used < ${'perUserLimit'}`,
  record: statement<Move>`
    INSERT INTO redemptions (code_id, batch_id, user_id, kind, value_milli)
    VALUES (${'codeId'}, ${'batchId'}, ${'userId'}, ${'kind'}, ${'value'})`,
  balance: statement<{
    userId: number;
  }>`SELECT balance_milli, credit_milli FROM users WHERE id = ${'userId'}`,
} as const;

const LOCK_USER = 'SELECT id FROM users WHERE id = ? FOR UPDATE';

const ENSURE_COUNT = {
  sqlite: statement<Move>`
    INSERT INTO redeem_user_uses (batch_id, user_id) VALUES (${'batchId'}, ${'userId'})
    ON CONFLICT DO NOTHING`,
  mysql: statement<Move>`
    INSERT INTO redeem_user_uses (batch_id, user_id) VALUES (${'batchId'}, ${'userId'})
    ON DUPLICATE KEY UPDATE used = used`,
};

/** A refusal found inside the transaction: thrown, so everything written before it rolls back. */
class Refused extends Error {
  constructor(readonly reason: RedeemRefusal) {
    super(reason);
  }
}

/** A credit code's grant past the credit ceiling is refused as a cash code's is. */
function ceilingRefusal(error: unknown): never {
  throw error instanceof CeilingRefusal ? new Refused('balance_ceiling') : error;
}
const ceilingRefused = <T>(write: () => T): T => {
  try {
    return write();
  } catch (error) {
    return ceilingRefusal(error);
  }
};

/** Why a found code cannot be redeemed now, before anything is written; null: try it. */
function closed(row: CodeRow, now: Date): RedeemRefusal | null {
  // A plan code without its plan (a database edited by hand) is as good as withdrawn.
  if (row.disabled_at !== null || (row.kind === 'plan' && row.plan_period === null)) {
    return 'code_disabled';
  }
  return row.expires_at !== null && rowTime(row.expires_at) <= now ? 'code_expired' : null;
}

const DAY_MS = 86_400_000;

/** A period's bounds in whole seconds: MySQL's DATETIME keeps no fraction. */
const wholeSecond = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);

/** A plan code's period, on the site's clock (`timeZone`), as subscribing would buy it. */
function saleOf(userId: number, row: CodeRow, nowMs: number, timeZone: string): PlanSale | null {
  if (row.kind !== 'plan' || row.plan_period === null) return null;
  const limit = (value: number | null) => (value === null ? null : Number(value));
  return {
    userId,
    plan: {
      id: Number(row.plan_id),
      price_milli: 0,
      included_calls: Number(row.included_calls),
      hour_limit: limit(row.hour_limit),
      day_limit: limit(row.day_limit),
      week_limit: limit(row.week_limit),
    },
    start: wholeSecond(nowMs),
    end: wholeSecond(calendarPeriod(nowMs, row.plan_period, timeZone).end),
  };
}

/**
 * `now` is the clock the batch's expiry is judged on; `nowMs` the same instant; `timeZone` the
 * site's, for a plan code's period.
 */
const moveOf = (
  userId: number,
  row: CodeRow,
  now: Date | string,
  nowMs: number,
  timeZone: string,
): Move => ({
  userId,
  codeId: Number(row.code_id),
  batchId: Number(row.batch_id),
  kind: row.kind,
  value: Number(row.value_milli),
  usesPerCode: Number(row.uses_per_code),
  perUserLimit: Number(row.per_user_limit),
  ceiling: MAX_BALANCE_MILLI,
  now,
  grant:
    row.kind === 'credit'
      ? {
          userId,
          amountMilli: Number(row.value_milli),
          expiresAt: new Date(nowMs + Number(row.credit_days) * DAY_MS),
          reason: 'code',
          note: '',
          adminId: null,
        }
      : null,
  sale: saleOf(userId, row, nowMs, timeZone),
});

/** A plan code's period refused: a plan running, or (as a cash code's) no such user. */
function periodRefused(refusal: CodePeriodRefusal | null): void {
  if (refusal === 'running') throw new Refused('plan_running');
  if (refusal === 'no_user') throw new Refused('balance_ceiling');
}

/** What a redemption answers, once made. */
const redeemed = (
  move: Move,
  row: CodeRow,
  balance: number,
  credit: number | null,
): RedeemOutcome => ({
  ok: true,
  kind: move.kind,
  value_milli: move.value,
  balance_milli: balance,
  ...(move.grant && { credit: { credit_milli: credit ?? 0, expires_at: move.grant.expiresAt } }),
  ...(move.sale && {
    plan: {
      id: move.sale.plan.id,
      name: row.plan_name ?? '',
      name_en: row.plan_name_en ?? '',
      period_end: move.sale.end,
    },
  }),
});

const refusedOr = (error: unknown): RedeemOutcome => {
  if (error instanceof Refused) return { ok: false, reason: error.reason };
  throw error;
};

export class SqliteCodeLedger implements CodeLedger {
  constructor(
    private readonly db: Database,
    private readonly timeZone = 'UTC',
  ) {}

  async redeem(userId: number, codeHash: string): Promise<RedeemOutcome> {
    const now = new Date();
    const row = this.db
      .prepare(CODE_SQL.find.text)
      .get(...CODE_SQL.find.values({ hash: codeHash }));
    if (!row) return { ok: false, reason: 'invalid_code' };
    const code = row as CodeRow;
    const refusal = closed(code, now);
    if (refusal) return { ok: false, reason: refusal };
    const move = moveOf(userId, code, sqliteTime(now), now.getTime(), this.timeZone);
    const run = (sql: { text: string; values(m: Move): unknown[] }) =>
      this.db.prepare(sql.text).run(...sql.values(move)).changes;
    try {
      return await sqliteTransaction(this.db, (): RedeemOutcome => {
        let credit: number | null = null;
        if (move.grant) {
          credit = ceilingRefused(() =>
            writeGrantSqlite(this.db, move.grant!, now.getTime()),
          ).credit_milli;
        } else if (!move.sale && run(CODE_SQL.credit) !== 1) throw new Refused('balance_ceiling');
        try {
          run(CODE_SQL.record);
        } catch (error) {
          if (isUniqueViolation(error)) throw new Refused('already_redeemed');
          throw error;
        }
        if (run(CODE_SQL.use) !== 1) throw new Refused('code_used');
        run(ENSURE_COUNT.sqlite);
        if (run(CODE_SQL.count) !== 1) throw new Refused('user_limit');
        if (move.sale) periodRefused(codePeriodSqlite(this.db, move.sale));
        const { balance_milli } = this.db
          .prepare(CODE_SQL.balance.text)
          .get(...CODE_SQL.balance.values({ userId })) as { balance_milli: number };
        return redeemed(move, code, balance_milli, credit);
      });
    } catch (error) {
      return refusedOr(error);
    }
  }
}

/**
 * MySQL/MariaDB (Galera too). A redemption whose COMMIT got no answer is run again: had the first
 * one been applied, or be still in flight on a Galera node, the second meets its redemptions row
 * (one per code and user), and that row is the answer.
 */
export class MysqlCodeLedger implements CodeLedger {
  constructor(
    private readonly pool: Pool,
    private readonly timeZone = 'UTC',
    private readonly replaying: Replaying = REPLAYING,
  ) {}

  async redeem(userId: number, codeHash: string): Promise<RedeemOutcome> {
    const [rows] = await this.pool.query<RowDataPacket[]>(
      CODE_SQL.findWithClock.text,
      CODE_SQL.findWithClock.values({ hash: codeHash }),
    );
    if (!rows[0]) return { ok: false, reason: 'invalid_code' };
    const code = rows[0] as CodeRow;
    const now = code.db_now!;
    const refusal = closed(code, now);
    if (refusal) return { ok: false, reason: refusal };
    const move = moveOf(userId, code, now, now.getTime(), this.timeZone);
    try {
      return await mysqlTransaction(this.pool, (conn) => this.redeemWithin(conn, move, code));
    } catch (error) {
      if (!(error instanceof CommitOutcomeUnknown)) return refusedOr(error);
      try {
        return await replayUntilAnswered(
          () => mysqlTransaction(this.pool, (conn) => this.redeemWithin(conn, move, code)),
          this.replaying,
          (again) => again instanceof Refused,
        );
      } catch (again) {
        // Refused as already redeemed, or (the credit running first) as past the balance ceiling
        // that the applied first attempt's credit brought the balance near: its row says which.
        if (!(again instanceof Refused) || !(await this.redeemed(move))) return refusedOr(again);
        const [user] = await this.pool.query<RowDataPacket[]>(CODE_SQL.balance.text, [userId]);
        return redeemed(move, code, Number(user[0].balance_milli), Number(user[0].credit_milli));
      }
    }
  }

  /** Whether the user's redemption of the code is made (its row, one per code and user). */
  private async redeemed(move: Move): Promise<boolean> {
    const [rows] = await this.pool.query<RowDataPacket[]>(
      'SELECT 1 FROM redemptions WHERE code_id = ? AND user_id = ?',
      [move.codeId, move.userId],
    );
    return rows.length === 1;
  }

  private async redeemWithin(
    conn: PoolConnection,
    move: Move,
    code: CodeRow,
  ): Promise<RedeemOutcome> {
    const run = async (sql: { text: string; values(m: Move): unknown[] }) =>
      (await conn.query<ResultSetHeader>(sql.text, sql.values(move)))[0].affectedRows;
    let credit: number | null = null;
    if (move.grant) {
      // No such user: nothing to add credit to, refused as a cash code's credit would be.
      const held = (await lockForGrant(conn, move.userId)) ?? 0;
      const now = rowTime(move.now).getTime();
      const written = await writeGrantMysql(conn, move.grant, held, now).catch(ceilingRefusal);
      credit = written.credit_milli;
    } else if (move.sale) {
      // The user's row first, as every ledger write takes it; the period is written last, once
      // the code's limits passed: the attempts a used code refuses touch no plan row.
      await conn.query(LOCK_USER, [move.userId]);
    } else if ((await run(CODE_SQL.credit)) !== 1) throw new Refused('balance_ceiling');
    try {
      await run(CODE_SQL.record);
    } catch (error) {
      if (isUniqueViolation(error)) throw new Refused('already_redeemed');
      throw error;
    }
    if ((await run(CODE_SQL.use)) !== 1) throw new Refused('code_used');
    await run(ENSURE_COUNT.mysql);
    if ((await run(CODE_SQL.count)) !== 1) throw new Refused('user_limit');
    if (move.sale) periodRefused(await codePeriodMysql(conn, move.sale));
    const [user] = await conn.query<RowDataPacket[]>(CODE_SQL.balance.text, [move.userId]);
    return redeemed(move, code, Number(user[0].balance_milli), credit);
  }
}
