import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { TEST_ADMIN, TEST_REDIS_URL } from '../harness';

export const MAIN = resolve(__dirname, '../../dist/main.js');
export const CLIENT_DIST = resolve(__dirname, '../../../client/dist');
export const METRICS_TOKEN = 'topology-metrics-token-0123456789';

export interface Instance {
  port: number;
  process: ChildProcess;
}

/**
 * The built server as the container runs it (production, behind a proxy it trusts), on a port of
 * its own choosing read back from its start-up line: a port picked here could be taken by another
 * suite's server before the instance binds it.
 */
export async function startInstance(databaseUrl: string): Promise<Instance> {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_SECRET: 'topology-test-secret-topology-test-secret',
      PORT: '0',
      HOST: '127.0.0.1',
      TRUST_PROXY: 'true',
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'portico-topology-')),
      CLIENT_DIST,
      REDIS_URL: TEST_REDIS_URL!,
      SEED_DEMO: 'true',
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      METRICS_TOKEN,
      // Free-call log rows are written in batches; the client-IP check waits for one.
      GATEWAY_FLUSH_MS: '100',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // A child that never says where it listens is killed here: no caller would know to stop it.
  const port = await new Promise<number>((done, fail) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const match = /http:\/\/localhost:(\d+)\//.exec(line);
      if (match) done(Number(match[1]));
    });
    child.once('exit', (code) => fail(new Error(`instance exited with ${code}`)));
    setTimeout(() => fail(new Error('instance did not start within 30 s')), 30_000).unref();
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  child.stdout.resume();
  return { port, process: child };
}

/** SIGTERM, as `docker stop` sends; SIGKILL if it has not drained within `graceMs`. */
export async function stopInstance(instance: Instance, graceMs = 15_000): Promise<void> {
  const child = instance.process;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((done) => setTimeout(done, graceMs).unref())]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
