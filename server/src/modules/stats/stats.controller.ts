import { Controller, Get } from '@nestjs/common';
import { StatsService } from './stats.service';

@Controller('api')
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Get('get_usage_stats.php')
  async usage() {
    return { success: true, message: 'ok', data: await this.stats.usageSummary() };
  }
}
