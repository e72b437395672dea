import { ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { createConnection } from 'mysql2/promise';
import type { RowDataPacket } from 'mysql2/promise';
import { TEST_ADMIN, TEST_REDIS_URL } from '../harness';

export const MAIN = resolve(__dirname, '../../dist/main.js');
const SCRIPT = resolve(__dirname, '../../../docker/galera/galera.sh');
export const GALERA_PROVIDER = '/usr/lib/galera/libgalera_smm.so';
/** Client ports of nodes 1-3, as the script assigns them. */
export const NODE_PORTS = [3311, 3312, 3313] as const;
export const APP_SECRET = 'galera-test-secret-galera-test-secret';

/** The loopback cluster of docker/galera/galera.sh, in a directory of its own. */
export class GaleraCluster {
  private base?: string;

  /** Made on first use: a skipped suite still builds its describe block. */
  get dir(): string {
    return (this.base ??= mkdtempSync(join(tmpdir(), 'portico-galera-')));
  }

  /** Runs one command of the script; its own timeouts bound it, this one is the backstop. */
  run(...args: string[]): Promise<string> {
    return new Promise((done, fail) => {
      execFile(
        'bash',
        [SCRIPT, '-d', this.dir, ...args],
        { timeout: 150_000 },
        (error, stdout, stderr) => {
          if (error) fail(new Error(`galera.sh ${args.join(' ')} failed:\n${stderr}${stdout}`));
          else done(`${stderr}${stdout}`);
        },
      );
    });
  }

  /** Stops every node and removes the data (three data directories are a few hundred MB). */
  async destroy(): Promise<void> {
    try {
      await this.run('stop');
    } finally {
      rmSync(this.dir, { recursive: true, force: true });
    }
  }

  /** A URL naming every node, `first` first (the node an instance prefers). */
  url(database: string, first: number): string {
    const order = [first, ...[1, 2, 3].filter((n) => n !== first)];
    return `mysql://root@${order.map((n) => `127.0.0.1:${NODE_PORTS[n - 1]}`).join(',')}/${database}`;
  }

  /** One query on one node, on a connection of its own. */
  async query<T extends RowDataPacket>(node: number, sql: string, values: unknown[] = []) {
    const conn = await createConnection({
      host: '127.0.0.1',
      port: NODE_PORTS[node - 1],
      user: 'root',
      supportBigNumbers: true,
      bigNumberStrings: true,
    });
    try {
      // A read that waits for every write-set committed anywhere before it.
      await conn.query('SET SESSION wsrep_sync_wait = 1');
      const [rows] = await conn.query<T[]>(sql, values);
      return rows;
    } finally {
      await conn.end();
    }
  }
}

export const galeraAvailable = () => existsSync(GALERA_PROVIDER) && existsSync(MAIN);

export interface Instance {
  url: string;
  process: ChildProcess;
  /** The instance's log lines at warning level and above. */
  warnings: string[];
  dataDir: string;
}

/** The built server in production mode, on a port of its own choosing read from its start-up line. */
export async function startInstance(
  databaseUrl: string,
  vars: Record<string, string>,
): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-galera-app-'));
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_SECRET,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      REDIS_URL: TEST_REDIS_URL!,
      SEED_DEMO: 'true',
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      RATE_LIMIT_PER_KEY: '10000000',
      RATE_LIMIT_PER_IP: '10000000',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      ...vars,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((done, fail) => {
    const lines = createInterface({ input: child.stdout });
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
  const warnings: string[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (/"level":(40|50|60)/.test(line)) warnings.push(line);
  });
  return { url: `http://127.0.0.1:${port}`, process: child, warnings, dataDir };
}

export async function stopInstance(instance: Instance): Promise<void> {
  const child = instance.process;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 15_000).unref())]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  rmSync(instance.dataDir, { recursive: true, force: true });
}

export interface CallResult {
  instance: number;
  started: number;
  ended: number;
  status: number;
}

/**
 * Paid calls from `workers` loops per instance until `until`, each loop one call at a time; a call
 * whose connection broke counts as status 0.
 */
export async function callLoad(
  call: (instance: number) => Promise<number>,
  instances: number[],
  workers: number,
  until: () => boolean,
): Promise<CallResult[]> {
  const results: CallResult[] = [];
  await Promise.all(
    instances.flatMap((instance) =>
      Array.from({ length: workers }, async () => {
        while (!until()) {
          const started = Date.now();
          const status = await call(instance).catch(() => 0);
          results.push({ instance, started, ended: Date.now(), status });
        }
      }),
    ),
  );
  return results;
}
