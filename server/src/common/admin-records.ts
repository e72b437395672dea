import type { DeepPartial, ObjectLiteral, Repository } from 'typeorm';
import type { AuditTarget } from '../contracts/audit';
import type { AuditActor, AuditService } from '../modules/audit/audit.service';
import { notFound } from './app-error';
import type { ContentEvents, ContentKind } from './content-events';

/**
 * Add / update / delete for the small admin-managed tables (partners, ads, sidebar and friend
 * links): each write is recorded in the audit log and announced so the public caches drop stale
 * rows at once.
 */
export class AdminRecords<T extends ObjectLiteral & { id: number }> {
  constructor(
    private readonly repo: Repository<T>,
    private readonly events: ContentEvents,
    private readonly kind: ContentKind,
    private readonly notFoundMessage: string,
    private readonly audit: AuditService,
    private readonly target: AuditTarget,
  ) {}

  /** Every row, disabled too, in display order (sort_order, then oldest first). */
  list(): Promise<T[]> {
    return this.repo
      .createQueryBuilder('row')
      .orderBy('row.sort_order', 'ASC')
      .addOrderBy('row.id', 'ASC')
      .getMany();
  }

  async add(actor: AuditActor, values: DeepPartial<T>): Promise<T> {
    const row = await this.repo.save(this.repo.create(values));
    await this.audit.record(actor, {
      action: 'create',
      target_type: this.target,
      target_id: row.id,
      after: row,
    });
    this.events.changed(this.kind);
    return row;
  }

  async update(actor: AuditActor, id: number, values: DeepPartial<T>): Promise<T> {
    const row = await this.find(id);
    // merge() changes the row in place: the snapshot is taken first.
    const before = { ...row };
    const saved = await this.repo.save(this.repo.merge(row, values));
    await this.audit.record(actor, {
      action: 'update',
      target_type: this.target,
      target_id: id,
      before,
      after: saved,
    });
    this.events.changed(this.kind);
    return saved;
  }

  async remove(actor: AuditActor, id: number): Promise<void> {
    const row = await this.find(id);
    const before = { ...row };
    await this.repo.remove(row);
    await this.audit.record(actor, {
      action: 'delete',
      target_type: this.target,
      target_id: id,
      before,
    });
    this.events.changed(this.kind);
  }

  private async find(id: number): Promise<T> {
    const row = await this.repo.findOne({ where: { id } as never });
    if (!row) throw notFound('admin.record_not_found', this.notFoundMessage);
    return row;
  }
}
