import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository, SelectQueryBuilder } from 'typeorm';
import { badRequest, notFound } from '../../common/app-error';
import { ContentEvents } from '../../common/content-events';
import { ApiEntry, ApiHealth } from '../../database/entities';
import { ApiDetail, toApiDetail } from './dto/api.response';
import { ApiDetailQuery } from './dto/api-detail.query';
import { PublicListApisQuery } from './dto/public-list.query';
import { PreparedJson, ResponseCache } from '../../common/response-cache';
import { healthByApi } from '../api-health';
import { CatalogueSearch } from './catalogue-search';
import { CategoriesService } from './categories.service';
import { categoriesByApi, summariesOf } from './category-links';
import { pageInfo, pageSlice } from '../../common/paging';
import { CATALOGUE_SORTS } from '../../contracts/apis';
import type { ApiList, CatalogueSort } from '../../contracts/apis';
import type { Envelope } from '../../contracts/envelope';
import { CATEGORY_MESSAGES } from '../../contracts/categories';

export const PUBLIC_MAX_PER_PAGE = 100;
const CACHE_TTL_MS = 5000;
const CACHE_MAX_ENTRIES = 500;

/** The list's orders; every one ends in the id so pages never overlap. */
const ORDERS: Record<CatalogueSort | 'default', [string, 'ASC' | 'DESC'][]> = {
  default: [
    ['api.is_pinned', 'DESC'],
    ['api.created_at', 'DESC'],
    ['api.id', 'DESC'],
  ],
  popular: [
    ['api.usage_count', 'DESC'],
    ['api.id', 'DESC'],
  ],
  newest: [
    ['api.created_at', 'DESC'],
    ['api.id', 'DESC'],
  ],
  price: [
    ['api.price_per_call_milli', 'ASC'],
    ['api.id', 'DESC'],
  ],
  // Figures are null below the minimum of calls: those APIs come last, in either engine. A down
  // API's calls are quick to fail, not fast: it comes after every API that works.
  fastest: [
    [
      "CASE WHEN health.p50_7d_ms IS NULL THEN 2 WHEN health.state = 'down' THEN 1 ELSE 0 END",
      'ASC',
    ],
    ['health.p50_7d_ms', 'ASC'],
    ['api.id', 'DESC'],
  ],
  reliable: [
    ['CASE WHEN health.success_permille_7d IS NULL THEN 1 ELSE 0 END', 'ASC'],
    ['health.success_permille_7d', 'DESC'],
    ['health.p50_7d_ms', 'ASC'],
    ['api.id', 'DESC'],
  ],
};

/** The orders that read the APIs' health figures. */
const HEALTH_SORTS: ReadonlySet<string> = new Set(['fastest', 'reliable']);

interface ListRequest {
  page: number;
  per_page: number;
  is_paid?: 0 | 1;
  is_pinned?: 0 | 1;
  search: string;
  category?: string;
  sort?: CatalogueSort;
}

const isSort = (value: string): value is CatalogueSort =>
  (CATALOGUE_SORTS as readonly string[]).includes(value);

@Injectable()
export class CatalogueService implements OnModuleDestroy {
  private readonly lists = new ResponseCache<PreparedJson>(CACHE_TTL_MS, CACHE_MAX_ENTRIES);
  private readonly details = new ResponseCache<ApiDetail>(CACHE_TTL_MS, CACHE_MAX_ENTRIES);
  private readonly unsubscribe: () => void;

