import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import * as mysql2 from 'mysql2';
import { createConnection } from 'mysql2/promise';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import type { DataSourceOptions } from 'typeorm';
import { declareLongText } from './columns';
import { DEFAULT_DB_TIMEOUTS, isDatabaseUnavailable, withTimeouts } from './db-timeouts';
import type { DbTimeouts } from './db-timeouts';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { failoverMysql2, mysqlHosts } from './mysql-hosts';

export type DatabaseKind = 'sqlite' | 'mysql' | 'mariadb';

const MYSQL_URL = /^(mysql|mariadb):\/\//;

/** The kind a URL names: `mariadb://` is MySQL's protocol spoken to MariaDB. */
export function databaseKind(url: string): DatabaseKind {
  if (url.startsWith('mariadb://')) return 'mariadb';
  return url.startsWith('mysql://') ? 'mysql' : 'sqlite';
}

/**
 * For a mysql:// URL, asks the server whether it is really MariaDB (TypeORM reads schemas
 * differently): the first of its hosts that answers.
 */
export async function detectDatabaseKind(
  url: string,
  connectTimeout = DEFAULT_DB_TIMEOUTS.connectMs,
): Promise<DatabaseKind> {
  const kind = databaseKind(url);
  if (kind !== 'mysql') return kind;
  const { hosts, urlFor } = mysqlHosts(url);
  for (let i = 0; ; i += 1) {
    try {
      return await askKind(urlFor(i), connectTimeout);
    } catch (error) {
      if (i === hosts.length - 1) throw error;
    }
  }
}

const FIRST_PAUSE_MS = 500;
const LONGEST_PAUSE_MS = 10_000;

/**
 * Runs `attempt` until it succeeds or `giveUpMs` has passed (0: never gives up), pausing between
 * tries from half a second, doubling up to ten: an instance started while its database is down (or
 * still starting) waits for it instead of exiting. Only an unreachable database is waited for (a
 * wrong password or a missing database fails at once). `onRetry` hears each failure and the pause.
 */
export async function retryDatabase<T>(
  attempt: () => Promise<T>,
  giveUpMs: number,
  onRetry: (error: unknown, pauseMs: number) => void,
): Promise<T> {
  const started = Date.now();
  for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
    try {
      return await attempt();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      if (giveUpMs > 0 && Date.now() - started + pause > giveUpMs) throw error;
      onRetry(error, pause);
      await sleep(pause);
    }
  }
}

async function askKind(url: string, connectTimeout: number): Promise<DatabaseKind> {
  const connection = await createConnection({ uri: url, connectTimeout });
  try {
    const [rows] = await connection.query('SELECT VERSION() AS version');
    const version = String((rows as { version: string }[])[0]?.version ?? '');
    return /mariadb/i.test(version) ? 'mariadb' : 'mysql';
  } finally {
    await connection.end();
  }
}

/** A database that cannot be opened, said in terms an operator can act on. */
export class DatabaseOpenError extends Error {}

const SQLITE_FAULTS: Record<string, string> = {
  SQLITE_NOTADB: 'is not a database',
  SQLITE_CORRUPT: 'is corrupt',
};

/**
 * Opens and initialises the DataSource. An SQLite file that fails to open is named in the error:
 * the driver's own message ("file is not a database") does not say which file.
 */
export async function openDataSource(options: DataSourceOptions): Promise<DataSource> {
  try {
    const dataSource = await new DataSource(options).initialize();
    declareLongText(dataSource);
    return dataSource;
  } catch (error) {
    if (options.type !== 'better-sqlite3') throw error;
    // Read as plain fields: under Jest the driver's errors can come from another realm's Error.
    const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
    const fault = SQLITE_FAULTS[String(code)] ?? 'could not be opened';
    const reason = typeof message === 'string' ? message : String(error);
    throw new DatabaseOpenError(`the SQLite database at ${options.database} ${fault} (${reason})`, {
      cause: error,
    });
  }
}

/** The one place DataSource options are built: the app, the tests and the TypeORM CLI share it. */
export function buildDataSourceOptions(
  url: string,
  kind = databaseKind(url),
  timeouts: DbTimeouts = DEFAULT_DB_TIMEOUTS,
): DataSourceOptions {
  const common = {
    entities: ENTITIES,
    migrations: MIGRATIONS,
    synchronize: false,
    migrationsRun: false,
    logging: false,
  } as const;
  if (kind !== 'sqlite') {
    const { hosts, urlFor } = mysqlHosts(url.replace(MYSQL_URL, 'mysql://'));
    const driver = hosts.length > 1 ? (failoverMysql2(hosts) as typeof mysql2) : mysql2;
    return {
      ...common,
      type: kind,
      // Several hosts (a Galera cluster): TypeORM reads the login from the first one's URL, and
      // each new connection goes to a host that is up. Every pool built from these options (the
      // ledger's too) waits for a connection and a statement in bounded time.
      url: urlFor(0),
      driver: withTimeouts(driver, timeouts),
      connectTimeout: timeouts.connectMs || undefined,
      charset: 'utf8mb4_unicode_ci',
      timezone: 'Z',
      // A DATE is a calendar day, not a moment: read as a Date it would move with the server's
      // time zone (a day early west of UTC).
      dateStrings: ['DATE'],
      supportBigNumbers: true,
      bigNumberStrings: true,
      extra: { connectionLimit: 20, enableKeepAlive: true },
    };
  }
  const file = url.slice('sqlite:'.length);
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  return {
    ...common,
    type: 'better-sqlite3',
    database: file,
    enableWAL: true,
    prepareDatabase: (db: { pragma(sql: string): unknown }) => {
      db.pragma(`busy_timeout = ${timeouts.busyMs}`);
      db.pragma('synchronous = NORMAL');
    },
  };
}
