import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { AppError, badRequest, conflict, notFound } from '../../common/app-error';
import { ContentEvents } from '../../common/content-events';
import { containsPattern } from '../../common/like';
import { parseYuan } from '../../common/money';
import { pageInfo, pageSlice } from '../../common/paging';
import { ApiDailyStat, ApiEntry, ApiProbe } from '../../database/entities';
import { isUniqueViolation, retriedTransaction } from '../../database/transactions';
import { AuditService } from '../audit';
import { BUILTIN_HANDLERS } from '../builtins';
import { CategoriesService } from './categories.service';
import { categoriesByApi, summariesOf } from './category-links';
import type { AuditActor, AuditChange } from '../audit';
import { toAdminApi } from './dto/admin-api.response';
import {
  normalizeRequestParams,
  normalizeResponseParams,
  normalizeStatusCodes,
} from './dto/list-fields';
import type { AdminApiListQuery, ApiFlagsDto } from './dto/admin-api-list.dto';
import { SaveApiDto, UpdateApiDto } from './dto/save-api.dto';
import { API_MESSAGES, takesBody } from '../../contracts/apis';
import type { AdminApiSort } from '../../contracts/apis';
import type { RequestParam } from '../../contracts/list-fields';

const DUPLICATE_NAME = 'an API with this English name already exists';
const UNSERVED =
  'an enabled API needs a built-in handler or an upstream URL: give it one, or save it disabled';

/** Whether the gateway could serve the API: a known built-in handler or an upstream URL. */
const servable = (api: Partial<Pick<ApiEntry, 'handler' | 'upstream_url'>>) =>
  Boolean((api.handler && BUILTIN_HANDLERS[api.handler]) || api.upstream_url);

/**
 * The publishing guard: an enabled API that nothing serves would answer every call with an error
 * and still be listed. Refused on the upstream URL's field, where the editor shows it.
 */
function assertServable(api: Partial<Pick<ApiEntry, 'status' | 'handler' | 'upstream_url'>>): void {
  if (api.status === 1 && !servable(api)) {
    throw new AppError('apis.not_servable', UNSERVED, 400, {}, 'upstream_url');
  }
}

/**
 * A form or multipart body needs a method that sends one, and a file parameter a multipart body
 * (there is no other way to upload it).
 */
function assertBodyFormat(
  api: Partial<Pick<ApiEntry, 'request_method' | 'request_format' | 'request_params'>>,
): void {
  const method = api.request_method ?? 'GET';
  if (!takesBody(method) && api.request_format !== 'application/json') {
    throw badRequest(
      'apis.format_without_body',
      `a ${method} API takes no body: its request format must be application/json`,
      'request_format',
    );
  }
  const params = JSON.parse(api.request_params ?? '[]') as RequestParam[];
  if (api.request_format !== 'multipart/form-data' && params.some((p) => p.type === 'file')) {
    throw badRequest(
      'apis.file_without_multipart',
      'a file parameter needs a POST or PUT API with the multipart/form-data request format',
      'request_params',
    );
  }
}

const SORTS: Record<AdminApiSort, [keyof ApiEntry, 'ASC' | 'DESC']> = {
  newest: ['created_at', 'DESC'],
  oldest: ['created_at', 'ASC'],
  calls: ['usage_count', 'DESC'],
  name: ['name_en', 'ASC'],
  price: ['price_per_call_milli', 'DESC'],
};

/** Parses the price: text or a JSON number, yuan with at most three decimals. */
function priceMilli(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? parseYuan(String(value)) : null;
  if (typeof value === 'string') return parseYuan(value);
  return null;
}

@Injectable()
export class ApisAdminService {
  constructor(
    @InjectRepository(ApiEntry) private readonly apis: Repository<ApiEntry>,
    private readonly events: ContentEvents,
    private readonly audit: AuditService,
    private readonly categories: CategoriesService,
  ) {}

  async get(id: number) {
    return this.adminView(await this.find(id));
  }

