import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { AdminGuard } from '../auth/auth.guards';
import { DailyStatsQuery } from './dto/stats-admin.dto';
import { StatsAdminService } from './stats-admin.service';

@Controller('api/admin')
@UseGuards(AdminGuard)
export class StatsAdminController {
  constructor(private readonly stats: StatsAdminService) {}

  @Get('get_dashboard_stats.php')
  async dashboard() {
    return { success: true, message: 'ok', data: await this.stats.dashboard() };
  }

  /** With ?id= one API's daily history; otherwise a page of per-API totals. */
  @Get('get_api_daily_stats.php')
  async daily(@Query() query: DailyStatsQuery) {
    const data =
      query.id !== undefined ? await this.stats.detail(query.id) : await this.stats.list(query);
    return { success: true, message: 'ok', data };
  }
}
