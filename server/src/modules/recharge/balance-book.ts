import type { Database } from 'better-sqlite3';
import type { Pool, PoolConnection, ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import type { RechargeSource } from '../../database/entities/recharge-record.entity';
import {
  isUniqueViolation,
  mysqlTransaction,
  sqliteTransaction,
} from '../../database/transactions';

/** A paid order about to be recorded; `user_id` null records it unclaimed (a webhook without owner). */
export interface NewRecharge {
  user_id: number | null;
  out_trade_no: string;
  amount_milli: number;
  paid_amount: string;
  source: RechargeSource;
  raw: string;
}

export type RecordOutcome =
  | { outcome: 'credited'; balance_milli: number }
  | { outcome: 'recorded' }
  | { outcome: 'duplicate' };

export type AdjustOutcome =
  { ok: true; balance_milli: number } | { ok: false; reason: 'no_user' | 'below_zero' };

/**
 * Where money enters a balance: recharges and admin adjustments. Each change is one transaction on
 * the raw driver (like the gateway's ledger), so it never nests inside another module's TypeORM
 * transaction on SQLite's shared connection. The unique out_trade_no index decides who gets an
 * order; nothing reads a balance to decide a write.
 */
export interface BalanceBook {
  /**
   * Records the order and credits its user in one transaction. An order recorded earlier without
   * a user (by the webhook) is claimed instead; recorded for anyone else, it is a duplicate.
   */
  recordOrder(order: NewRecharge): Promise<RecordOutcome>;
  /** Adds `delta_milli` (may be negative, never below zero) and its audit row, or neither. */
  adjust(
    userId: number,
    adminId: number,
    deltaMilli: number,
    reason: string,
  ): Promise<AdjustOutcome>;
}

export const BALANCE_BOOK = Symbol('BALANCE_BOOK');

const SQL = {
  insertRecharge:
    'INSERT INTO recharge_records (user_id, out_trade_no, amount_milli, paid_amount, source, raw) VALUES (?, ?, ?, ?, ?, ?)',
  claimRecharge:
    'UPDATE recharge_records SET user_id = ?, amount_milli = ? WHERE out_trade_no = ? AND user_id IS NULL',
  credit: 'UPDATE users SET balance_milli = balance_milli + ? WHERE id = ?',
  adjust:
    'UPDATE users SET balance_milli = balance_milli + ? WHERE id = ? AND balance_milli + ? >= 0',
  insertAdjustment:
    'INSERT INTO balance_adjustments (user_id, admin_id, delta_milli, reason) VALUES (?, ?, ?, ?)',
  balance: 'SELECT balance_milli FROM users WHERE id = ?',
} as const;

const rechargeValues = (o: NewRecharge) => [
  o.user_id,
  o.out_trade_no,
  o.amount_milli,
  o.paid_amount,
  o.source,
  o.raw,
];

export class SqliteBalanceBook implements BalanceBook {
  constructor(private readonly db: Database) {}

  recordOrder(order: NewRecharge): Promise<RecordOutcome> {
    return sqliteTransaction(this.db, (): RecordOutcome => {
      const claimed =
        order.user_id !== null &&
        this.db
          .prepare(SQL.claimRecharge)
          .run(order.user_id, order.amount_milli, order.out_trade_no).changes === 1;
      if (!claimed) {
        try {
          this.db.prepare(SQL.insertRecharge).run(...rechargeValues(order));
        } catch (error) {
          if (isUniqueViolation(error)) return { outcome: 'duplicate' };
          throw error;
        }
      }
      if (order.user_id === null) return { outcome: 'recorded' };
      this.credit(order.user_id, order.amount_milli);
      return { outcome: 'credited', balance_milli: this.balance(order.user_id)! };
    });
  }

  adjust(userId: number, adminId: number, deltaMilli: number, reason: string) {
    return sqliteTransaction(this.db, (): AdjustOutcome => {
      if (this.db.prepare(SQL.adjust).run(deltaMilli, userId, deltaMilli).changes !== 1) {
        return { ok: false, reason: this.balance(userId) === null ? 'no_user' : 'below_zero' };
      }
      this.db.prepare(SQL.insertAdjustment).run(userId, adminId, deltaMilli, reason);
      return { ok: true, balance_milli: this.balance(userId)! };
    });
  }

  private credit(userId: number, milli: number): void {
    if (this.db.prepare(SQL.credit).run(milli, userId).changes !== 1) {
      throw new Error(`recharge for missing user ${userId}`);
    }
  }

  private balance(userId: number): number | null {
    const row = this.db.prepare(SQL.balance).get(userId) as { balance_milli: number } | undefined;
    return row ? Number(row.balance_milli) : null;
  }
}

export class MysqlBalanceBook implements BalanceBook {
  constructor(private readonly pool: Pool) {}

  async recordOrder(order: NewRecharge): Promise<RecordOutcome> {
    // Insert first and claim only after a duplicate, in a second transaction: a claim UPDATE on a
    // missing key would take gap locks that deadlock concurrent inserts of the same order.
    const inserted = await mysqlTransaction(this.pool, async (conn) => {
      try {
        await conn.query(SQL.insertRecharge, rechargeValues(order));
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
      return this.creditWithin(conn, order);
    });
    if (inserted) return inserted;
    if (order.user_id === null) return { outcome: 'duplicate' };
    const claimed = await mysqlTransaction(this.pool, async (conn) => {
      const [claim] = await conn.query<ResultSetHeader>(SQL.claimRecharge, [
        order.user_id,
        order.amount_milli,
        order.out_trade_no,
      ]);
      return claim.affectedRows === 1 ? this.creditWithin(conn, order) : null;
    });
    return claimed ?? { outcome: 'duplicate' };
  }

  adjust(userId: number, adminId: number, deltaMilli: number, reason: string) {
    return mysqlTransaction(this.pool, async (conn): Promise<AdjustOutcome> => {
      const [update] = await conn.query<ResultSetHeader>(SQL.adjust, [
        deltaMilli,
        userId,
        deltaMilli,
      ]);
      if (update.affectedRows !== 1) {
        return {
          ok: false,
          reason: (await this.balance(conn, userId)) === null ? 'no_user' : 'below_zero',
        };
      }
      await conn.query(SQL.insertAdjustment, [userId, adminId, deltaMilli, reason]);
      return { ok: true, balance_milli: (await this.balance(conn, userId))! };
    });
  }

  private async creditWithin(conn: PoolConnection, order: NewRecharge): Promise<RecordOutcome> {
    if (order.user_id === null) return { outcome: 'recorded' };
    const [credit] = await conn.query<ResultSetHeader>(SQL.credit, [
      order.amount_milli,
      order.user_id,
    ]);
    if (credit.affectedRows !== 1) throw new Error(`recharge for missing user ${order.user_id}`);
    return { outcome: 'credited', balance_milli: (await this.balance(conn, order.user_id))! };
  }

  private async balance(conn: PoolConnection, userId: number): Promise<number | null> {
    const [rows] = await conn.query<RowDataPacket[]>(SQL.balance, [userId]);
    return rows[0] ? Number(rows[0].balance_milli) : null;
  }
}
