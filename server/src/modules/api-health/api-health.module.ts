import { Module } from '@nestjs/common';
import { AlertsModule } from '../alerts';
import { HealthMonitor } from './health-monitor';
import { HealthRecorder } from './health-recorder';
import { HealthStore } from './health-store';

/** APIs' health from their real calls: counted by the gateway, worked out for the catalogue. */
@Module({
  imports: [AlertsModule],
  providers: [HealthStore, HealthRecorder, HealthMonitor],
  exports: [HealthRecorder, HealthMonitor],
})
export class ApiHealthModule {}
