import type { Database } from 'better-sqlite3';
import type { Pool, PoolConnection, RowDataPacket } from 'mysql2/promise';
import { setImmediate as nextTick, setTimeout as sleep } from 'node:timers/promises';
import { QueryFailedError } from 'typeorm';
import type { EntityManager } from 'typeorm';

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

/**
 * The server rolled the transaction back: a deadlock (also Galera's certification failure), a lock
 * wait timeout, TiDB's write conflict.
 */
const ROLLED_BACK_ERRNOS = new Set([1213, 1205, 9007]);
/**
 * Before COMMIT nothing is applied, so a transaction whose connection failed is run again on a
 * fresh one (another host, behind a multi-host URL): a lost or refused connection, a Galera node
 * outside the primary component (1047), a server shutting down (1053) or a killed connection (1927).
 */
const CONNECTION_ERRNOS = new Set([1047, 1053, 1927]);
const CONNECTION_CODES = new Set([
  'PROTOCOL_CONNECTION_LOST',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
]);
// Three Galera nodes writing one balance keep failing each other's certification: twelve attempts,
// the pause doubling from 5 ms up to 100 ms (about a second in all), let the losers through.
const MAX_ATTEMPTS = 12;
const BACKOFF_MS = 5;
const MAX_BACKOFF_MS = 100;

const backoff = (attempt: number) =>
  Math.min(BACKOFF_MS * 2 ** (attempt - 1), MAX_BACKOFF_MS) * (0.5 + Math.random());

/**
 * The COMMIT was sent and its answer never came (the connection broke, or a Galera node left the
 * primary component while replicating): the transaction may or may not have been applied. `result`
 * is what `work` returned in that transaction, for a caller that can find out which.
 */
export class CommitOutcomeUnknown<T = unknown> extends Error {
  constructor(
    readonly result: T,
    cause: unknown,
  ) {
    super('the connection failed during COMMIT: the transaction may have been applied', { cause });
  }
}

/**
 * Runs `work` as one MySQL/MariaDB transaction on a connection of its own. A transaction the
 * server rolled back (a deadlock, a Galera certification failure, a lock wait timeout) or that lost
 * its connection before COMMIT is run again from BEGIN, a few times, after a short random pause;
 * `work` must therefore keep all its effects inside the transaction. A COMMIT that fails any other
 * way is not retried, as it may have been applied: it throws CommitOutcomeUnknown.
 *
 * `startsItself`: `work` begins the transaction in its first query (START TRANSACTION as that
 * query's first statement, on a connection that takes several statements a query), which saves
 * the round trip of a BEGIN of its own.
 */
export async function mysqlTransaction<T>(
  pool: Pool,
  work: (conn: PoolConnection) => Promise<T>,
  { startsItself = false } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const retry = async (error: unknown) => {
      if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
      await sleep(backoff(attempt));
    };
    let conn: PoolConnection;
    try {
      conn = await pool.getConnection();
    } catch (error) {
      await retry(error);
      continue;
    }
    let result: T;
    try {
      if (!startsItself) await conn.beginTransaction();
      result = await work(conn);
    } catch (error) {
      await rollBack(conn);
      await retry(error);
      continue;
    }
    try {
      await conn.commit();
    } catch (error) {
      if (!ROLLED_BACK_ERRNOS.has(mysqlErrno(error) ?? 0)) {
        conn.destroy();
        throw new CommitOutcomeUnknown(result, error);
      }
      await rollBack(conn);
      await retry(error);
      continue;
    }
    conn.release();
    return result;
  }
}

/**
 * One read on the pool, run again on a fresh connection (another host, behind a multi-host URL)
 * when its connection failed: a read changes nothing, so it can always be asked again.
 */
export async function mysqlRead<T extends RowDataPacket[]>(
  pool: Pool,
  sql: string,
  values: unknown[],
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const [rows] = await pool.query<T>(sql, values);
      return rows;
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
      await sleep(backoff(attempt));
    }
  }
}

/**
 * A lock wait timeout undoes only its statement: the rest must go before any retry. A connection
 * that cannot roll back is in an unknown state and must not return to the pool.
 */
async function rollBack(conn: PoolConnection): Promise<void> {
  const clean = await conn.rollback().then(
    () => true,
    () => false,
  );
  if (clean) conn.release();
  else conn.destroy();
}

function isRetryable(error: unknown): boolean {
  const errno = mysqlErrno(error) ?? 0;
  const { code, fatal } = (error ?? {}) as { code?: unknown; fatal?: unknown };
  return (
    ROLLED_BACK_ERRNOS.has(errno) ||
    CONNECTION_ERRNOS.has(errno) ||
    fatal === true ||
    (typeof code === 'string' && CONNECTION_CODES.has(code))
  );
}

/** The server rolled the transaction back (it kept losing to concurrent writers): nothing applied. */
export function isRolledBack(error: unknown): boolean {
  return ROLLED_BACK_ERRNOS.has(mysqlErrno(error) ?? 0);
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

/**
 * Runs `work` (one whole transaction) again when MySQL or MariaDB rolled it back: a deadlock, a
 * lock wait timeout, or a Galera certification conflict with a write made on another node (all
 * reported as a rolled-back transaction, nothing of it applied). At most `attempts` runs, with
 * mysqlTransaction's backoff between them; `work` must not change anything outside its
 * transaction.
 */
export async function retryRolledBack<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRolledBack(error)) throw error;
      await sleep(backoff(attempt));
    }
  }
}

/**
 * A TypeORM transaction run again, whole, when the database rolled it back (retryRolledBack):
 * what every admin or account write goes through. A write that loses every time answers 503
 * `server.busy`, never a 500.
 */
export function retriedTransaction<T>(
  manager: Pick<EntityManager, 'transaction'>,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  return retryRolledBack(() => manager.transaction(work));
}
