/** What other features may take from keys/ (the layer rules allow no deeper import). */
export { ApiKeyService, hashApiKey } from './api-keys';
export { KeyCache } from './key-cache';
export type { GatewayKey } from './key-cache';
export { KeysModule } from './keys.module';
export { KeysService } from './keys.service';
export { inNetworks } from './networks';
