import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import { AdminRecords } from '../audit';
import { badRequest, conflict } from '../../common/app-error';
import { ContentEvents } from '../../common/content-events';
import { CATEGORY_MESSAGES } from '../../contracts/categories';
import type { Category as CategoryView } from '../../contracts/categories';
import { ApiCategory, ApiEntry, Category } from '../../database/entities';
import { isUniqueViolation } from '../../database/transactions';
import { AuditService } from '../audit';
import type { AuditActor } from '../audit';
import type { SaveCategoryDto, UpdateCategoryDto } from './dto/category.dto';
import { ResponseCache } from '../../common/response-cache';

const CACHE_TTL_MS = 5000;

/** Categories (分类): the public chips' source and the admin's 分类管理. */
@Injectable()
export class CategoriesService implements OnModuleDestroy {
  private readonly publicList = new ResponseCache<CategoryView[]>(CACHE_TTL_MS, 1);
  /** Audited writes, announced as catalogue changes (the lists and the search index follow). */
  private readonly records: AdminRecords<Category>;
  private readonly unsubscribe: () => void;

  constructor(
    @InjectRepository(Category) private readonly categories: Repository<Category>,
    events: ContentEvents,
    audit: AuditService,
  ) {
    this.records = new AdminRecords(
      categories,
      events,
      'apis',
      CATEGORY_MESSAGES.notFound,
      audit,
      'category',
    );
    this.unsubscribe = events.on((kind) => {
      if (kind === 'apis') this.publicList.clear();
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }

  /** Every category in chip order with its count of enabled APIs (public) or of all APIs. */
  list(onlyEnabled: boolean): Promise<CategoryView[]> {
    return onlyEnabled ? this.publicList.get('all', () => this.load(true)) : this.load(false);
  }

  /** The category with this slug, or the list's 400 for an unknown one. */
  async bySlug(slug: string): Promise<Category> {
    const found =
      slug.length <= 50
        ? await this.categories.findOne({ where: { slug: slug.toLowerCase() } })
        : null;
    if (!found) throw badRequest('apis.unknown_category', CATEGORY_MESSAGES.unknown);
    return found;
  }

  async create(actor: AuditActor, dto: SaveCategoryDto): Promise<CategoryView> {
    const saved = await slugFree(() => this.records.add(actor, values(dto)));
    return this.view(saved.id);
  }

  async update(actor: AuditActor, dto: UpdateCategoryDto): Promise<CategoryView> {
    await slugFree(() => this.records.update(actor, dto.id, values(dto)));
    return this.view(dto.id);
  }

  /** Deletes the category; its links to APIs go with it (ON DELETE CASCADE), the APIs stay. */
  remove(actor: AuditActor, id: number): Promise<void> {
    return this.records.remove(actor, id);
  }

  /** An API's category ids, each once; a 400 when one of them does not exist. */
  async assertExist(ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return unique;
    const found = await this.categories.count({ where: { id: In(unique) } });
    if (found !== unique.length)
      throw badRequest('categories.not_found', CATEGORY_MESSAGES.notFound);
    return unique;
  }

  /** Replaces the API's links with `categoryIds` (inside the caller's transaction). */
  async setLinks(manager: EntityManager, apiId: number, categoryIds: number[]): Promise<void> {
    await manager.delete(ApiCategory, { api_id: apiId });
    if (categoryIds.length > 0) {
      await manager.insert(
        ApiCategory,
        categoryIds.map((category_id) => ({ api_id: apiId, category_id })),
      );
    }
  }

  private async load(onlyEnabled: boolean, id?: number): Promise<CategoryView[]> {
    const qb = this.categories
      .createQueryBuilder('category')
      .leftJoin(ApiCategory, 'link', 'link.category_id = category.id')
      .leftJoin(ApiEntry, 'api', `api.id = link.api_id${onlyEnabled ? ' AND api.status = 1' : ''}`)
      .select([
        'category.id AS id',
        'category.name AS name',
        'category.name_en AS name_en',
        'category.slug AS slug',
        'category.sort_order AS sort_order',
        'COUNT(api.id) AS api_count',
      ])
      .groupBy('category.id')
      .addGroupBy('category.name')
      .addGroupBy('category.name_en')
      .addGroupBy('category.slug')
      .addGroupBy('category.sort_order')
      .orderBy('category.sort_order', 'ASC')
      .addOrderBy('category.id', 'ASC');
    if (id !== undefined) qb.where('category.id = :id', { id });
    const rows = await qb.getRawMany<Record<keyof CategoryView, string | number>>();
    return rows.map((row) => ({
      id: Number(row.id),
      name: String(row.name),
      name_en: String(row.name_en),
      slug: String(row.slug),
      sort_order: Number(row.sort_order),
      api_count: Number(row.api_count),
    }));
  }

  private async view(id: number): Promise<CategoryView> {
    const [row] = await this.load(false, id);
    return row;
  }
}

/** A write that a unique slug refused answers 409 categories.slug_taken. */
async function slugFree<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict('categories.slug_taken', CATEGORY_MESSAGES.slugTaken);
    }
    throw error;
  }
}

const values = (dto: SaveCategoryDto): Partial<Category> => ({
  name: dto.name,
  name_en: dto.name_en,
  slug: dto.slug,
  sort_order: dto.sort_order ?? 0,
});
