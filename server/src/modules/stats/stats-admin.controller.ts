import { Controller, Query, UseGuards } from '@nestjs/common';
import { AdminGuard } from '../sessions';
import { DailyStatsQuery } from './dto/stats-admin.dto';
import { StatsAdminService } from './stats-admin.service';
import { Serves } from '../../common/serves';

@Controller()
@UseGuards(AdminGuard)
export class StatsAdminController {
  constructor(private readonly stats: StatsAdminService) {}

  /** SPEC.md §7 reads the dashboard keys at the top level, DESIGN.md §4 under data: both. */
  @Serves('GET api/admin/get_dashboard_stats.php')
  async dashboard() {
    const data = await this.stats.dashboard();
    const { total_stats, top_apis, all_api_total_calls, daily_calls_per_api, site_start_time } =
      data;
    return {
      success: true,
      message: 'ok',
      data,
      total_stats,
      top_apis,
      all_api_total_calls,
      daily_calls_per_api,
      site_start_time,
    };
  }

  /** With ?id= one API's daily history; otherwise a page of per-API totals. */
  @Serves('GET api/admin/get_api_daily_stats.php')
  async daily(@Query() query: DailyStatsQuery) {
    const data =
      query.id !== undefined ? await this.stats.detail(query.id) : await this.stats.list(query);
    return { success: true, message: 'ok', data };
  }
}
