import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { badRequest, conflict, notFound } from '../../common/app-error';
import { ContentEvents } from '../../common/content-events';
import { parseYuan } from '../../common/money';
import { ApiDailyStat, ApiEntry } from '../../database/entities';
import { isUniqueViolation } from '../../database/transactions';
import { toAdminApi } from './dto/admin-api.response';
import {
  normalizeRequestParams,
  normalizeResponseParams,
  normalizeStatusCodes,
} from './dto/list-fields';
import { SaveApiDto, UpdateApiDto } from './dto/save-api.dto';
import { API_MESSAGES } from '../../contracts/apis';

const DUPLICATE_NAME = 'an API with this English name already exists';

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
  ) {}

  async get(id: number) {
    return toAdminApi(await this.find(id));
  }

  async create(dto: SaveApiDto) {
    const values = this.toColumns(dto);
    await this.assertNameFree(dto.name_en);
    const api = await this.save(this.apis.create(values));
    this.events.changed('apis');
    return toAdminApi(api);
  }

  async update(dto: UpdateApiDto) {
    const api = await this.find(dto.id);
    const values = this.toColumns(dto);
    await this.assertNameFree(dto.name_en, api.id);
    const saved = await this.save(this.apis.merge(api, values));
    this.events.changed('apis');
    return toAdminApi(saved);
  }

  async remove(id: number) {
    const api = await this.find(id);
    await this.apis.manager.transaction(async (manager) => {
      await manager.delete(ApiDailyStat, { api_id: api.id });
      await manager.delete(ApiEntry, { id: api.id });
    });
    this.events.changed('apis');
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
    if ((await qb.getCount()) > 0) throw conflict('apis.name_taken', DUPLICATE_NAME);
  }

  private async save(api: ApiEntry) {
    try {
      return await this.apis.save(api);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('apis.name_taken', DUPLICATE_NAME);
      throw error;
    }
  }

  private toColumns(dto: SaveApiDto): Partial<ApiEntry> {
    const isPaid = dto.is_paid ?? 0;
    const price = priceMilli(dto.price_per_call ?? '0');
    // Only a paid API charges its price; a free one keeps a valid price for when it turns paid.
    if (isPaid === 1 && price === null) throw badRequest('apis.invalid_price', API_MESSAGES.price);
    return {
      name: dto.name,
      name_en: dto.name_en,
      endpoint: dto.endpoint,
      description: dto.description ?? '',
      description_en: dto.description_en ?? '',
      example_url: dto.example_url ?? '',
      response_format: dto.response_format || 'application/json',
      request_method: dto.request_method ?? 'GET',
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
    };
  }
}
