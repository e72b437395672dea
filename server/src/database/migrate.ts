import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource } from 'typeorm';
import { DatabaseOpenError } from './data-source-options';

const LOCK_NAME = 'startup';
/** How long a holder that stops renewing (a crashed instance) keeps others waiting. */
const LEASE_S = 30;
const RENEW_MS = 10_000;
const POLL_MS = 250;
const WAIT_S = 120;

// Named locks (GET_LOCK) are not replicated by Galera and Vitess accepts them only in narrow
// forms, so the lock is a row: a primary key every MySQL-compatible engine certifies or locks, and
// an expiry so that a holder that died is replaced.
const SQL = {
  create:
    'CREATE TABLE IF NOT EXISTS startup_lock (name VARCHAR(32) NOT NULL PRIMARY KEY, owner VARCHAR(36) NOT NULL, expires_at DATETIME(3) NOT NULL) ENGINE=InnoDB',
  insert: `INSERT IGNORE INTO startup_lock (name, owner, expires_at) VALUES (?, ?, NOW(3) + INTERVAL ${LEASE_S} SECOND)`,
  takeOver: `UPDATE startup_lock SET owner = ?, expires_at = NOW(3) + INTERVAL ${LEASE_S} SECOND WHERE name = ? AND (owner = ? OR expires_at < NOW(3))`,
  release: 'DELETE FROM startup_lock WHERE name = ? AND owner = ?',
} as const;

/** Galera's certification failure (and InnoDB's deadlock) on two instances taking the row at once. */
const CONFLICT_ERRNOS = new Set([1213, 1205]);

/**
 * Runs `work` while holding the database-wide start-up lock, so that instances starting together
 * take turns: exactly one applies each migration and seeds an empty database. SQLite is one file
 * with one writer and needs none.
 */
export async function withStartupLock(
  dataSource: DataSource,
  work: () => Promise<void>,
): Promise<void> {
  if (dataSource.options.type === 'better-sqlite3') {
    await work();
    return;
  }
  const owner = randomUUID();
  await dataSource.query(SQL.create);
  await acquire(dataSource, owner);
  await holding(dataSource, LOCK_NAME, owner, work);
}

/**
 * Runs `work` if no other instance holds the lease `name` (a row of the start-up lock's table, with
 * its own name); answers false, doing nothing, when one does. For jobs that one instance of many
 * should run (SQLite has one instance: it always runs).
 */
export async function withLease(
  dataSource: DataSource,
  name: string,
  work: () => Promise<void>,
): Promise<boolean> {
  if (dataSource.options.type === 'better-sqlite3') {
    await work();
    return true;
  }
  const owner = randomUUID();
  await dataSource.query(SQL.create);
  if (!(await tryTake(dataSource, owner, name))) return false;
  await holding(dataSource, name, owner, work);
  return true;
}

async function holding(
  dataSource: DataSource,
  name: string,
  owner: string,
  work: () => Promise<void>,
): Promise<void> {
  const renewal = renewWhileHeld(dataSource, owner, name);
  try {
    await work();
  } finally {
    renewal.stop();
    await dataSource.query(SQL.release, [name, owner]);
  }
}

async function acquire(dataSource: DataSource, owner: string): Promise<void> {
  const deadline = Date.now() + WAIT_S * 1000;
  while (Date.now() < deadline) {
    if (await tryTake(dataSource, owner)) return;
    await sleep(POLL_MS);
  }
  throw new Error(`could not take the start-up lock within ${WAIT_S} s`);
}

/** One atomic attempt: create the row, or take it over from its owner's expired lease. */
async function tryTake(dataSource: DataSource, owner: string, name = LOCK_NAME): Promise<boolean> {
  try {
    const inserted = await dataSource.query<{ affectedRows: number }>(SQL.insert, [name, owner]);
    if (inserted.affectedRows === 1) return true;
    const updated = await dataSource.query<{ affectedRows: number }>(SQL.takeOver, [
      owner,
      name,
      owner,
    ]);
    return updated.affectedRows === 1;
  } catch (error) {
    const errno = (error as { driverError?: { errno?: unknown } }).driverError?.errno;
    if (typeof errno === 'number' && CONFLICT_ERRNOS.has(errno)) return false;
    throw error;
  }
}

/**
 * Extends the lease while `work` runs (a migration may outlast it). A renewal that finds the row
 * taken means this instance stalled past its lease and another one took over: that is logged, as
 * the two may now be migrating together.
 */
function renewWhileHeld(dataSource: DataSource, owner: string, name: string): { stop(): void } {
  const logger = new Logger('StartupLock');
  const timer = setInterval(() => {
    dataSource.query<{ affectedRows: number }>(SQL.takeOver, [owner, name, owner]).then(
      (result) => {
        if (result.affectedRows !== 1) logger.error(`the ${name} lock expired and was taken over`);
      },
      (error: unknown) => logger.warn(`could not renew the ${name} lock: ${String(error)}`),
    );
  }, RENEW_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** Applies pending migrations (call it under the start-up lock). */
export async function runMigrations(dataSource: DataSource): Promise<void> {
  const logger = new Logger('Migrations');
  const transaction = dataSource.options.type === 'better-sqlite3' ? 'all' : 'each';
  for (const migration of await dataSource.runMigrations({ transaction })) {
    logger.log(`applied ${migration.name}`);
  }
}

/** The migrations this release has that the database has not applied yet, oldest first. */
export async function pendingMigrations(dataSource: DataSource): Promise<string[]> {
  const table = dataSource.options.migrationsTableName ?? 'migrations';
  const runner = dataSource.createQueryRunner();
  try {
    const applied = (await runner.hasTable(table))
      ? new Set(
          ((await runner.query(`SELECT name FROM ${table}`)) as { name: string }[]).map(
            (r) => r.name,
          ),
        )
      : new Set<string>();
    return dataSource.migrations
      .map((migration) => migration.name ?? migration.constructor.name)
      .filter((name) => !applied.has(name));
  } finally {
    await runner.release();
  }
}

/**
 * Pending migrations where the process may not apply them: its message names them (and, as a
 * DatabaseOpenError, is printed alone, without a stack).
 */
export class MigrationsPendingError extends DatabaseOpenError {
  constructor(readonly pending: string[]) {
    super(
      `the database needs ${pending.length} migration(s) this release brings: ` +
        `${pending.join(', ')}. Run \`npm run migrate\` (the compose \`migrate\` service) first, ` +
        'or set MIGRATE_ON_START=true to let this process apply them',
    );
  }
}

/**
 * What a starting server or `npm run admin` does about migrations (call it under the start-up
 * lock): applies the pending ones when `migrateOnStart` allows, and otherwise refuses to go on
 * with an older schema than this release needs.
 */
export async function migrateOnStart(
  dataSource: DataSource,
  migrateOnStart: boolean,
): Promise<void> {
  if (migrateOnStart) {
    await runMigrations(dataSource);
    return;
  }
  const pending = await pendingMigrations(dataSource);
  if (pending.length > 0) throw new MigrationsPendingError(pending);
}
