import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { Repository } from 'typeorm';
import { containsPattern } from '../../common/like';
import { positionedPage } from '../../common/positioned-page';
import type { AuditAction, AuditEntry, AuditPage, AuditTarget } from '../../contracts/audit';
import { Admin, AuditLog } from '../../database/entities';
import type { AuditLogQuery } from './dto/audit-log.query';

/** Who made an admin write: the session's admin and the address the request came from. */
export interface AuditActor {
  adminId: number;
  ip: string;
}

export interface AuditChange {
  action: AuditAction;
  target_type: AuditTarget;
  target_id: number | null;
  before?: unknown;
  after?: unknown;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The audit row's INSERT for writes made on the raw driver (balance adjustments, order credits),
 * run inside their own transaction. `before` is a reserved word in MySQL; SQLite reads the
 * backquotes too.
 */
export const AUDIT_INSERT_SQL =
  'INSERT INTO audit_log (admin_id, action, target_type, target_id, `before`, `after`, ip) VALUES (?, ?, ?, ?, ?, ?, ?)';

const auditRow = (actor: AuditActor, change: AuditChange) => ({
  admin_id: actor.adminId,
  action: change.action,
  target_type: change.target_type,
  target_id: change.target_id,
  before: json(change.before),
  after: json(change.after),
  ip: actor.ip.slice(0, 64),
});

/**
 * The audit row a raw-driver ledger writes in its own transaction: AUDIT_INSERT_SQL's parameters,
 * built from the balance the change left.
 */
export type LedgerAudit = (balanceMilli: number) => unknown[];

/** AUDIT_INSERT_SQL's parameters for one change. */
export function auditValues(actor: AuditActor, change: AuditChange): unknown[] {
  const row = auditRow(actor, change);
  return [row.admin_id, row.action, row.target_type, row.target_id, row.before, row.after, row.ip];
}

/**
 * The audit log (DESIGN.md §3): every admin write records its row inside the write's own
 * transaction, so a change and its row commit together or not at all (a row that cannot be
 * written rolls the change back). Before/after are whole JSON values, never cut. Rows are only
 * ever inserted; nothing in the app updates or deletes them.
 */
@Injectable()
export class AuditService {
  constructor(@InjectRepository(AuditLog) private readonly rows: Repository<AuditLog>) {}

  /** Inserts the row with `manager`, the write's transaction. */
  async record(actor: AuditActor, change: AuditChange, manager: EntityManager): Promise<void> {
    await manager.getRepository(AuditLog).insert(auditRow(actor, change));
  }

  /**
   * 操作日志, newest first: counted only so far past the page and, with `before`, read from that
   * entry on by the index of entries by time (positionedPage).
   */
  async list(query: AuditLogQuery): Promise<AuditPage> {
    const list = () => {
      const qb = this.rows
        .createQueryBuilder('log')
        .leftJoin(Admin, 'admin', 'admin.id = log.admin_id')
        .select('log')
        .addSelect('admin.username', 'admin_username');
      if (query.admin) {
        qb.andWhere("LOWER(admin.username) LIKE :admin ESCAPE '!'", {
          admin: containsPattern(query.admin.trim().toLowerCase()),
        });
      }
      if (query.target_type) qb.andWhere('log.target_type = :type', { type: query.target_type });
      if (query.action) qb.andWhere('log.action = :action', { action: query.action });
      if (query.from) qb.andWhere('log.created_at >= :from', { from: `${query.from} 00:00:00` });
      if (query.to) qb.andWhere('log.created_at <= :to', { to: `${query.to} 23:59:59.999999` });
      return qb;
    };
    const { rows, ...info } = await positionedPage({
      list,
      time: 'log.created_at',
      id: 'log.id',
      query,
      read: async (page) => {
        const { entities, raw } = await page.getRawAndEntities<{
          admin_username: string | null;
          log_created_at: Date | string;
        }>();
        return entities.map((row, i) => ({ row, raw: raw[i] }));
      },
      position: ({ row, raw }) => ({ time: raw.log_created_at, id: row.id }),
    });
    return {
      entries: rows.map(({ row, raw }) => toAuditEntry(row, raw.admin_username ?? null)),
      ...info,
    };
  }
}

function toAuditEntry(row: AuditLog, adminUsername: string | null): AuditEntry {
  return {
    id: row.id,
    admin_id: row.admin_id,
    admin_username: adminUsername,
    action: row.action as AuditAction,
    target_type: row.target_type as AuditTarget,
    target_id: row.target_id,
    before: parse(row.before),
    after: parse(row.after),
    ip: row.ip,
    created_at: row.created_at.toISOString(),
  };
}
