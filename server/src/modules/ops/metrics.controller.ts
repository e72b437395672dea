import { Controller, Get, Header } from '@nestjs/common';
import { MetricsService } from '../../common/metrics';

@Controller()
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  /** Prometheus scrape endpoint (keep it off the public internet; the nginx recipe does). */
  @Get('metrics')
  @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
  render(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}
