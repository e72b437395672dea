import type { Database } from 'better-sqlite3';
import type { Pool, PoolConnection, ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import { MAX_BALANCE_MILLI } from '../../common/money';
import type { RechargeSource } from '../../database/entities/recharge-record.entity';
import {
  CommitOutcomeUnknown,
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
  | { outcome: 'duplicate' }
  /** The credit would pass MAX_BALANCE_MILLI: nothing was recorded. */
  | { outcome: 'ceiling' };

export type AdjustOutcome =
  { ok: true; balance_milli: number } | { ok: false; reason: 'no_user' | 'below_zero' | 'ceiling' };

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
  /**
   * Adds `delta_milli` (may be negative; never below zero nor past the ceiling) and its audit row,
   * or neither.
   */
  adjust(
    userId: number,
    adminId: number,
    deltaMilli: number,
    reason: string,
  ): Promise<AdjustOutcome>;
}

export const BALANCE_BOOK = Symbol('BALANCE_BOOK');

interface Adjustment {
  userId: number;
  adminId: number;
  deltaMilli: number;
  reason: string;
}

const SQL = {
  insertRecharge:
    'INSERT INTO recharge_records (user_id, out_trade_no, amount_milli, paid_amount, source, raw) VALUES (?, ?, ?, ?, ?, ?)',
  claimRecharge:
    'UPDATE recharge_records SET user_id = ?, amount_milli = ? WHERE out_trade_no = ? AND user_id IS NULL',
  credit:
    'UPDATE users SET balance_milli = balance_milli + ?, updated_at = updated_at WHERE id = ? AND balance_milli + ? <= ?',
  adjust:
    'UPDATE users SET balance_milli = balance_milli + ?, updated_at = updated_at WHERE id = ? AND balance_milli + ? BETWEEN 0 AND ?',
  insertAdjustment:
    'INSERT INTO balance_adjustments (user_id, admin_id, delta_milli, reason) VALUES (?, ?, ?, ?)',
  insertPinnedAdjustment:
    'INSERT INTO balance_adjustments (id, user_id, admin_id, delta_milli, reason) VALUES (?, ?, ?, ?, ?)',
  isOurAdjustment:
    'SELECT COUNT(*) AS n FROM balance_adjustments WHERE id = ? AND user_id = ? AND admin_id = ? AND delta_milli = ? AND reason = ?',
  dropAdjustment: 'DELETE FROM balance_adjustments WHERE id = ?',
  orderOwner: 'SELECT user_id FROM recharge_records WHERE out_trade_no = ?',
  balance: 'SELECT balance_milli FROM users WHERE id = ?',
} as const;

/** Undoes a recorded order whose credit would pass the ceiling. */
class PastCeiling extends Error {}

const ceilingOutcome = (error: unknown): RecordOutcome => {
  if (error instanceof PastCeiling) return { outcome: 'ceiling' };
  throw error;
};

/** Why a credit changed no row: the user is gone, or the balance would pass the ceiling. */
const creditRefusal = (userId: number, balance: number | null) =>
  balance === null ? new Error(`recharge for missing user ${userId}`) : new PastCeiling();

const adjustRefusal = (balance: number | null, deltaMilli: number): AdjustOutcome => ({
  ok: false,
  reason: balance === null ? 'no_user' : deltaMilli > 0 ? 'ceiling' : 'below_zero',
});

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
    }).catch(ceilingOutcome);
  }

  adjust(userId: number, adminId: number, deltaMilli: number, reason: string) {
    return sqliteTransaction(this.db, (): AdjustOutcome => {
      const adjusted = this.db
        .prepare(SQL.adjust)
        .run(deltaMilli, userId, deltaMilli, MAX_BALANCE_MILLI).changes;
      if (adjusted !== 1) return adjustRefusal(this.balance(userId), deltaMilli);
      this.db.prepare(SQL.insertAdjustment).run(userId, adminId, deltaMilli, reason);
      return { ok: true, balance_milli: this.balance(userId)! };
    });
  }

  private credit(userId: number, milli: number): void {
    if (this.db.prepare(SQL.credit).run(milli, userId, milli, MAX_BALANCE_MILLI).changes !== 1) {
      throw creditRefusal(userId, this.balance(userId));
    }
  }

  private balance(userId: number): number | null {
    const row = this.db.prepare(SQL.balance).get(userId) as { balance_milli: number } | undefined;
    return row ? Number(row.balance_milli) : null;
  }
}

/**
 * MySQL/MariaDB (Galera too). A change whose COMMIT got no answer may or may not have been applied;
 * each is made so that running it again finds out instead of applying it twice: an order by its
 * unique out_trade_no, an adjustment by the id its audit row was given.
 */
export class MysqlBalanceBook implements BalanceBook {
  constructor(private readonly pool: Pool) {}

