import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { QuotaPeriods } from '../../common/quota-period';
import type { FreeQuotaView } from '../../contracts/usage';
import { ApiEntry, FreeQuotaUse } from '../../database/entities';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';

/**
 * The caller's free quotas: every enabled paid API that gives free calls, with what the caller used
 * in the current period. A count is the ledger's row: a row of an earlier period counts nothing,
 * one a clock ahead already moved on counts as it stands (the ledger takes calls the same way).
 */
@Injectable()
export class FreeQuotaService {
  private readonly periods: QuotaPeriods;

  constructor(
    @InjectRepository(ApiEntry) private readonly apis: Repository<ApiEntry>,
    @InjectRepository(FreeQuotaUse) private readonly uses: Repository<FreeQuotaUse>,
    @Inject(ENV) env: Env,
  ) {
    this.periods = new QuotaPeriods(env.SITE_TIME_ZONE);
  }

  async quotas(userId: number, now = Date.now()): Promise<FreeQuotaView[]> {
    const apis = await this.apis
      .createQueryBuilder('api')
      .select(['api.id', 'api.name', 'api.name_en', 'api.title_en'])
      .addSelect(['api.free_quota_calls', 'api.free_quota_period'])
      .where('api.status = 1 AND api.is_paid = 1 AND api.free_quota_calls > 0')
      .orderBy('api.id', 'ASC')
      .getMany();
    if (apis.length === 0) return [];
    const rows = await this.uses.findBy({ user_id: userId });
    const used = new Map(rows.map((row) => [row.api_id, row]));
    return apis.map((api) => {
      const window = this.periods.at(now, api.free_quota_period);
      const row = used.get(api.id);
      const count = row && row.period >= window.key ? Number(row.used) : 0;
      const limit = api.free_quota_calls;
      return {
        api_id: api.id,
        name: api.name,
        name_en: api.name_en,
        title_en: api.title_en,
        limit,
        period: api.free_quota_period,
        used: Math.min(count, limit),
        remaining: Math.max(0, limit - count),
        resets_at: new Date(window.endsAt).toISOString(),
      };
    });
  }
}
