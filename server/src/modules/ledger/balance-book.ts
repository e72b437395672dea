import type { Database } from 'better-sqlite3';
import type { Pool, PoolConnection, ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import { MAX_BALANCE_MILLI } from '../../common/money';
import {
  CommitOutcomeUnknown,
  isUniqueViolation,
  mysqlTransaction,
  sqliteTransaction,
} from '../../database/transactions';
import { AUDIT_INSERT_SQL } from '../audit';
import { REPLAYING, replayUntilAnswered } from './replay';
import type { Replaying } from './replay';
import type { LedgerAudit } from '../audit';

export type AdjustOutcome =
  { ok: true; balance_milli: number } | { ok: false; reason: 'no_user' | 'below_zero' | 'ceiling' };

/**
 * Admin adjustments of a balance (recharges go through the order ledger). Each change is one
 * transaction on the raw driver (like the gateway's ledger), so it never nests inside another
 * module's TypeORM transaction on SQLite's shared connection; nothing reads a balance to decide a
 * write.
 */
export interface BalanceBook {
  /**
   * Adds `delta_milli` (may be negative; never below zero nor past the ceiling) and its
   * balance_adjustments row (and `audit`'s audit_log row), or none of them.
   */
  adjust(
    userId: number,
    adminId: number,
    deltaMilli: number,
    reason: string,
    audit?: LedgerAudit,
  ): Promise<AdjustOutcome>;
}

export const BALANCE_BOOK = Symbol('BALANCE_BOOK');

interface Adjustment {
  userId: number;
  adminId: number;
  deltaMilli: number;
  reason: string;
  audit?: LedgerAudit;
}

const SQL = {
  adjust:
    'UPDATE users SET balance_milli = balance_milli + ?, updated_at = updated_at WHERE id = ? AND balance_milli + ? BETWEEN 0 AND ?',
  insertAdjustment:
    'INSERT INTO balance_adjustments (user_id, admin_id, delta_milli, reason) VALUES (?, ?, ?, ?)',
  insertPinnedAdjustment:
    'INSERT INTO balance_adjustments (id, user_id, admin_id, delta_milli, reason) VALUES (?, ?, ?, ?, ?)',
  isOurAdjustment:
    'SELECT COUNT(*) AS n FROM balance_adjustments WHERE id = ? AND user_id = ? AND admin_id = ? AND delta_milli = ? AND reason = ?',
  dropAdjustment: 'DELETE FROM balance_adjustments WHERE id = ?',
  balance: 'SELECT balance_milli FROM users WHERE id = ?',
} as const;

const adjustRefusal = (balance: number | null, deltaMilli: number): AdjustOutcome => ({
  ok: false,
  reason: balance === null ? 'no_user' : deltaMilli > 0 ? 'ceiling' : 'below_zero',
});

export class SqliteBalanceBook implements BalanceBook {
  constructor(private readonly db: Database) {}

  adjust(userId: number, adminId: number, deltaMilli: number, reason: string, audit?: LedgerAudit) {
    return sqliteTransaction(this.db, (): AdjustOutcome => {
      const adjusted = this.db
        .prepare(SQL.adjust)
        .run(deltaMilli, userId, deltaMilli, MAX_BALANCE_MILLI).changes;
      if (adjusted !== 1) return adjustRefusal(this.balance(userId), deltaMilli);
      this.db.prepare(SQL.insertAdjustment).run(userId, adminId, deltaMilli, reason);
      const balance = this.balance(userId)!;
      if (audit) this.db.prepare(AUDIT_INSERT_SQL).run(...audit(balance));
      return { ok: true, balance_milli: balance };
    });
  }

  private balance(userId: number): number | null {
    const row = this.db.prepare(SQL.balance).get(userId) as { balance_milli: number } | undefined;
    return row ? Number(row.balance_milli) : null;
  }
}

/**
 * MySQL/MariaDB (Galera too). An adjustment whose COMMIT got no answer may or may not have been
 * applied; it is replayed under the id its audit row was given, so running it again finds out
 * instead of applying it twice, until the database answers (see `replayUntilAnswered`).
 */
export class MysqlBalanceBook implements BalanceBook {
  constructor(
    private readonly pool: Pool,
    private readonly replaying: Replaying = REPLAYING,
  ) {}

  async adjust(
    userId: number,
    adminId: number,
    deltaMilli: number,
    reason: string,
    audit?: LedgerAudit,
  ): Promise<AdjustOutcome> {
    const change: Adjustment = { userId, adminId, deltaMilli, reason, audit };
    try {
      return (await mysqlTransaction(this.pool, (conn) => this.adjustWithin(conn, change))).outcome;
    } catch (error) {
      if (!(error instanceof CommitOutcomeUnknown)) throw error;
      const { auditId } = error.result as { auditId: number | null };
      if (auditId === null) throw error;
      const replayed = await replayUntilAnswered(
        () => mysqlTransaction(this.pool, (conn) => this.replayAdjust(conn, change, auditId)),
        this.replaying,
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

  /**
   * The conditional update, its balance_adjustments row (already written when `pinnedId` is
   * given) and its audit_log row.
   */
  private async adjustWithin(
    conn: PoolConnection,
    { userId, adminId, deltaMilli, reason, audit }: Adjustment,
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
    const balance = (await this.balance(conn, userId))!;
    if (audit) await conn.query(AUDIT_INSERT_SQL, audit(balance));
    return { outcome: { ok: true, balance_milli: balance }, auditId };
  }

  private async balance(conn: PoolConnection, userId: number): Promise<number | null> {
    const [rows] = await conn.query<RowDataPacket[]>(SQL.balance, [userId]);
    return rows[0] ? Number(rows[0].balance_milli) : null;
  }
}
