import type { DeepPartial, ObjectLiteral, Repository } from 'typeorm';
import { notFound } from './app-error';
import type { ContentEvents, ContentKind } from './content-events';

/**
 * Add / update / delete for the small admin-managed tables (partners, ads, sidebar and friend
 * links): each write announces the change so the public caches drop stale rows at once.
 */
export class AdminRecords<T extends ObjectLiteral & { id: number }> {
  constructor(
    private readonly repo: Repository<T>,
    private readonly events: ContentEvents,
    private readonly kind: ContentKind,
    private readonly notFoundMessage: string,
  ) {}

  /** Every row, disabled too, in display order (sort_order, then oldest first). */
  list(): Promise<T[]> {
    return this.repo
      .createQueryBuilder('row')
      .orderBy('row.sort_order', 'ASC')
      .addOrderBy('row.id', 'ASC')
      .getMany();
  }

  async add(values: DeepPartial<T>): Promise<T> {
    const row = await this.repo.save(this.repo.create(values));
    this.events.changed(this.kind);
    return row;
  }

  async update(id: number, values: DeepPartial<T>): Promise<T> {
    const row = await this.find(id);
    const saved = await this.repo.save(this.repo.merge(row, values));
    this.events.changed(this.kind);
    return saved;
  }

  async remove(id: number): Promise<void> {
    const row = await this.find(id);
    await this.repo.remove(row);
    this.events.changed(this.kind);
  }

  private async find(id: number): Promise<T> {
    const row = await this.repo.findOne({ where: { id } as never });
    if (!row) throw notFound('admin.record_not_found', this.notFoundMessage);
    return row;
  }
}
