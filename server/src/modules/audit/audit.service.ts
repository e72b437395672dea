import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { Repository } from 'typeorm';
import { containsPattern } from '../../common/like';
import { pageInfo, pageSlice } from '../../common/paging';
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
 * The audit log (DESIGN.md §3): every service that changes data on an admin's behalf calls
 * `record` after its write. Rows are only ever inserted; nothing in the app updates or deletes them.
 */
@Injectable()
export class AuditService {
  constructor(@InjectRepository(AuditLog) private readonly rows: Repository<AuditLog>) {}

  /** Pass the write's transaction manager to make the row part of it. */
  async record(actor: AuditActor, change: AuditChange, manager?: EntityManager): Promise<void> {
    const repo = manager ? manager.getRepository(AuditLog) : this.rows;
    await repo.insert({
      admin_id: actor.adminId,
      action: change.action,
      target_type: change.target_type,
      target_id: change.target_id,
      before: json(change.before),
      after: json(change.after),
      ip: actor.ip.slice(0, 64),
    });
  }

  async list(query: AuditLogQuery): Promise<AuditPage> {
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
    const total = await qb.getCount();
    const { skip, take } = pageSlice(query);
    const { entities, raw } = await qb
      .orderBy('log.created_at', 'DESC')
      .addOrderBy('log.id', 'DESC')
      .offset(skip)
      .limit(take)
      .getRawAndEntities<{ admin_username: string | null }>();
    return {
      entries: entities.map((row, i) => toAuditEntry(row, raw[i]?.admin_username ?? null)),
      ...pageInfo(total, query),
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
