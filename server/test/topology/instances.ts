import { resolve } from 'node:path';
import { startInstance as startApp } from '../instances';

export { MAIN } from '../instances';
export const CLIENT_DIST = resolve(__dirname, '../../../client/dist');
export const METRICS_TOKEN = 'topology-metrics-token-0123456789';

export type { Instance } from '../instances';
export { stopInstance } from '../instances';

/** The built server as the container runs it: production, trusting the one proxy in front. */
export const startInstance = (databaseUrl: string) =>
  startApp(databaseUrl, {
    TRUST_PROXY: '1',
    CLIENT_DIST,
    METRICS_TOKEN,
    // Free-call log rows are written in batches; the client-IP check waits for one.
    GATEWAY_FLUSH_MS: '100',
  });
