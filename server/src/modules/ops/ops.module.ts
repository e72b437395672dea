import { Module } from '@nestjs/common';
import { BillingModule } from '../billing';
import { GracefulShutdown } from './graceful-shutdown';
import { HttpMetrics } from './http-metrics';
import { LogRetention } from './log-retention';
import { MetricsController } from './metrics.controller';

@Module({
  imports: [BillingModule],
  controllers: [MetricsController],
  providers: [GracefulShutdown, HttpMetrics, LogRetention],
})
export class OpsModule {}
