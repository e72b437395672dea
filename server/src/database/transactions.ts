import type { Database } from 'better-sqlite3';
import type { Pool, PoolConnection } from 'mysql2/promise';
import { setImmediate as nextTick, setTimeout as sleep } from 'node:timers/promises';
import { QueryFailedError } from 'typeorm';

/**
 * Runs `work` as one better-sqlite3 transaction. The connection is shared with TypeORM, whose
 * transactions are asynchronous: while one is open, a transaction begun here would silently become
 * a savepoint inside it, so this waits for the connection to be free and then runs `work` in the
 * same tick, synchronously, where nothing else can interleave.
 */
export async function sqliteTransaction<T>(db: Database, work: () => T): Promise<T> {
  while (db.inTransaction) await nextTick();
  return db.transaction(work)();
}

/** Deadlock (also Galera's certification failure) and lock wait timeout. */
const RETRYABLE_ERRNOS = new Set([1213, 1205]);
const MAX_ATTEMPTS = 4;
const BACKOFF_MS = 5;

/**
 * Runs `work` as one MySQL/MariaDB transaction on a connection of its own. A transaction the
 * server rolled back for a deadlock or a lock wait timeout is run again from BEGIN, a few times,
 * after a short random pause; `work` must therefore keep all its effects inside the transaction.
 * A COMMIT that fails any other way is not retried: it may have been applied.
 */
export async function mysqlTransaction<T>(
  pool: Pool,
  work: (conn: PoolConnection) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const conn = await pool.getConnection();
    try {
      await conn.beginTransaction();
      const result = await work(conn);
      await conn.commit();
      conn.release();
      return result;
    } catch (error) {
      // A lock wait timeout undoes only its statement: the rest must go before any retry. A
      // connection that cannot roll back is in an unknown state and must not return to the pool.
      const clean = await conn.rollback().then(
        () => true,
        () => false,
      );
      if (clean) conn.release();
      else conn.destroy();
      if (attempt >= MAX_ATTEMPTS || !RETRYABLE_ERRNOS.has(mysqlErrno(error) ?? 0)) throw error;
      await sleep(BACKOFF_MS * 2 ** (attempt - 1) * (0.5 + Math.random()));
    }
  }
}

function mysqlErrno(error: unknown): number | undefined {
  const errno = (error as { errno?: unknown } | null)?.errno;
  return typeof errno === 'number' ? errno : undefined;
}

/**
 * Whether a write failed on a unique index or primary key, on SQLite or MySQL/MariaDB, from the
 * raw drivers or through TypeORM.
 */
export function isUniqueViolation(error: unknown): boolean {
  const cause: unknown = error instanceof QueryFailedError ? error.driverError : error;
  const code = (cause as { code?: unknown } | null)?.code;
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === 'ER_DUP_ENTRY' ||
    mysqlErrno(cause) === 1062
  );
}
