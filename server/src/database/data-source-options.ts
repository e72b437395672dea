import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import type { DataSourceOptions } from 'typeorm';
import { declareLongText } from './columns';
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
export async function detectDatabaseKind(url: string): Promise<DatabaseKind> {
  const kind = databaseKind(url);
  if (kind !== 'mysql') return kind;
  const { hosts, urlFor } = mysqlHosts(url);
  for (let i = 0; ; i += 1) {
    try {
      return await askKind(urlFor(i));
    } catch (error) {
      if (i === hosts.length - 1) throw error;
    }
  }
}

async function askKind(url: string): Promise<DatabaseKind> {
  const connection = await createConnection({ uri: url, connectTimeout: 10_000 });
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
export function buildDataSourceOptions(url: string, kind = databaseKind(url)): DataSourceOptions {
  const common = {
    entities: ENTITIES,
    migrations: MIGRATIONS,
    synchronize: false,
    migrationsRun: false,
    logging: false,
  } as const;
  if (kind !== 'sqlite') {
    const { hosts, urlFor } = mysqlHosts(url.replace(MYSQL_URL, 'mysql://'));
    return {
      ...common,
      type: kind,
      // Several hosts (a Galera cluster): TypeORM reads the login from the first one's URL, and
      // each new connection goes to a host that is up.
      url: urlFor(0),
      ...(hosts.length > 1 ? { driver: failoverMysql2(hosts) } : {}),
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
      db.pragma('busy_timeout = 5000');
      db.pragma('synchronous = NORMAL');
    },
  };
}
