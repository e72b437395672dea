import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ApiEntry } from '../../database/entities';
import { toApiSummary } from './dto/api.response';
import { ListApisQuery } from './dto/list-apis.query';

export const PUBLIC_MAX_PER_PAGE = 100;

const escapeLike = (text: string) => text.replace(/[!%_]/g, (c) => `!${c}`);

@Injectable()
export class CatalogueService {
  constructor(@InjectRepository(ApiEntry) private readonly apis: Repository<ApiEntry>) {}

  /** Enabled APIs, pinned first then newest; `includeDisabled` is the admin view. */
  async list(query: ListApisQuery, includeDisabled = false) {
    const perPage = includeDisabled
      ? query.per_page
      : Math.min(query.per_page, PUBLIC_MAX_PER_PAGE);
    const qb = this.apis.createQueryBuilder('api');
    if (!includeDisabled) qb.andWhere('api.status = 1');
    if (query.is_paid !== undefined) qb.andWhere('api.is_paid = :paid', { paid: query.is_paid });
    if (query.is_pinned !== undefined)
      qb.andWhere('api.is_pinned = :pinned', { pinned: query.is_pinned });
    const search = query.search?.trim();
    if (search) {
      qb.andWhere(
        "(LOWER(api.name) LIKE :q ESCAPE '!' OR LOWER(api.name_en) LIKE :q ESCAPE '!' OR LOWER(api.description) LIKE :q ESCAPE '!')",
        { q: `%${escapeLike(search.toLowerCase())}%` },
      );
    }
    const [rows, total] = await qb
      .orderBy('api.is_pinned', 'DESC')
      .addOrderBy('api.id', 'DESC')
      .skip((query.page - 1) * perPage)
      .take(perPage)
      .getManyAndCount();
    return {
      data: rows.map(toApiSummary),
      total,
      total_pages: Math.ceil(total / perPage),
      current_page: query.page,
    };
  }
}
