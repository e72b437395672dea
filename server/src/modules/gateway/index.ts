/** What other features may take from gateway/ (the layer rules allow no deeper import). */
export { GatewayModule } from './gateway.module';
export { extractKey } from './gateway.service';
export { UsageRecorder } from './usage-recorder';
export { GatewayService } from './gateway.service';
export type { ProbeAnswer, ProbeCall } from './gateway.service';
