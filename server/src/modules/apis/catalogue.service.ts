import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { badRequest, notFound } from '../../common/app-error';
import { ContentEvents } from '../../common/content-events';
import { ApiEntry } from '../../database/entities';
import { ApiDetail, toApiDetail, toApiSummary } from './dto/api.response';
import { ApiDetailQuery } from './dto/api-detail.query';
import { ListApisQuery } from './dto/list-apis.query';
import { PreparedJson, ResponseCache } from './response-cache';
import { containsPattern } from '../../common/like';
import { pageInfo } from '../../common/paging';
import type { ApiList } from '../../contracts/apis';
import type { Envelope } from '../../contracts/envelope';

export const PUBLIC_MAX_PER_PAGE = 100;
const CACHE_TTL_MS = 5000;
const CACHE_MAX_ENTRIES = 500;

@Injectable()
export class CatalogueService implements OnModuleDestroy {
  private readonly lists = new ResponseCache<PreparedJson>(CACHE_TTL_MS, CACHE_MAX_ENTRIES);
  private readonly details = new ResponseCache<ApiDetail>(CACHE_TTL_MS, CACHE_MAX_ENTRIES);
  private readonly unsubscribe: () => void;

  constructor(
    @InjectRepository(ApiEntry) private readonly apis: Repository<ApiEntry>,
    events: ContentEvents,
  ) {
    this.unsubscribe = events.on((kind) => {
      if (kind !== 'apis') return;
      this.lists.clear();
      this.details.clear();
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }

  /**
   * The public list answer (enabled APIs, pinned first then newest), serialised once per query
   * and content version: the bytes are what every visitor gets until an admin write or the
   * counters' lifetime drops them.
   */
  publicList(query: ListApisQuery): Promise<PreparedJson> {
    const normalized = {
      ...query,
      per_page: Math.min(query.per_page, PUBLIC_MAX_PER_PAGE),
      search: query.search?.trim().toLowerCase() ?? '',
    };
    return this.lists.get(JSON.stringify(normalized), async () => {
      const page = await this.loadList(normalized);
      return new PreparedJson({ success: true, message: 'ok', ...page });
    });
  }

  /** One enabled API by id or English name. */
  detail(query: ApiDetailQuery): Promise<ApiDetail> {
    if (query.id === undefined && query.name_en === undefined) {
      throw badRequest('apis.ref_missing', 'API ID or English name not provided');
    }
    const key = query.id !== undefined ? `id:${query.id}` : `en:${query.name_en}`;
    return this.details.get(key, () => this.loadDetail(query));
  }

  private async loadList(
    query: ListApisQuery & { search: string },
  ): Promise<Omit<ApiList, keyof Envelope>> {
    const qb = this.apis.createQueryBuilder('api').where('api.status = 1');
    if (query.is_paid !== undefined) qb.andWhere('api.is_paid = :paid', { paid: query.is_paid });
    if (query.is_pinned !== undefined)
      qb.andWhere('api.is_pinned = :pinned', { pinned: query.is_pinned });
    if (query.search) {
      qb.andWhere(
        // Both languages: the site shows either, so a visitor searches what they read.
        "(LOWER(api.name) LIKE :q ESCAPE '!' OR LOWER(api.name_en) LIKE :q ESCAPE '!' OR LOWER(api.title_en) LIKE :q ESCAPE '!' OR LOWER(api.description) LIKE :q ESCAPE '!' OR LOWER(api.description_en) LIKE :q ESCAPE '!')",
        { q: containsPattern(query.search) },
      );
    }
    const [rows, total] = await qb
      .orderBy('api.is_pinned', 'DESC')
      .addOrderBy('api.created_at', 'DESC')
      .addOrderBy('api.id', 'DESC')
      .skip((query.page - 1) * query.per_page)
      .take(query.per_page)
      .getManyAndCount();
    return {
      data: rows.map(toApiSummary),
      ...pageInfo(total, query),
    };
  }

  private async loadDetail(query: ApiDetailQuery) {
    const where = query.id !== undefined ? { id: query.id } : { name_en: query.name_en };
    const api = await this.apis.findOne({ where: { ...where, status: 1 } });
    if (!api) throw notFound('apis.not_found', 'API not found');
    return toApiDetail(api);
  }
}
