import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import { badRequest, conflict, notFound } from '../../common/app-error';
import { ContentEvents } from '../../common/content-events';
import { CATEGORY_MESSAGES } from '../../contracts/categories';
import type { Category as CategoryView } from '../../contracts/categories';
import { ApiCategory, ApiEntry, Category } from '../../database/entities';
import { isUniqueViolation } from '../../database/transactions';
import { AuditService } from '../audit/audit.service';
import type { AuditActor } from '../audit/audit.service';
import type { SaveCategoryDto, UpdateCategoryDto } from './dto/category.dto';
import { ResponseCache } from './response-cache';

const CACHE_TTL_MS = 5000;

/** Categories (分类): the public chips' source and the admin's 分类管理. */
@Injectable()
export class CategoriesService implements OnModuleDestroy {
  private readonly publicList = new ResponseCache<CategoryView[]>(CACHE_TTL_MS, 1);
  private readonly unsubscribe: () => void;

  constructor(
    @InjectRepository(Category) private readonly categories: Repository<Category>,
    private readonly events: ContentEvents,
    private readonly audit: AuditService,
  ) {
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
    const saved = await this.save(this.categories.create(values(dto)));
    await this.audit.record(actor, {
      action: 'create',
      target_type: 'category',
      target_id: saved.id,
      after: saved,
    });
    this.events.changed('apis');
    return this.view(saved.id);
  }

  async update(actor: AuditActor, dto: UpdateCategoryDto): Promise<CategoryView> {
    const category = await this.find(dto.id);
    const before = { ...category };
    const saved = await this.save(this.categories.merge(category, values(dto)));
    await this.audit.record(actor, {
      action: 'update',
      target_type: 'category',
      target_id: saved.id,
      before,
      after: saved,
    });
    this.events.changed('apis');
    return this.view(saved.id);
  }

  /** Deletes the category; its links to APIs go with it, the APIs stay. */
  async remove(actor: AuditActor, id: number): Promise<void> {
    const category = await this.find(id);
    await this.categories.manager.transaction(async (manager) => {
      await manager.delete(ApiCategory, { category_id: id });
      await manager.delete(Category, { id });
      await this.audit.record(
        actor,
        { action: 'delete', target_type: 'category', target_id: id, before: category },
        manager,
      );
    });
    this.events.changed('apis');
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

  private async find(id: number): Promise<Category> {
    const category = await this.categories.findOne({ where: { id } });
    if (!category) throw notFound('categories.not_found', CATEGORY_MESSAGES.notFound);
    return category;
  }

  private async save(category: Category): Promise<Category> {
    try {
      return await this.categories.save(category);
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict('categories.slug_taken', CATEGORY_MESSAGES.slugTaken);
      throw error;
    }
  }
}

const values = (dto: SaveCategoryDto): Partial<Category> => ({
  name: dto.name,
  name_en: dto.name_en,
  slug: dto.slug,
  sort_order: dto.sort_order ?? 0,
});
