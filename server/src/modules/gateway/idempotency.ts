import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import type { Database, Statement } from 'better-sqlite3';
import type { Pool, ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/app-error';
import { byRawDriver } from '../../database/raw-driver';
import { isUniqueViolation, sqliteTransaction } from '../../database/transactions';

/** How long a key's first answer is replayed (Stripe's 24 hours). */
export const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The largest answer kept for replay; a larger one leaves a record that refuses replays. */
export const MAX_REPLAYED_BYTES = 1024 * 1024;
const MAX_KEY_LENGTH = 255;
const PRINTABLE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;
const PURGE_EVERY_MS = 10 * 60 * 1000;

/** A call's answer as kept for replay. */
export interface Answer {
  status: number;
  contentType: string | null;
  body: Buffer;
}

/** An answer as it is replayed: the first call's, with that call's request id. */
export interface StoredAnswer extends Answer {
  requestId: string;
}

/** What claiming a key found: the call is this request's to make, or an earlier call's outcome. */
export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'refused'; error: AppError };

interface Row {
  fingerprint: string;
  request_id: string;
  state: string;
  status_code: number | null;
  content_type: string | null;
  body: Buffer | null;
  created_ms: number | string;
}

/** Statements over the raw driver: SQLite's single connection, or the MySQL pool. */
interface Sql {
  run(sql: string, values: unknown[]): Promise<number>;
  get(sql: string, values: unknown[]): Promise<Row | undefined>;
}

function sqliteSql(db: Database): Sql {
  const statements = new Map<string, Statement>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
  return {
    // Each write waits for any open TypeORM transaction, so it can never become part of one.
    run: (sql, values) => sqliteTransaction(db, () => prepared(sql).run(...values).changes),
    get: (sql, values) => Promise.resolve(prepared(sql).get(...values) as Row | undefined),
  };
}

function mysqlSql(pool: Pool): Sql {
  return {
    run: async (sql, values) => (await pool.query<ResultSetHeader>(sql, values))[0].affectedRows,
    get: async (sql, values) =>
      (await pool.query<RowDataPacket[]>(sql, values))[0][0] as Row | undefined,
  };
}

const CLAIM =
  "INSERT INTO idempotency_keys (user_id, key_hash, fingerprint, request_id, state, created_ms) VALUES (?, ?, ?, ?, 'running', ?)";
const FIND =
  'SELECT fingerprint, request_id, state, status_code, content_type, body, created_ms FROM idempotency_keys WHERE user_id = ? AND key_hash = ?';
const COMPLETE =
  'UPDATE idempotency_keys SET state = ?, status_code = ?, content_type = ?, body = ? WHERE user_id = ? AND key_hash = ? AND request_id = ?';
const RELEASE =
  'DELETE FROM idempotency_keys WHERE user_id = ? AND key_hash = ? AND request_id = ?';
const PURGE = 'DELETE FROM idempotency_keys WHERE created_ms < ?';

const refused = (code: AppError['code'], message: string, headers: Record<string, string> = {}) =>
  ({ kind: 'refused', error: new AppError(code, message, 409, headers) }) as const;

/** The Idempotency-Key header's value, or a 400 for one that is empty, repeated or too long. */
export function idempotencyKeyOf(header: string | string[]): string {
  if (typeof header === 'string' && header.length <= MAX_KEY_LENGTH && PRINTABLE.test(header)) {
    return header;
  }
  throw new AppError(
    'gateway.idempotency_key_invalid',
    `Idempotency-Key must be one value of 1 to ${MAX_KEY_LENGTH} printable ASCII characters`,
    400,
  );
}

/** What makes two calls "the same request": method, path and query without the key, body. */
export function requestFingerprint(
  method: string,
  url: string,
  contentType: string | undefined,
  body: Buffer | undefined,
): string {
  const hash = createHash('sha256').update(`${method}\n${url}\n${contentType ?? ''}\n`);
  if (body) hash.update(body);
  return hash.digest('hex');
}

/**
 * Idempotency keys of gateway calls, in the database so that every instance sees them (see
 * docs/decisions/001-idempotency-keys.md). A call claims its (user, key) row before it is charged;
 * the row then holds the answer to replay, or is released when the call left nothing charged, so
 * a retry may make it again. A row refuses replays once its answer was too large to keep.
 */
