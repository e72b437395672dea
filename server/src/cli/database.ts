import { DataSource } from 'typeorm';
import { buildDataSourceOptions, detectDatabaseKind } from '../database/data-source-options';
import { dbTimeouts } from '../database/database.module';
import { ensureMysqlDatabase } from '../database/ensure-database';
import type { Env } from '../env/env';

const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The database of DATABASE_URL for a command, opened (a MySQL database that does not exist is
 * created first when the account may); `work` runs with it and it is closed afterwards. Its
 * statements have no time limit: a migration may rewrite a large table, which the server's
 * DB_QUERY_TIMEOUT_MS (a few seconds, for calls) would cut short.
 */
export async function withDatabase<T>(
  env: Env,
  work: (dataSource: DataSource) => Promise<T>,
): Promise<T> {
  await ensureMysqlDatabase(env.DATABASE_URL, CONNECT_TIMEOUT_MS);
  const kind = await detectDatabaseKind(env.DATABASE_URL);
  const dataSource = new DataSource(
    buildDataSourceOptions(env.DATABASE_URL, kind, { ...dbTimeouts(env), queryMs: 0 }),
  );
  await dataSource.initialize();
  try {
    return await work(dataSource);
  } finally {
    await dataSource.destroy();
  }
}
