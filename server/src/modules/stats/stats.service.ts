import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { dayOf } from '../../common/quota-period';
import { ApiDailyStat, ApiEntry } from '../../database/entities';
import type { UsageSummary } from '../../contracts/site';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';

@Injectable()
export class StatsService {
  constructor(
    @InjectRepository(ApiEntry) private readonly apis: Repository<ApiEntry>,
    @InjectRepository(ApiDailyStat) private readonly daily: Repository<ApiDailyStat>,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async usageSummary(): Promise<UsageSummary> {
    const total = await this.apis
      .createQueryBuilder('api')
      .select('COALESCE(SUM(api.usage_count), 0)', 'calls')
      .getRawOne<{ calls: string | number }>();
    const today = await this.daily
      .createQueryBuilder('stat')
      .select('COALESCE(SUM(stat.calls), 0)', 'calls')
      // The daily counters' days are the site's (UsageRecorder).
      .where('stat.access_date = :today', { today: dayOf(Date.now(), this.env.SITE_TIME_ZONE) })
      .getRawOne<{ calls: string | number }>();
    return {
      total_global_calls: Number(total?.calls ?? 0),
      total_today_global_calls: Number(today?.calls ?? 0),
    };
  }
}