@Injectable()
export class IdempotencyStore implements OnModuleDestroy {
  private readonly logger = new Logger('Idempotency');
  private readonly sql: Sql;
  private readonly purge: NodeJS.Timeout;

  constructor(dataSource: DataSource) {
    this.sql = byRawDriver<Sql>(dataSource, { sqlite: sqliteSql, mysql: mysqlSql });
    this.purge = setInterval(() => {
      this.sql.run(PURGE, [Date.now() - REPLAY_WINDOW_MS]).catch((error: unknown) => {
        this.logger.warn(`purging expired idempotency keys failed: ${String(error)}`);
      });
    }, PURGE_EVERY_MS).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.purge);
  }

  /**
   * Claims `key` for a call of `userId`: 'claimed' when this call is the first within the window
   * (an expired row is replaced), else the first call's answer, or why it cannot be given.
   */
  async claim(
    userId: number,
    key: string,
    fingerprint: string,
    requestId: string,
    now: number,
  ): Promise<Claim> {
    const keyHash = hashOf(key);
    // A row can vanish between the failed insert and the read (released, or purged): claim again.
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await this.sql.run(CLAIM, [userId, keyHash, fingerprint, requestId, now]);
        return { kind: 'claimed' };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      const row = await this.sql.get(FIND, [userId, keyHash]);
      if (!row) continue;
      if (Number(row.created_ms) < now - REPLAY_WINDOW_MS) {
        await this.sql.run(RELEASE, [userId, keyHash, row.request_id]);
        continue;
      }
      return found(row, fingerprint);
    }
    return inProgress();
  }

  /**
   * Stores the call's answer for replay, or marks the key as not replayable (`answer` null: the
   * answer was over MAX_REPLAYED_BYTES or cut off).
   */
  async complete(
    userId: number,
    key: string,
    requestId: string,
    answer: Answer | null,
  ): Promise<void> {
    const values = answer
      ? ['done', answer.status, answer.contentType, answer.body]
      : ['too_large', null, null, null];
    await this.sql.run(COMPLETE, [...values, userId, hashOf(key), requestId]);
  }

  /** Gives the key back: the call left nothing charged, so a retry may make it. */
  async release(userId: number, key: string, requestId: string): Promise<void> {
    await this.sql.run(RELEASE, [userId, hashOf(key), requestId]);
  }
}

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

/** The outcome of a key claimed before: its answer, or why there is none to give. */
function found(row: Row, fingerprint: string): Claim {
  // Checked first, so a reused key never tells another request's state or answer.
  if (row.fingerprint !== fingerprint) {
    return refused(
      'gateway.idempotency_mismatch',
      'this Idempotency-Key was used with a different request (method, path, query or body)',
    );
  }
  if (row.state === 'done') {
    return {
      kind: 'replay',
      answer: {
        status: Number(row.status_code),
        contentType: row.content_type,
        body: row.body ?? Buffer.alloc(0),
        requestId: row.request_id,
      },
    };
  }
  if (row.state === 'too_large') {
    return refused(
      'gateway.idempotency_not_replayable',
      `the first call with this Idempotency-Key (request ${row.request_id}) answered more than ${MAX_REPLAYED_BYTES} bytes or was cut off, so it cannot be replayed; it is not made again`,
    );
  }
  return inProgress();
}

const inProgress = () =>
  refused(
    'gateway.idempotency_in_progress',
    'a call with this Idempotency-Key is in progress: retry it in a moment',
    { 'retry-after': '1' },
  );

/** A pass-through copy of an answer's body kept for replay while it streams to the caller. */
export function recordingStream(onEnd: (body: Buffer | null) => void): Transform {
  const chunks: Buffer[] = [];
  let size = 0;
  let kept = true;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > MAX_REPLAYED_BYTES) {
        kept = false;
        chunks.length = 0;
      } else if (kept) chunks.push(chunk);
      done(null, chunk);
    },
    flush(done) {
      onEnd(kept ? Buffer.concat(chunks) : null);
      done();
    },
  });
}
