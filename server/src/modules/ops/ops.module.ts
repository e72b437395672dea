import { Module } from '@nestjs/common';
import { ApiHealthModule } from '../api-health';
import { GatewayModule } from '../gateway';
import { ClockWatch } from './clock-watch';
import { GracefulShutdown } from './graceful-shutdown';
import { HttpMetrics } from './http-metrics';
import { LogRetention } from './log-retention';
import { MetricsController } from './metrics.controller';

@Module({
  imports: [GatewayModule, ApiHealthModule],
  controllers: [MetricsController],
  providers: [ClockWatch, GracefulShutdown, HttpMetrics, LogRetention],
})
export class OpsModule {}
