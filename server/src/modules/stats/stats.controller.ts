import { Controller } from '@nestjs/common';
import { StatsService } from './stats.service';
import { Serves } from '../../common/serves';

@Controller()
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Serves('GET api/get_usage_stats.php')
  async usage() {
    const summary = await this.stats.usageSummary();
    // SPEC.md §7 names the payload `summary`, DESIGN.md §4 `data`: both carry it.
    return { success: true, message: 'ok', data: summary, summary };
  }
}
