import type { DeepPartial, ObjectLiteral, Repository } from 'typeorm';
import type { AuditTarget } from '../../contracts/audit';
import type { AuditActor, AuditService } from './audit.service';
import { notFound } from '../../common/app-error';
import type { ContentEvents, ContentKind } from '../../common/content-events';
import { retriedTransaction } from '../../database/transactions';

/**
 * Add / update / delete for the small admin-managed tables (partners, ads, sidebar and friend
 * links, categories): each write commits in one transaction with its audit row, and is announced
 * so the public caches drop stale rows at once.
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
    const row = await retriedTransaction(this.repo.manager, async (manager) => {
      const repo = manager.getRepository<T>(this.repo.target);
      const added = await repo.save(repo.create(values));
      await this.audit.record(
        actor,
        { action: 'create', target_type: this.target, target_id: added.id, after: added },
        manager,
      );
      return added;
    });
    await this.events.changed(this.kind);
    return row;
  }

  async update(actor: AuditActor, id: number, values: DeepPartial<T>): Promise<T> {
    const saved = await retriedTransaction(this.repo.manager, async (manager) => {
      const repo = manager.getRepository<T>(this.repo.target);
      const row = await this.find(repo, id);
      // merge() changes the row in place: the snapshot is taken first.
      const before = { ...row };
      const after = await repo.save(repo.merge(row, values));
      await this.audit.record(
        actor,
        { action: 'update', target_type: this.target, target_id: id, before, after },
        manager,
      );
      return after;
    });
    await this.events.changed(this.kind);
    return saved;
  }

  async remove(actor: AuditActor, id: number): Promise<void> {
    await retriedTransaction(this.repo.manager, async (manager) => {
      const repo = manager.getRepository<T>(this.repo.target);
      const row = await this.find(repo, id);
      const before = { ...row };
      await repo.remove(row);
      await this.audit.record(
        actor,
        { action: 'delete', target_type: this.target, target_id: id, before },
        manager,
      );
    });
    await this.events.changed(this.kind);
  }

  private async find(repo: Repository<T>, id: number): Promise<T> {
    const row = await repo.findOne({ where: { id } as never });
    if (!row) throw notFound('admin.record_not_found', this.notFoundMessage);
    return row;
  }
}
