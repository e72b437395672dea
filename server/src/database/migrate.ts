import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';

const LOCK_NAME = 'portico_startup';
const LOCK_TIMEOUT_S = 60;

/**
 * Runs `work` while holding the database-wide start-up lock. On MySQL a named lock (GET_LOCK)
 * makes instances that start together take turns, so exactly one applies each migration and seeds
 * an empty database; SQLite is one file with one writer and needs none.
 */
export async function withStartupLock(
  dataSource: DataSource,
  work: () => Promise<void>,
): Promise<void> {
  if (dataSource.options.type === 'better-sqlite3') {
    await work();
    return;
  }
  const runner = dataSource.createQueryRunner();
  try {
    const [row] = (await runner.query('SELECT GET_LOCK(?, ?) AS got', [
      LOCK_NAME,
      LOCK_TIMEOUT_S,
    ])) as {
      got: number | string | null;
    }[];
    if (Number(row?.got) !== 1) throw new Error('could not take the start-up lock within 60 s');
    try {
      await work();
    } finally {
      await runner.query('SELECT RELEASE_LOCK(?)', [LOCK_NAME]);
    }
  } finally {
    await runner.release();
  }
}

/** Applies pending migrations (call it under the start-up lock). */
export async function runMigrations(dataSource: DataSource): Promise<void> {
  const logger = new Logger('Migrations');
  const transaction = dataSource.options.type === 'better-sqlite3' ? 'all' : 'each';
  for (const migration of await dataSource.runMigrations({ transaction })) {
    logger.log(`applied ${migration.name}`);
  }
}
