import { Module } from '@nestjs/common';
import { ApiHealthModule } from '../api-health';
import { GatewayModule } from '../gateway';
import { ClockWatch } from './clock-watch';
import { GracefulShutdown } from './graceful-shutdown';
import { HttpMetrics } from './http-metrics';
import { LogPartitions } from './log-partitions';
import { LogRetention } from './log-retention';
import { MetricsController } from './metrics.controller';

@Module({
  imports: [GatewayModule, ApiHealthModule],
  controllers: [MetricsController],
  providers: [ClockWatch, GracefulShutdown, HttpMetrics, LogPartitions, LogRetention],
})
export class OpsModule {}