  async recordOrder(order: NewRecharge): Promise<RecordOutcome> {
    try {
      return await this.recordOrderOnce(order);
    } catch (error) {
      if (!(error instanceof CommitOutcomeUnknown)) throw error;
    }
    // Run again, the order is recorded once whatever happened; found recorded for this very user,
    // it was this claim that recorded it (or an earlier one of the same user's: credited either way).
    const again = await this.recordOrderOnce(order);
    if (again.outcome !== 'duplicate' || order.user_id === null) return again;
    const [rows] = await this.pool.query<RowDataPacket[]>(SQL.orderOwner, [order.out_trade_no]);
    if (rows[0] === undefined || Number(rows[0].user_id) !== order.user_id) return again;
    const [balance] = await this.pool.query<RowDataPacket[]>(SQL.balance, [order.user_id]);
    return { outcome: 'credited', balance_milli: Number(balance[0].balance_milli) };
  }

  private async recordOrderOnce(order: NewRecharge): Promise<RecordOutcome> {
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
    }).catch(ceilingOutcome);
    if (inserted) return inserted;
    if (order.user_id === null) return { outcome: 'duplicate' };
    const claimed = await mysqlTransaction(this.pool, async (conn) => {
      const [claim] = await conn.query<ResultSetHeader>(SQL.claimRecharge, [
        order.user_id,
        order.amount_milli,
        order.out_trade_no,
      ]);
      return claim.affectedRows === 1 ? this.creditWithin(conn, order) : null;
    }).catch(ceilingOutcome);
    return claimed ?? { outcome: 'duplicate' };
  }

  async adjust(
    userId: number,
    adminId: number,
    deltaMilli: number,
    reason: string,
  ): Promise<AdjustOutcome> {
    const change: Adjustment = { userId, adminId, deltaMilli, reason };
    try {
      return (await mysqlTransaction(this.pool, (conn) => this.adjustWithin(conn, change))).outcome;
    } catch (error) {
      if (!(error instanceof CommitOutcomeUnknown)) throw error;
      const { auditId } = error.result as { auditId: number | null };
      if (auditId === null) throw error;
      const replayed = await mysqlTransaction(this.pool, (conn) =>
        this.replayAdjust(conn, change, auditId),
      );
      return replayed.outcome;
    }
  }

  /**
   * Runs an adjustment again under the audit id its first attempt was given: an applied first
   * attempt shows as that very row, and on Galera one still in flight writes the same key, so only
   * one of the two can commit. The id held by another row (given out again by another node after
   * the first attempt's node died) means the first attempt was not applied.
   */
  private async replayAdjust(conn: PoolConnection, change: Adjustment, auditId: number) {
    const { userId, adminId, deltaMilli, reason } = change;
    try {
      await conn.query(SQL.insertPinnedAdjustment, [auditId, userId, adminId, deltaMilli, reason]);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const [ours] = await conn.query<RowDataPacket[]>(SQL.isOurAdjustment, [
        auditId,
        userId,
        adminId,
        deltaMilli,
        reason,
      ]);
      if (Number(ours[0]?.n) !== 1) return this.adjustWithin(conn, change);
      const balance = (await this.balance(conn, userId))!;
      return { outcome: { ok: true as const, balance_milli: balance }, auditId };
    }
    return this.adjustWithin(conn, change, auditId);
  }

  /** The conditional update and its audit row (already written when `pinnedId` is given). */
  private async adjustWithin(
    conn: PoolConnection,
    { userId, adminId, deltaMilli, reason }: Adjustment,
    pinnedId?: number,
  ): Promise<{ outcome: AdjustOutcome; auditId: number | null }> {
    const [update] = await conn.query<ResultSetHeader>(SQL.adjust, [
      deltaMilli,
      userId,
      deltaMilli,
      MAX_BALANCE_MILLI,
    ]);
    if (update.affectedRows !== 1) {
      if (pinnedId !== undefined) await conn.query(SQL.dropAdjustment, [pinnedId]);
      return {
        outcome: adjustRefusal(await this.balance(conn, userId), deltaMilli),
        auditId: null,
      };
    }
    let auditId = pinnedId;
    if (auditId === undefined) {
      const [insert] = await conn.query<ResultSetHeader>(SQL.insertAdjustment, [
        userId,
        adminId,
        deltaMilli,
        reason,
      ]);
      auditId = insert.insertId;
    }
    return { outcome: { ok: true, balance_milli: (await this.balance(conn, userId))! }, auditId };
  }

  private async creditWithin(conn: PoolConnection, order: NewRecharge): Promise<RecordOutcome> {
    if (order.user_id === null) return { outcome: 'recorded' };
    const [credit] = await conn.query<ResultSetHeader>(SQL.credit, [
      order.amount_milli,
      order.user_id,
      order.amount_milli,
      MAX_BALANCE_MILLI,
    ]);
    if (credit.affectedRows !== 1) {
      throw creditRefusal(order.user_id, await this.balance(conn, order.user_id));
    }
    return { outcome: 'credited', balance_milli: (await this.balance(conn, order.user_id))! };
  }

  private async balance(conn: PoolConnection, userId: number): Promise<number | null> {
    const [rows] = await conn.query<RowDataPacket[]>(SQL.balance, [userId]);
    return rows[0] ? Number(rows[0].balance_milli) : null;
  }
}
