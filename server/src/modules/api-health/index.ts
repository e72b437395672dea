/** What other features may take from api-health/ (the layer rules allow no deeper import). */
export { ApiHealthModule } from './api-health.module';
export { HealthMonitor } from './health-monitor';
export { HealthRecorder } from './health-recorder';
export { healthByApi } from './health-figures';
