import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { MetricsService } from '../../common/metrics';
import { MetricsGuard } from './metrics.guard';

@Controller()
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  /** Prometheus scrape endpoint: a bearer token, or a direct connection from this machine. */
  @Get('metrics')
  @UseGuards(MetricsGuard)
  @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
  render(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}