  constructor(
    @InjectRepository(ApiEntry) private readonly apis: Repository<ApiEntry>,
    private readonly search: CatalogueSearch,
    private readonly categories: CategoriesService,
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
   * The public list answer (enabled APIs, pinned first then newest, or in `sort`'s order, or
   * best match first for a search), serialised once per query and content version: the bytes
   * are what every visitor gets until an admin write (here or, through the catalogue version, on
   * another instance) or the counters' lifetime drops them.
   */
  async publicList(query: PublicListApisQuery): Promise<PreparedJson> {
    const sort = typeof query.sort === 'string' ? query.sort.trim() || undefined : query.sort;
    if (sort !== undefined && (typeof sort !== 'string' || !isSort(sort))) {
      throw badRequest('apis.invalid_sort', `sort must be one of: ${CATALOGUE_SORTS.join(', ')}`);
    }
    if (query.category !== undefined && typeof query.category !== 'string') {
      throw badRequest('apis.unknown_category', CATEGORY_MESSAGES.unknown);
    }
    const request: ListRequest = {
      page: query.page,
      per_page: Math.min(query.per_page, PUBLIC_MAX_PER_PAGE),
      is_paid: query.is_paid,
      is_pinned: query.is_pinned,
      search: query.search?.trim().toLowerCase() ?? '',
      category: query.category?.trim().toLowerCase() || undefined,
      sort,
    };
    // Another instance's edit is noticed within a second; a search waits for that check, a
    // plain list (the hot path) is served from its bytes meanwhile.
    const check = this.search.refresh();
    if (check && request.search) await check;
    return this.lists.get(JSON.stringify(request), async () => {
      const page = await this.loadList(request);
      return new PreparedJson({ success: true, message: 'ok', ...page });
    });
  }

  /**
   * One API by id or English name. A disabled API keeps its documentation (its `status` says 0;
   * the page says it is temporarily unavailable and the gateway refuses its calls): an admin
   * switching it off for a while does not turn its address into a 404.
   */
  detail(query: ApiDetailQuery): Promise<ApiDetail> {
    if (query.id === undefined && query.name_en === undefined) {
      throw badRequest('apis.ref_missing', 'API ID or English name not provided');
    }
    const key = query.id !== undefined ? `id:${query.id}` : `en:${query.name_en}`;
    return this.details.get(key, () => this.loadDetail(query));
  }

  private async loadList(query: ListRequest): Promise<Omit<ApiList, keyof Envelope>> {
    const category = query.category ? await this.categories.bySlug(query.category) : undefined;
    const { skip, take } = pageSlice(query);
    let rows: ApiEntry[];
    let total: number;
    if (query.search) {
      const ids = await this.search.search(query.search, {
        is_paid: query.is_paid,
        is_pinned: query.is_pinned,
        category: category?.slug,
      });
      total = ids.length;
      if (query.sort) {
        rows =
          ids.length === 0
            ? []
            : await this.ordered(
                this.enabled().andWhere('api.id IN (:...ids)', { ids }),
                query.sort,
              )
                .offset(skip)
                .limit(take)
                .getMany();
      } else {
        // Best match first: the page's ids in the search's order.
        const pageIds = ids.slice(skip, skip + take);
        const found = pageIds.length
          ? await this.apis.find({ where: { id: In(pageIds), status: 1 } })
          : [];
        const byId = new Map(found.map((api) => [api.id, api]));
        rows = pageIds.flatMap((id) => byId.get(id) ?? []);
      }
    } else {
      const qb = this.enabled();
      if (query.is_paid !== undefined) qb.andWhere('api.is_paid = :paid', { paid: query.is_paid });
      if (query.is_pinned !== undefined)
        qb.andWhere('api.is_pinned = :pinned', { pinned: query.is_pinned });
      if (category) {
        qb.andWhere(
          'api.id IN (SELECT link.api_id FROM api_categories link WHERE link.category_id = :category)',
          { category: category.id },
        );
      }
      [rows, total] = await this.ordered(qb, query.sort).offset(skip).limit(take).getManyAndCount();
    }
    return {
      data: await summariesOf(this.apis.manager, rows),
      ...pageInfo(total, query),
    };
  }

  private enabled(): SelectQueryBuilder<ApiEntry> {
    return this.apis.createQueryBuilder('api').where('api.status = 1');
  }

  /**
   * The query in `sort`'s order. Pages are cut with OFFSET/LIMIT: the health join is one row per
   * API at most, so TypeORM's distinct-ids query for joined pages is not needed.
   */
  private ordered(qb: SelectQueryBuilder<ApiEntry>, sort: CatalogueSort | undefined) {
    if (sort && HEALTH_SORTS.has(sort)) {
      qb.leftJoin(ApiHealth, 'health', 'health.api_id = api.id');
    }
    const [[first, direction], ...rest] = ORDERS[sort ?? 'default'];
    qb.orderBy(first, direction);
    for (const [column, then] of rest) qb.addOrderBy(column, then);
    return qb;
  }

  private async loadDetail(query: ApiDetailQuery) {
    const where = query.id !== undefined ? { id: query.id } : { name_en: query.name_en };
    const api = await this.apis.findOne({ where });
    if (!api) throw notFound('apis.not_found', 'API not found');
    const [categories, health] = await Promise.all([
      categoriesByApi(this.apis.manager, [api.id]),
      healthByApi(this.apis.manager, [api.id]),
    ]);
    return toApiDetail(
      api,
      (categories.get(api.id) ?? []).map((linked) => linked.slug),
      health.get(api.id) ?? null,
    );
  }
}
