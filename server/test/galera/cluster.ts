import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createConnection } from 'mysql2/promise';
import type { RowDataPacket } from 'mysql2/promise';
import { MAIN, startInstance as startApp } from '../instances';

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

export type { Instance } from '../instances';
export { stopInstance } from '../instances';

/** An app instance for the suite: its own secret, and limits out of the way of the load it makes. */
export const startInstance = (databaseUrl: string, vars: Record<string, string>) =>
  startApp(databaseUrl, {
    APP_SECRET,
    RATE_LIMIT_PER_KEY: '10000000',
    RATE_LIMIT_PER_IP: '10000000',
    REDEEM_ATTEMPTS_PER_USER_PER_MINUTE: '10000000',
    REDEEM_ATTEMPTS_PER_IP_PER_MINUTE: '10000000',
    ...vars,
  });

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
