import { DataSource } from 'typeorm';
import { buildDataSourceOptions, detectDatabaseKind } from '../database/data-source-options';
import { ensureMysqlDatabase } from '../database/ensure-database';
import type { Env } from '../env/env';

const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The database of DATABASE_URL for a command, opened (a MySQL database that does not exist is
 * created first when the account may); `work` runs with it and it is closed afterwards.
 */
export async function withDatabase<T>(
  env: Env,
  work: (dataSource: DataSource) => Promise<T>,
): Promise<T> {
  await ensureMysqlDatabase(env.DATABASE_URL, CONNECT_TIMEOUT_MS);
  const dataSource = new DataSource(
    buildDataSourceOptions(env.DATABASE_URL, await detectDatabaseKind(env.DATABASE_URL)),
  );
  await dataSource.initialize();
  try {
    return await work(dataSource);
  } finally {
    await dataSource.destroy();
  }
}
