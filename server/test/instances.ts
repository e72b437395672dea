import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { TEST_ADMIN, TEST_REDIS_URL } from './harness';

/** The built server, as the multi-process suites (cluster, topology, Galera) run it. */
export const MAIN = resolve(__dirname, '../dist/main.js');

export interface Instance {
  url: string;
  port: number;
  process: ChildProcess;
  /** The instance's log lines at warning level and above. */
  warnings: string[];
  dataDir: string;
}

/**
 * The built server in production mode, on a port of its own choosing read back from its start-up
 * line: a port picked here and handed over could be taken by another suite's server in between,
 * and the test would then talk to that server instead. `vars` add to or replace the environment.
 */
export async function startInstance(
  databaseUrl: string,
  vars: Record<string, string> = {},
): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-instance-'));
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_SECRET: 'instance-test-secret-instance-test-secret',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      REDIS_URL: TEST_REDIS_URL!,
      SEED_DEMO: 'true',
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      // Instances started together on a fresh database migrate it under the start-up lock, as
      // before `npm run migrate` existed (production on MySQL otherwise refuses a pending one).
      MIGRATE_ON_START: 'true',
      ...vars,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const warnings: string[] = [];
  const lines = createInterface({ input: child.stdout });
  lines.on('line', (line) => {
    if (/"level":(40|50|60)/.test(line)) warnings.push(line);
  });
  // A child that never says where it listens is killed here: no caller would know to stop it.
  const port = await new Promise<number>((done, fail) => {
    lines.on('line', (line) => {
      const match = /Portico is running at http:\/\/localhost:(\d+)\//.exec(line);
      if (match) done(Number(match[1]));
    });
    child.once('exit', (code) => fail(new Error(`instance exited with ${code}`)));
    setTimeout(() => fail(new Error('instance did not start within 60 s')), 60_000).unref();
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  const url = `http://127.0.0.1:${port}`;
  if (!(await fetch(`${url}/readyz`)).ok) throw new Error('instance is not ready');
  return { url, port, process: child, warnings, dataDir };
}

/** SIGTERM, as `docker stop` sends; SIGKILL if it has not drained within `graceMs`. */
export async function stopInstance(instance: Instance, graceMs = 15_000): Promise<void> {
  const child = instance.process;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, graceMs).unref())]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  rmSync(instance.dataDir, { recursive: true, force: true });
}
