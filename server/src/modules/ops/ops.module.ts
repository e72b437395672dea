import { Module } from '@nestjs/common';
import { ApiHealthModule } from '../api-health';
import { GatewayModule } from '../gateway';
import { GracefulShutdown } from './graceful-shutdown';
import { HttpMetrics } from './http-metrics';
import { LogRetention } from './log-retention';
import { MetricsController } from './metrics.controller';

@Module({
  imports: [GatewayModule, ApiHealthModule],
  controllers: [MetricsController],
  providers: [GracefulShutdown, HttpMetrics, LogRetention],
})
export class OpsModule {}
