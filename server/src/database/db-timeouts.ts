import { EventEmitter } from 'node:events';
import * as mysql2 from 'mysql2';
import type { Pool, PoolConnection, PoolOptions } from 'mysql2';

/** How long the database may take before a request gives up on it (milliseconds; 0: no limit). */
export interface DbTimeouts {
  /** A new MySQL connection's TCP connect and handshake. */
  connectMs: number;
  /** One MySQL statement, from the moment it is sent (or queued behind another on its connection). */
  queryMs: number;
  /** Waiting for a free connection of a MySQL pool. */
  acquireMs: number;
  /** SQLite: waiting for another writer's lock. */
  busyMs: number;
}

export const DEFAULT_DB_TIMEOUTS: DbTimeouts = {
  connectMs: 5000,
  queryMs: 5000,
  acquireMs: 5000,
  busyMs: 5000,
};

/**
 * The error a timed-out statement or connection wait fails with (see isDatabaseUnavailable). Not
 * `fatal` as mysql2 marks a lost connection: the money paths run a transaction again after those,
 * and a stalled database would make each try wait out the timeout once more.
 */
export class DatabaseTimeout extends Error {
  constructor(
    readonly code: 'DB_QUERY_TIMEOUT' | 'DB_ACQUIRE_TIMEOUT',
    what: string,
    ms: number,
  ) {
    super(`${what} took longer than ${ms} ms`);
  }
}

/**
 * mysql2 (or a module built like it, such as the failover one) whose pools give up in bounded
 * time: a connection is waited for at most `acquireMs`, a statement at most `queryMs`. mysql2's own
 * query timeout starts only when the statement reaches the server and leaves the connection busy
 * with it, so a stalled server would still hold every later statement queued behind it; here a
 * statement that times out destroys its connection, and the pool opens a fresh one.
 */
export function withTimeouts(driver: typeof mysql2, timeouts: DbTimeouts): typeof mysql2 {
  return {
    ...driver,
    createPool: ((config: PoolOptions) => {
      const pool = driver.createPool(config);
      if (timeouts.acquireMs > 0) limitAcquire(pool, timeouts.acquireMs);
      if (timeouts.queryMs > 0) {
        pool.on('connection', (connection) => limitQueries(connection, timeouts.queryMs));
      }
      return pool;
    }) as typeof mysql2.createPool,
  };
}

function limitAcquire(pool: Pool, ms: number): void {
  const getConnection = pool.getConnection.bind(pool);
  pool.getConnection = ((callback: (error: unknown, connection?: PoolConnection) => void) => {
    let waiting = true;
    const timer = setTimeout(() => {
      waiting = false;
      callback(new DatabaseTimeout('DB_ACQUIRE_TIMEOUT', 'waiting for a database connection', ms));
    }, ms);
    getConnection((error, connection) => {
      if (!waiting) {
        if (!error) connection.release();
        return;
      }
      waiting = false;
      clearTimeout(timer);
      callback(error, connection);
    });
  }) as typeof pool.getConnection;
}

type Callback = (...result: unknown[]) => void;

function limitQueries(connection: PoolConnection, ms: number): void {
  const query = connection.query.bind(connection) as (...args: unknown[]) => unknown;
  connection.query = ((...args: unknown[]) => {
    // Either a Query command a pool built (its callback on it) or query(sql[, values], callback).
    const [first] = args;
    if (first instanceof EventEmitter) {
      const command = first as { onResult?: Callback };
      // A streamed query (no callback) reads for as long as its consumer does: not limited.
      if (command.onResult) command.onResult = bounded(command.onResult);
    } else {
      const at = args.findIndex((arg) => typeof arg === 'function');
      if (at >= 0) args[at] = bounded(args[at] as Callback);
    }
    return query(...args);
  }) as typeof connection.query;

  function bounded(done: Callback): Callback {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      done(new DatabaseTimeout('DB_QUERY_TIMEOUT', 'a database statement', ms));
      connection.destroy();
    }, ms);
    return (...result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done(...result);
    };
  }
}

/** Errors of a database that is down, unreachable, stalled or out of room, not of the request. */
const UNAVAILABLE_CODES = new Set([
  'DB_QUERY_TIMEOUT',
  'DB_ACQUIRE_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_CON_COUNT_ERROR',
  'ER_CONNECTION_KILLED',
  'ER_LOCK_WAIT_TIMEOUT',
  'SQLITE_BUSY',
  'SQLITE_FULL',
  'SQLITE_CANTOPEN',
]);
/** SQLite's extended codes of the same faults (SQLITE_IOERR_WRITE, SQLITE_READONLY_DBMOVED …). */
const UNAVAILABLE_SQLITE = /^SQLITE_(IOERR|READONLY|BUSY|FULL|CANTOPEN)/;
/** mysql2 using a connection it already lost, which carries no code. */
const CLOSED_CONNECTION = /connection is in closed state|Pool is closed/;

/**
 * Whether an error, or the driver error or cause it wraps (TypeORM's QueryFailedError, the
 * transactions' CommitOutcomeUnknown), says the database cannot serve right now. Read as plain
 * fields: under Jest the drivers' errors can come from another realm's Error.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let depth = 0; depth < 5 && typeof error === 'object' && error !== null; depth += 1) {
    const { code, message, driverError, cause } = error as Record<string, unknown>;
    if (
      typeof code === 'string' &&
      (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_SQLITE.test(code))
    ) {
      return true;
    }
    if (typeof message === 'string' && CLOSED_CONNECTION.test(message)) return true;
    error = driverError ?? cause;
  }
  return false;
}