  /** Every API, disabled too, filtered, sorted and paged on the server. */
  async list(query: AdminApiListQuery) {
    const qb = this.apis.createQueryBuilder('api');
    const search = query.search?.trim().toLowerCase();
    if (search) {
      qb.andWhere(
        "(LOWER(api.name) LIKE :q ESCAPE '!' OR LOWER(api.name_en) LIKE :q ESCAPE '!' OR LOWER(api.endpoint) LIKE :q ESCAPE '!')",
        { q: containsPattern(search) },
      );
    }
    for (const flag of ['is_paid', 'is_pinned', 'status'] as const) {
      const value = query[flag];
      if (value !== undefined) qb.andWhere(`api.${flag} = :${flag}`, { [flag]: value });
    }
    const [column, direction] = SORTS[query.sort ?? 'newest'];
    const { skip, take } = pageSlice(query);
    const [rows, total] = await qb
      .orderBy(`api.${column}`, direction)
      .addOrderBy('api.id', direction)
      .skip(skip)
      .take(take)
      .getManyAndCount();
    return {
      data: await summariesOf(this.apis.manager, rows),
      ...pageInfo(total, query),
    };
  }

  async create(actor: AuditActor, dto: SaveApiDto) {
    const values = this.toColumns(dto);
    assertServable(values);
    assertBodyFormat({ request_format: 'application/json', ...values });
    await this.assertNameFree(dto.name_en);
    const categoryIds = await this.categories.assertExist(dto.category_ids ?? []);
    const api = await this.save(actor, this.apis.create(values), categoryIds, (saved) => ({
      action: 'create',
      target_type: 'api',
      target_id: saved.id,
      after: saved,
    }));
    await this.events.changed('apis');
    return this.adminView(api);
  }

  async update(actor: AuditActor, dto: UpdateApiDto) {
    const api = await this.find(dto.id);
    const before = { ...api };
    const values = this.toColumns(dto);
    assertServable(values);
    assertBodyFormat({ ...api, ...values });
    await this.assertNameFree(dto.name_en, api.id);
    const categoryIds =
      dto.category_ids === undefined
        ? undefined
        : await this.categories.assertExist(dto.category_ids);
    const saved = await this.save(actor, this.apis.merge(api, values), categoryIds, (after) => ({
      action: 'update',
      target_type: 'api',
      target_id: api.id,
      before,
      after,
    }));
    await this.events.changed('apis');
    return this.adminView(saved);
  }

  /** Switches status and/or pinning of one or many APIs (the list's toggles and bulk actions). */
  async setFlags(actor: AuditActor, dto: ApiFlagsDto) {
    const changes = {
      ...(dto.status !== undefined && { status: dto.status }),
      ...(dto.is_pinned !== undefined && { is_pinned: dto.is_pinned }),
    };
    const rows = await this.findAll(dto.ids);
    const unserved = dto.status === 1 ? rows.filter((row) => !servable(row)) : [];
    if (unserved.length) {
      throw badRequest(
        'apis.not_servable',
        `nothing serves ${unserved.map((row) => row.name_en).join(', ')}: an enabled API needs a built-in handler or an upstream URL`,
      );
    }
    await retriedTransaction(this.apis.manager, async (manager) => {
      await manager.update(ApiEntry, { id: In(dto.ids) }, changes);
      for (const row of rows) {
        const before = { status: row.status, is_pinned: row.is_pinned };
        await this.audit.record(
          actor,
          {
            action: 'update',
            target_type: 'api',
            target_id: row.id,
            before,
            after: { ...before, ...changes },
          },
          manager,
        );
      }
    });
    await this.events.changed('apis');
    return rows.length;
  }

