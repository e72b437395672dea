/** What other features may take from billing/ (the layer rules allow no deeper import). */
export { BillingModule } from './billing.module';
export { extractKey } from './gateway.service';
export { UsageRecorder } from './usage-recorder';
