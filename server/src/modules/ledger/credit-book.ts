import type { Database } from 'better-sqlite3';
import type { Pool, PoolConnection, ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import { MAX_BALANCE_MILLI } from '../../common/money';
import type { CreditReason } from '../../contracts/credit';
import { rowTime, sqliteTime } from '../../database/sql-time';
import {
  CommitOutcomeUnknown,
  isUniqueViolation,
  mysqlTransaction,
  sqliteTransaction,
} from '../../database/transactions';
import { AUDIT_INSERT_SQL } from '../audit';
import type { LedgerAudit } from '../audit';
import { REPLAYING, replayUntilAnswered } from './replay';
import type { Replaying } from './replay';

export interface NewGrant {
  userId: number;
  amountMilli: number;
  expiresAt: Date;
  reason: CreditReason;
  note: string;
  /** The administrator who grants it; null for the site's own grants. */
  adminId: number | null;
}

export type GrantOutcome =
  | { ok: true; grantId: number; credit_milli: number }
  | { ok: false; reason: 'no_user' | 'ceiling' | 'past' };

/**
 * Credit grants (ADR 050): credit a user spends before cash, each grant until its expiry. Calls
 * spend `users.credit_milli` alone (the gateway's ledger); what they spent is put on the grants,
 * soonest-expiring first, at the user's next grant event (a grant or an expiry), which gives
 * exactly what spending them call by call would: between two events the grants and their order
 * do not change. Each event is one transaction that takes the user's row first.
 */
export interface CreditBook {
  /** Adds a grant and its credit (and `audit`'s row), or nothing. `audit` is told the credit after. */
  grant(grant: NewGrant, audit?: LedgerAudit): Promise<GrantOutcome>;
  /**
   * Closes the grants past their expiry on the database's clock, what was left of them leaving the
   * user's credit; answers how many users it settled.
   */
  expire(): Promise<number>;
}

export const CREDIT_BOOK = Symbol('CREDIT_BOOK');

/** An open grant as a settlement reads it. */
interface OpenGrant {
  id: number;
  amount: number;
  left: number;
  expires: number;
}

/** What a settlement writes: grants' new `left`, the grants it closes and what left with them. */
interface Settlement {
  lefts: Map<number, number>;
  closed: Map<number, number>;
  /** Credit no open grant can take back (refunds of calls whose grant has closed): it expires. */
  surplus: number;
  /** The credit it takes out of the user's: what expired. */
  out: number;
  /** The soonest expiry among the grants left open; null: none. */
  until: number | null;
}

/**
 * Puts the credit spent since the last event on the open grants, soonest-expiring first (or gives
 * back what refunds returned, to the grants spent last), then closes those expired by `now`.
 */
export function settle(open: readonly OpenGrant[], credit: number, now: number): Settlement {
  const grants = [...open].sort((a, b) => a.expires - b.expires || a.id - b.id);
  const lefts = new Map(grants.map((g) => [g.id, g.left]));
  let spent = grants.reduce((sum, g) => sum + g.left, 0) - credit;
  for (const g of spent > 0 ? grants : []) {
    const take = Math.min(lefts.get(g.id)!, spent);
    lefts.set(g.id, lefts.get(g.id)! - take);
    spent -= take;
  }
  if (spent > 0) throw new Error(`credit spent past its grants by ${spent} milli-yuan`);
  let back = Math.max(0, -spent);
  for (const g of back > 0 ? [...grants].reverse() : []) {
    const add = Math.min(g.amount - lefts.get(g.id)!, back);
    lefts.set(g.id, lefts.get(g.id)! + add);
    back -= add;
  }
  const closed = new Map<number, number>();
  for (const g of grants) if (g.expires <= now) closed.set(g.id, lefts.get(g.id)!);
  const left = grants.filter((g) => !closed.has(g.id));
  return {
    lefts,
    closed,
    surplus: back,
    out: back + [...closed.values()].reduce((sum, v) => sum + v, 0),
    until: left.length > 0 ? left[0].expires : null,
  };
}

const SQL = {
  user: 'SELECT credit_milli FROM users WHERE id = ?',
  lockUser: 'SELECT credit_milli FROM users WHERE id = ? FOR UPDATE',
  lockUserWithClock:
    'SELECT credit_milli, UTC_TIMESTAMP(3) AS now FROM users WHERE id = ? FOR UPDATE',
  open: 'SELECT id, amount_milli, left_milli, expires_at FROM credit_grants WHERE user_id = ? AND closed_at IS NULL',
  setLeft: 'UPDATE credit_grants SET left_milli = ? WHERE id = ?',
  close:
    'UPDATE credit_grants SET left_milli = 0, expired_milli = expired_milli + ?, closed_at = ? WHERE id = ?',
  /** Surplus credit expires with the user's grant closed last. */
  expireSurplus: `UPDATE credit_grants SET expired_milli = expired_milli + ?
    WHERE id = (SELECT id FROM (SELECT id FROM credit_grants WHERE user_id = ? AND closed_at IS NOT NULL
      ORDER BY closed_at DESC, id DESC LIMIT 1) AS last)`,
  settleUser:
    'UPDATE users SET credit_milli = credit_milli - ?, credit_until = ?, updated_at = updated_at WHERE id = ?',
  insert: `INSERT INTO credit_grants (user_id, amount_milli, left_milli, expires_at, reason, note, admin_id)
    VALUES (?, ?, ?, ?, ?, ?, ?)`,
  insertPinned: `INSERT INTO credit_grants (id, user_id, amount_milli, left_milli, expires_at, reason, note, admin_id)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  isOurs:
    'SELECT COUNT(*) AS n FROM credit_grants WHERE id = ? AND user_id = ? AND amount_milli = ? AND reason = ? AND note = ?',
  dropPinned: 'DELETE FROM credit_grants WHERE id = ?',
  add: `UPDATE users SET credit_milli = credit_milli + ?,
      credit_until = CASE WHEN credit_until IS NULL OR credit_until > ? THEN ? ELSE credit_until END,
      updated_at = updated_at
    WHERE id = ? AND credit_milli + ? <= ?`,
  due: `SELECT id FROM users WHERE credit_until <= ?
    UNION SELECT user_id FROM credit_grants WHERE closed_at IS NULL AND expires_at <= ?`,
  /** Credit that no open grant holds (refunds after the last one closed): settled away too. */
  stray: 'SELECT id FROM users WHERE credit_milli > 0 AND credit_until IS NULL',
} as const;

/** How many users one expiry run settles at most (the next run takes the rest). */
const EXPIRY_BATCH = 500;

/** The statements of one settlement, for a driver to run in the user's transaction. */
function settlementStatements(
  userId: number,
  s: Settlement,
  when: (ms: number) => unknown,
  now: number,
): [string, unknown[]][] {
  return [
    ...[...s.lefts]
      .filter(([id]) => !s.closed.has(id))
      .map(([id, left]): [string, unknown[]] => [SQL.setLeft, [left, id]]),
    ...[...s.closed].map(([id, left]): [string, unknown[]] => [SQL.close, [left, when(now), id]]),
    ...(s.surplus > 0 ? [[SQL.expireSurplus, [s.surplus, userId]] as [string, unknown[]]] : []),
    [SQL.settleUser, [s.out, s.until === null ? null : when(s.until), userId]],
  ];
}

const openGrants = (rows: readonly Record<string, unknown>[]): OpenGrant[] =>
  rows.map((row) => ({
    id: Number(row.id),
    amount: Number(row.amount_milli),
    left: Number(row.left_milli),
    expires: rowTime(row.expires_at as Date | string).getTime(),
  }));

/** Settles a user's grants as of `now` in the caller's SQLite transaction. */
function settleSqlite(db: Database, userId: number, now: number): void {
  const user = db.prepare(SQL.user).get(userId) as { credit_milli: number } | undefined;
  if (!user) return;
  const open = openGrants(db.prepare(SQL.open).all(userId) as Record<string, unknown>[]);
  const s = settle(open, Number(user.credit_milli), now);
  const when = (ms: number) => sqliteTime(new Date(ms));
  for (const [sql, values] of settlementStatements(userId, s, when, now)) {
    db.prepare(sql).run(...values);
  }
}

/**
 * Writes a grant in the caller's SQLite transaction: settles the user's grants, adds the credit
 * and the grant's row. Throws CeilingRefusal past the ceiling, and for no such user (nothing took
 * the credit): roll the transaction back, or keep the settlement, which stands as an event of its
 * own (an invite reward refused at the ceiling does).
 */
export function writeGrantSqlite(db: Database, grant: NewGrant, now: number) {
  settleSqlite(db, grant.userId, now);
  const { userId, amountMilli: amount, reason, note, adminId } = grant;
  const expires = sqliteTime(grant.expiresAt);
  const added = db
    .prepare(SQL.add)
    .run(amount, expires, expires, userId, amount, MAX_BALANCE_MILLI);
  if (added.changes !== 1) throw new CeilingRefusal();
  const inserted = db
    .prepare(SQL.insert)
    .run(userId, amount, amount, expires, reason, note, adminId);
  const { credit_milli } = db.prepare(SQL.user).get(userId) as { credit_milli: number };
  return { grantId: Number(inserted.lastInsertRowid), credit_milli: Number(credit_milli) };
}

export class SqliteCreditBook implements CreditBook {
  constructor(private readonly db: Database) {}

  grant(grant: NewGrant, audit?: LedgerAudit): Promise<GrantOutcome> {
    return sqliteTransaction(this.db, (): GrantOutcome => {
      const now = Date.now();
      if (grant.expiresAt.getTime() <= now) return { ok: false, reason: 'past' };
      if (!this.db.prepare(SQL.user).get(grant.userId)) return { ok: false, reason: 'no_user' };
      const written = writeGrantSqlite(this.db, grant, now);
      if (audit) this.db.prepare(AUDIT_INSERT_SQL).run(...audit(written.credit_milli));
      return { ok: true, ...written };
    }).catch(refusedAtCeiling);
  }

  async expire(): Promise<number> {
    const now = Date.now();
    const at = sqliteTime(new Date(now));
    const due = [
      ...(this.db.prepare(SQL.due).all(at, at) as { id: number }[]),
      ...(this.db.prepare(SQL.stray).all() as { id: number }[]),
    ];
    const users = [...new Set(due.map((row) => Number(row.id)))].slice(0, EXPIRY_BATCH);
    for (const userId of users) {
      await sqliteTransaction(this.db, () => settleSqlite(this.db, userId, now));
    }
    return users.length;
  }
}

/** A grant the ceiling refused, thrown so that the settlement before it rolls back too. */
export class CeilingRefusal extends Error {}
const refusedAtCeiling = (error: unknown): GrantOutcome => {
  if (error instanceof CeilingRefusal) return { ok: false, reason: 'ceiling' };
  throw error;
};

const grantValues = ({ userId, amountMilli, expiresAt, reason, note, adminId }: NewGrant) => [
  userId,
  amountMilli,
  amountMilli,
  expiresAt,
  reason,
  note,
  adminId,
];

/** Settles a user's grants as of `now` in the caller's transaction, its user row locked. */
async function settleMysql(conn: PoolConnection, userId: number, credit: number, now: number) {
  const [open] = await conn.query<RowDataPacket[]>(`${SQL.open} FOR UPDATE`, [userId]);
  const s = settle(openGrants(open), credit, now);
  for (const [sql, values] of settlementStatements(userId, s, (ms) => new Date(ms), now)) {
    await conn.query(sql, values);
  }
}

/** Locks a user's row for a grant: the credit it holds, or null for no such user. */
export async function lockForGrant(conn: PoolConnection, userId: number): Promise<number | null> {
  const [rows] = await conn.query<RowDataPacket[]>(SQL.lockUser, [userId]);
  return rows[0] ? Number(rows[0].credit_milli) : null;
}

/** lockForGrant with the database's clock (epoch ms), for a grant that reads no clock before. */
export async function lockForGrantAt(
  conn: PoolConnection,
  userId: number,
): Promise<{ credit: number; now: number } | null> {
  const [rows] = await conn.query<RowDataPacket[]>(SQL.lockUserWithClock, [userId]);
  if (!rows[0]) return null;
  return {
    credit: Number(rows[0].credit_milli),
    now: rowTime(rows[0].now as Date).getTime(),
  };
}

/**
 * Writes a grant in the caller's transaction, its user's row locked holding `credit`: settles the
 * user's grants, adds the credit and the grant's row (already written under `pinnedId` when
 * given). Throws CeilingRefusal past the ceiling, and for no such user: roll the transaction
 * back, or keep the settlement, as writeGrantSqlite says.
 */
export async function writeGrantMysql(
  conn: PoolConnection,
  grant: NewGrant,
  credit: number,
  now: number,
  pinnedId?: number,
) {
  await settleMysql(conn, grant.userId, credit, now);
  const [added] = await conn.query<ResultSetHeader>(SQL.add, [
    grant.amountMilli,
    grant.expiresAt,
    grant.expiresAt,
    grant.userId,
    grant.amountMilli,
    MAX_BALANCE_MILLI,
  ]);
  if (added.affectedRows !== 1) throw new CeilingRefusal();
  let grantId = pinnedId;
  if (grantId === undefined) {
    const [inserted] = await conn.query<ResultSetHeader>(SQL.insert, grantValues(grant));
    grantId = inserted.insertId;
  }
  const [rows] = await conn.query<RowDataPacket[]>(SQL.user, [grant.userId]);
  return { grantId, credit_milli: Number(rows[0].credit_milli) };
}

/**
 * MySQL/MariaDB (Galera too), on the database's clock. A grant whose COMMIT got no answer is run
 * again under the id its row was given until it answers (as an adjustment is, see balance-book.ts);
 * an expiry run again only settles what is left to settle.
 */
export class MysqlCreditBook implements CreditBook {
  constructor(
    private readonly pool: Pool,
    private readonly replaying: Replaying = REPLAYING,
  ) {}

  async grant(grant: NewGrant, audit?: LedgerAudit): Promise<GrantOutcome> {
    try {
      const done = await mysqlTransaction(this.pool, (conn) =>
        this.grantWithin(conn, grant, audit),
      );
      return done.outcome;
    } catch (error) {
      if (error instanceof CeilingRefusal) return { ok: false, reason: 'ceiling' };
      if (!(error instanceof CommitOutcomeUnknown)) throw error;
      const { grantId } = error.result as { grantId: number | null };
      if (grantId === null) throw error;
      const replayed = await replayUntilAnswered(
        () => mysqlTransaction(this.pool, (conn) => this.replayGrant(conn, grant, grantId, audit)),
        this.replaying,
        (e) => e instanceof CeilingRefusal,
      ).catch(refusedAtCeiling);
      return 'outcome' in replayed ? replayed.outcome : replayed;
    }
  }

  private async replayGrant(
    conn: PoolConnection,
    grant: NewGrant,
    grantId: number,
    audit?: LedgerAudit,
  ) {
    try {
      await conn.query(SQL.insertPinned, [grantId, ...grantValues(grant)]);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const [ours] = await conn.query<RowDataPacket[]>(SQL.isOurs, [
        grantId,
        grant.userId,
        grant.amountMilli,
        grant.reason,
        grant.note,
      ]);
      if (Number(ours[0]?.n) !== 1) return this.grantWithin(conn, grant, audit);
      const [rows] = await conn.query<RowDataPacket[]>(SQL.user, [grant.userId]);
      const credit = Number(rows[0].credit_milli);
      return { outcome: { ok: true as const, grantId, credit_milli: credit }, grantId };
    }
    return this.grantWithin(conn, grant, audit, grantId);
  }

  /** The grant's writes, its row already written under `pinnedId` when given. */
  private async grantWithin(
    conn: PoolConnection,
    grant: NewGrant,
    audit?: LedgerAudit,
    pinnedId?: number,
  ): Promise<{ outcome: GrantOutcome; grantId: number | null }> {
    const refuse = async (reason: 'no_user' | 'past') => {
      if (pinnedId !== undefined) await conn.query(SQL.dropPinned, [pinnedId]);
      return { outcome: { ok: false as const, reason }, grantId: null };
    };
    const held = await lockForGrantAt(conn, grant.userId);
    if (!held) return refuse('no_user');
    const { credit, now } = held;
    if (grant.expiresAt.getTime() <= now) return refuse('past');
    const written = await writeGrantMysql(conn, grant, credit, now, pinnedId);
    if (audit) await conn.query(AUDIT_INSERT_SQL, audit(written.credit_milli));
    return { outcome: { ok: true, ...written }, grantId: written.grantId };
  }

  async expire(): Promise<number> {
    const [[clock]] = await this.pool.query<RowDataPacket[]>('SELECT UTC_TIMESTAMP(3) AS now');
    const now = rowTime(clock.now as Date);
    const [due] = await this.pool.query<RowDataPacket[]>(SQL.due, [now, now]);
    const [stray] = await this.pool.query<RowDataPacket[]>(SQL.stray);
    const users = [...new Set([...due, ...stray].map((row) => Number(row.id)))].slice(
      0,
      EXPIRY_BATCH,
    );
    for (const userId of users) {
      await mysqlTransaction(this.pool, async (conn) => {
        const [rows] = await conn.query<RowDataPacket[]>(SQL.lockUser, [userId]);
        if (rows[0]) await settleMysql(conn, userId, Number(rows[0].credit_milli), now.getTime());
      }).catch((error: unknown) => {
        // Run again by the next expiry run, which settles only what is left to settle.
        if (!(error instanceof CommitOutcomeUnknown)) throw error;
      });
    }
    return users.length;
  }
}