  async remove(actor: AuditActor, ids: number[]) {
    const rows = await this.findAll(ids);
    await retriedTransaction(this.apis.manager, async (manager) => {
      await manager.delete(ApiDailyStat, { api_id: In(ids) });
      await manager.delete(ApiProbe, { api_id: In(ids) });
      await manager.delete(ApiEntry, { id: In(ids) });
      for (const row of rows) {
        await this.audit.record(
          actor,
          { action: 'delete', target_type: 'api', target_id: row.id, before: row },
          manager,
        );
      }
    });
    await this.events.changed('apis');
    return rows.length;
  }

  /** All of the ids, or a 404 naming none of them partly done. */
  private async findAll(ids: number[]) {
    const rows = await this.apis.find({ where: { id: In(ids) } });
    if (rows.length !== new Set(ids).size) throw notFound('apis.not_found', 'API not found');
    return rows;
  }

  private async find(id: number) {
    const api = await this.apis.findOne({ where: { id } });
    if (!api) throw notFound('apis.not_found', 'API not found');
    return api;
  }

  /** English names are unique regardless of case (SQLite compares case-sensitively, MySQL not). */
  private async assertNameFree(nameEn: string, exceptId?: number) {
    const qb = this.apis
      .createQueryBuilder('api')
      .where('LOWER(api.name_en) = :name', { name: nameEn.toLowerCase() });
    if (exceptId !== undefined) qb.andWhere('api.id <> :id', { id: exceptId });
    if ((await qb.getCount()) > 0) throw conflict('apis.name_taken', DUPLICATE_NAME, 'name_en');
  }

  private async adminView(api: ApiEntry) {
    const categories = await categoriesByApi(this.apis.manager, [api.id]);
    return toAdminApi(api, categories.get(api.id) ?? []);
  }

  /** Saves the API, replaces its categories when given, and records `change`, in one transaction. */
  private async save(
    actor: AuditActor,
    api: ApiEntry,
    categoryIds: number[] | undefined,
    change: (saved: ApiEntry) => AuditChange,
  ) {
    try {
      return await retriedTransaction(this.apis.manager, async (manager) => {
        const saved = await manager.save(api);
        if (categoryIds) await this.categories.setLinks(manager, saved.id, categoryIds);
        await this.audit.record(actor, change(saved), manager);
        return saved;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('apis.name_taken', DUPLICATE_NAME, 'name_en');
      throw error;
    }
  }

  private toColumns(dto: SaveApiDto): Partial<ApiEntry> {
    const isPaid = dto.is_paid ?? 0;
    const price = priceMilli(dto.price_per_call ?? '0');
    // Only a paid API charges its price; a free one keeps a valid price for when it turns paid.
    if (isPaid === 1 && price === null) {
      throw badRequest('apis.invalid_price', API_MESSAGES.price, 'price_per_call');
    }
    return {
      name: dto.name,
      name_en: dto.name_en,
      title_en: dto.title_en ?? '',
      endpoint: dto.endpoint,
      description: dto.description ?? '',
      description_en: dto.description_en ?? '',
      example_url: dto.example_url ?? '',
      response_format: dto.response_format || 'application/json',
      request_method: dto.request_method ?? 'GET',
      ...(dto.request_format !== undefined && { request_format: dto.request_format }),
      request_params: normalizeRequestParams(dto.request_params),
      response_params: normalizeResponseParams(dto.response_params),
      status_codes: normalizeStatusCodes(dto.status_codes),
      php_example: dto.php_example ?? '',
      response_example: dto.response_example ?? '',
      status: dto.status ?? 1,
      is_paid: isPaid,
      is_pinned: dto.is_pinned ?? 0,
      price_per_call_milli: price ?? 0,
      handler: dto.handler || null,
      upstream_url: dto.upstream_url || null,
      ...(dto.upstream_timeout_ms !== undefined && {
        upstream_timeout_ms: dto.upstream_timeout_ms,
      }),
      ...(dto.free_quota_calls !== undefined && { free_quota_calls: dto.free_quota_calls }),
      ...(dto.free_quota_period !== undefined && { free_quota_period: dto.free_quota_period }),
    };
  }
}
