import type { Database } from 'better-sqlite3';
import type { Pool, PoolConnection, ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import { MAX_BALANCE_MILLI } from '../../common/money';
import type { RechargeReason } from '../../contracts/recharge';
import type { RechargeSource } from '../../database/entities/recharge-record.entity';
import { sqliteTime } from '../../database/sql-time';
import {
  CommitOutcomeUnknown,
  isUniqueViolation,
  mysqlTransaction,
  sqliteTransaction,
} from '../../database/transactions';
import { AUDIT_INSERT_SQL } from '../audit';
import { decideReferralMysql, decideReferralSqlite } from './referral-reward';
import { REPLAYING, replayUntilAnswered } from './replay';
import type { Replaying } from './replay';
import type { LedgerAudit } from '../audit';

/** An order as Afdian described it, with what it credits and who it belongs to. */
export interface OrderFacts {
  out_trade_no: string;
  user_id: number | null;
  amount_milli: number;
  paid_amount: string;
  source: RechargeSource;
  raw: string;
}

export type CreditOutcome =
  | { outcome: 'credited'; balance_milli: number }
  /** Credited before (to anyone), or dismissed by an admin: nothing changed. */
  | { outcome: 'used' }
  /** The credit would pass MAX_BALANCE_MILLI: nothing changed. */
  | { outcome: 'ceiling' };

/**
 * Every order recharge has seen, one row per out_trade_no, and the one way an order turns into
 * money. A row that is not credited can still become credited (a pending order gets paid, a
 * rejected claim was made by the wrong account), except one an admin dismissed; a credited row
 * never changes again. Money moves on the raw driver, like the gateway's ledger.
 */
export interface OrderLedger {
  /**
   * Marks the order credited to `user_id` and adds its amount (and writes `audit`'s audit_log row,
   * for an admin's credit), in one transaction, once ever. The user's first credited order also
   * decides its referral, if it was invited (referral-reward.ts), in the same transaction.
   */
  credit(
    order: OrderFacts & { user_id: number },
    adminId: number | null,
    audit?: LedgerAudit,
  ): Promise<CreditOutcome>;
  /**
   * Records an order that is not credited. Pending replaces pending or rejected; rejected replaces
   * only rejected, so a wrong claim cannot take an order out of the queue or the re-checks. Credited
   * and dismissed rows are never touched. A known owner is kept.
   */
  note(order: OrderFacts, state: 'pending' | 'rejected', reason: RechargeReason): Promise<void>;
}

export const ORDER_LEDGER = Symbol('ORDER_LEDGER');

const SQL = {
  insert:
    'INSERT INTO recharge_records (user_id, out_trade_no, amount_milli, paid_amount, source, raw, state, reason, admin_id, check_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  claim:
    "UPDATE recharge_records SET user_id = ?, amount_milli = ?, paid_amount = ?, raw = ?, admin_id = ?, state = 'credited', reason = '', updated_at = ? WHERE out_trade_no = ? AND state <> 'credited' AND reason <> 'dismissed'",
  renote:
    "UPDATE recharge_records SET state = ?, reason = ?, amount_milli = ?, paid_amount = ?, raw = ?, user_id = COALESCE(user_id, ?) WHERE out_trade_no = ? AND reason <> 'dismissed' AND (state = 'rejected' OR (state = 'pending' AND ? = 'pending'))",
  credit:
    'UPDATE users SET balance_milli = balance_milli + ?, updated_at = updated_at WHERE id = ? AND balance_milli + ? <= ?',
  balance: 'SELECT balance_milli FROM users WHERE id = ?',
  owner: 'SELECT user_id, state FROM recharge_records WHERE out_trade_no = ?',
} as const;

const creditedRow = (o: OrderFacts, adminId: number | null) => [
  o.user_id,
  o.out_trade_no,
  o.amount_milli,
  o.paid_amount,
  o.source,
  o.raw,
  'credited',
  '',
  adminId,
  0,
];

const notedRow = (o: OrderFacts, state: string, reason: string) => [
  o.user_id,
  o.out_trade_no,
  o.amount_milli,
  o.paid_amount,
  o.source,
  o.raw,
  state,
  reason,
  null,
  // A new pending order is first asked about again by the next round of re-checks.
  0,
];

const renoteValues = (o: OrderFacts, state: string, reason: string) => [
  state,
  reason,
  o.amount_milli,
  o.paid_amount,
  o.raw,
  o.user_id,
  o.out_trade_no,
  state,
];

/**
 * A claimed order's updated_at is when it was credited (monthly statements date recharges by it):
 * SQLite has no ON UPDATE, so the time is written, as the driver takes it.
 */
const claimValues = (o: OrderFacts, adminId: number | null, at: Date | string) => [
  o.user_id,
  o.amount_milli,
  o.paid_amount,
  o.raw,
  adminId,
  at,
  o.out_trade_no,
];

/** Undoes a credit that would pass the ceiling. */
class PastCeiling extends Error {}

const ceilingOutcome = (error: unknown): CreditOutcome => {
  if (error instanceof PastCeiling) return { outcome: 'ceiling' };
  throw error;
};

export class SqliteOrderLedger implements OrderLedger {
  constructor(private readonly db: Database) {}

  credit(order: OrderFacts & { user_id: number }, adminId: number | null, audit?: LedgerAudit) {
    return sqliteTransaction(this.db, (): CreditOutcome => {
      const claimed =
        this.db.prepare(SQL.claim).run(...claimValues(order, adminId, sqliteTime(new Date())))
          .changes === 1;
      if (!claimed) {
        try {
          this.db.prepare(SQL.insert).run(...creditedRow(order, adminId));
        } catch (error) {
          if (isUniqueViolation(error)) return { outcome: 'used' };
          throw error;
        }
      }
      const { amount_milli: milli, user_id: userId } = order;
      if (this.db.prepare(SQL.credit).run(milli, userId, milli, MAX_BALANCE_MILLI).changes !== 1) {
        if (this.balance(userId) === null) throw new Error(`recharge for missing user ${userId}`);
        throw new PastCeiling();
      }
      decideReferralSqlite(this.db, userId, order.out_trade_no);
      const balance = this.balance(userId)!;
      if (audit) this.db.prepare(AUDIT_INSERT_SQL).run(...audit(balance));
      return { outcome: 'credited', balance_milli: balance };
    }).catch(ceilingOutcome);
  }

  note(order: OrderFacts, state: 'pending' | 'rejected', reason: RechargeReason) {
    return sqliteTransaction(this.db, () => {
      try {
        this.db.prepare(SQL.insert).run(...notedRow(order, state, reason));
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        this.db.prepare(SQL.renote).run(...renoteValues(order, state, reason));
      }
    });
  }

  private balance(userId: number): number | null {
    const row = this.db.prepare(SQL.balance).get(userId) as { balance_milli: number } | undefined;
    return row ? Number(row.balance_milli) : null;
  }
}

export class MysqlOrderLedger implements OrderLedger {
  constructor(
    private readonly pool: Pool,
    private readonly replaying: Replaying = REPLAYING,
  ) {}

  /**
   * A credit whose COMMIT got no answer may or may not have been applied (a Galera node lost
   * mid-commit). Running it again (until the database answers, see `replayUntilAnswered`) credits
   * the order once whatever happened; found credited to this very user, it was this claim that
   * credited it.
   */
  async credit(
    order: OrderFacts & { user_id: number },
    adminId: number | null,
    audit?: LedgerAudit,
  ): Promise<CreditOutcome> {
    try {
      return await this.creditOnce(order, adminId, audit);
    } catch (error) {
      if (!(error instanceof CommitOutcomeUnknown)) throw error;
    }
    const again = await replayUntilAnswered(
      () => this.creditOnce(order, adminId, audit),
      this.replaying,
    );
    if (again.outcome !== 'used') return again;
    const [rows] = await this.pool.query<RowDataPacket[]>(SQL.owner, [order.out_trade_no]);
    const row = rows[0];
    if (row?.state !== 'credited' || Number(row.user_id) !== order.user_id) return again;
    const [balance] = await this.pool.query<RowDataPacket[]>(SQL.balance, [order.user_id]);
    return { outcome: 'credited', balance_milli: Number(balance[0].balance_milli) };
  }

  private async creditOnce(
    order: OrderFacts & { user_id: number },
    adminId: number | null,
    audit?: LedgerAudit,
  ) {
    // Insert first and claim only after a duplicate, in a second transaction: a claim UPDATE on a
    // missing key would take gap locks that deadlock concurrent inserts of the same order.
    const inserted = await mysqlTransaction(this.pool, async (conn) => {
      try {
        await conn.query(SQL.insert, creditedRow(order, adminId));
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
      return this.creditWithin(conn, order, audit);
    }).catch(ceilingOutcome);
    if (inserted) return inserted;
    const claimed = await mysqlTransaction(this.pool, async (conn) => {
      const [claim] = await conn.query<ResultSetHeader>(
        SQL.claim,
        claimValues(order, adminId, new Date()),
      );
      return claim.affectedRows === 1 ? this.creditWithin(conn, order, audit) : null;
    }).catch(ceilingOutcome);
    return claimed ?? { outcome: 'used' };
  }

  async note(order: OrderFacts, state: 'pending' | 'rejected', reason: RechargeReason) {
    try {
      await this.pool.query(SQL.insert, notedRow(order, state, reason));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await this.pool.query(SQL.renote, renoteValues(order, state, reason));
    }
  }

  private async creditWithin(
    conn: PoolConnection,
    order: OrderFacts & { user_id: number },
    audit?: LedgerAudit,
  ): Promise<CreditOutcome> {
    const { amount_milli: milli, user_id: userId } = order;
    const [credit] = await conn.query<ResultSetHeader>(SQL.credit, [
      milli,
      userId,
      milli,
      MAX_BALANCE_MILLI,
    ]);
    const balance = async () => {
      const [rows] = await conn.query<RowDataPacket[]>(SQL.balance, [userId]);
      return rows[0] ? Number(rows[0].balance_milli) : null;
    };
    if (credit.affectedRows !== 1) {
      if ((await balance()) === null) throw new Error(`recharge for missing user ${userId}`);
      throw new PastCeiling();
    }
    await decideReferralMysql(conn, userId, order.out_trade_no);
    const balanceMilli = (await balance())!;
    if (audit) await conn.query(AUDIT_INSERT_SQL, audit(balanceMilli));
    return { outcome: 'credited', balance_milli: balanceMilli };
  }
}
