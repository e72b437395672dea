import type { Database } from 'better-sqlite3';
import type { Pool as CallbackPool } from 'mysql2';
import type { Pool } from 'mysql2/promise';
import type { DataSource } from 'typeorm';

/**
 * The connection under TypeORM, for the money paths that must control their own transactions:
 * better-sqlite3's single synchronous connection, or mysql2's pool.
 */
export function byRawDriver<T>(
  dataSource: DataSource,
  build: { sqlite: (db: Database) => T; mysql: (pool: Pool) => T },
): T {
  const driver = dataSource.driver as unknown as {
    databaseConnection?: Database;
    pool?: CallbackPool;
  };
  return dataSource.options.type === 'better-sqlite3'
    ? build.sqlite(driver.databaseConnection!)
    : build.mysql(driver.pool!.promise());
}
