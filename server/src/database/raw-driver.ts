import type { Database } from 'better-sqlite3';
import type { Pool as CallbackPool } from 'mysql2';
import type { Pool } from 'mysql2/promise';
import type { DataSource } from 'typeorm';

const driverOf = (dataSource: DataSource) =>
  dataSource.driver as unknown as { databaseConnection?: Database; pool?: CallbackPool };

/**
 * The connection under TypeORM, for the money paths that must control their own transactions:
 * better-sqlite3's single synchronous connection, or mysql2's pool.
 */
export function byRawDriver<T>(
  dataSource: DataSource,
  build: { sqlite: (db: Database) => T; mysql: (pool: Pool) => T },
): T {
  const driver = driverOf(dataSource);
  return dataSource.options.type === 'better-sqlite3'
    ? build.sqlite(driver.databaseConnection!)
    : build.mysql(driver.pool!.promise());
}

/** mysql2's pool under TypeORM, with the events that report its connections; none on SQLite. */
export function mysqlPool(dataSource: DataSource): CallbackPool | undefined {
  return dataSource.options.type === 'better-sqlite3' ? undefined : driverOf(dataSource).pool;
}
