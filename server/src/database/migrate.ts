import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';

const LOCK_NAME = 'portico_migrations';
const LOCK_TIMEOUT_S = 60;

/**
 * Runs pending migrations. On MySQL a named lock (GET_LOCK) makes instances that start together
 * take turns, so exactly one applies each migration; SQLite is one file with one writer.
 */
export async function runMigrations(dataSource: DataSource): Promise<void> {
  const logger = new Logger('Migrations');
  if (dataSource.options.type === 'better-sqlite3') {
    await log(logger, dataSource.runMigrations({ transaction: 'all' }));
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
    if (Number(row?.got) !== 1) throw new Error('could not take the migration lock within 60 s');
    try {
      await log(logger, dataSource.runMigrations({ transaction: 'each' }));
    } finally {
      await runner.query('SELECT RELEASE_LOCK(?)', [LOCK_NAME]);
    }
  } finally {
    await runner.release();
  }
}

async function log(logger: Logger, ran: Promise<{ name: string }[]>): Promise<void> {
  for (const migration of await ran) logger.log(`applied ${migration.name}`);
}
