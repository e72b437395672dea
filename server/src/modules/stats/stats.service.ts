import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ApiDailyStat, ApiEntry } from '../../database/entities';
import type { UsageSummary } from '../../contracts/site';

/** Today's date as the daily counters store it: the UTC calendar day. */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

@Injectable()
export class StatsService {
  constructor(
    @InjectRepository(ApiEntry) private readonly apis: Repository<ApiEntry>,
    @InjectRepository(ApiDailyStat) private readonly daily: Repository<ApiDailyStat>,
  ) {}

  async usageSummary(): Promise<UsageSummary> {
    const total = await this.apis
      .createQueryBuilder('api')
      .select('COALESCE(SUM(api.usage_count), 0)', 'calls')
      .getRawOne<{ calls: string | number }>();
    const today = await this.daily
      .createQueryBuilder('stat')
      .select('COALESCE(SUM(stat.calls), 0)', 'calls')
      .where('stat.access_date = :today', { today: utcToday() })
      .getRawOne<{ calls: string | number }>();
    return {
      total_global_calls: Number(total?.calls ?? 0),
      total_today_global_calls: Number(today?.calls ?? 0),
    };
  }
}
