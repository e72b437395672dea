import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { createPool } from 'mysql2/promise';
import type { Pool, PoolConnection } from 'mysql2/promise';
import { QueryFailedError } from 'typeorm';
import {
  CommitOutcomeUnknown,
  isRolledBack,
  isUniqueViolation,
  mysqlRead,
  mysqlTransaction,
  sqliteTransaction,
} from './transactions';
import { describeIf } from '../../test/requires';

const mysqlError = (errno: number) => Object.assign(new Error(`errno ${errno}`), { errno });

/** A pool whose connections record what was sent, with a script of failures for `work`. */
function fakePool(options: { rollbackFails?: boolean; commitFails?: Error[] } = {}) {
  const log: string[] = [];
  const commitFailures = [...(options.commitFails ?? [])];
  const conn = {
    beginTransaction: () => Promise.resolve(log.push('begin')),
    commit: () => {
      log.push('commit');
      const failure = commitFailures.shift();
      return failure ? Promise.reject(failure) : Promise.resolve();
    },
    rollback: () =>
      options.rollbackFails
        ? Promise.reject(new Error('connection lost'))
        : Promise.resolve(log.push('rollback')),
    release: () => log.push('release'),
    destroy: () => log.push('destroy'),
  };
  const pool = { getConnection: () => Promise.resolve(conn) };
  return { pool: pool as unknown as Pool, conn: conn as unknown as PoolConnection, log };
}

describe('mysqlTransaction', () => {
  it.each([1213, 1205])('runs the whole transaction again after errno %i', async (errno) => {
    const { pool, log } = fakePool();
    let runs = 0;
    const result = await mysqlTransaction(pool, () => {
      runs += 1;
      log.push(`work ${runs}`);
      return runs < 3 ? Promise.reject(mysqlError(errno)) : Promise.resolve('done');
    });
    expect(result).toBe('done');
    expect(log).toEqual([
      ...['begin', 'work 1', 'rollback', 'release'],
      ...['begin', 'work 2', 'rollback', 'release'],
      ...['begin', 'work 3', 'commit', 'release'],
    ]);
  });

  it('gives up after a bounded number of attempts', async () => {
    const { pool } = fakePool();
    let runs = 0;
    const failing = mysqlTransaction(pool, () => {
      runs += 1;
      return Promise.reject(mysqlError(1213));
    });
    await expect(failing).rejects.toMatchObject({ errno: 1213 });
    expect(runs).toBe(12);
  });

  it('does not retry other failures, and drops a connection that cannot roll back', async () => {
    const { pool, log } = fakePool({ rollbackFails: true });
    let runs = 0;
    const failing = mysqlTransaction(pool, () => {
      runs += 1;
      return Promise.reject(mysqlError(1062));
    });
    await expect(failing).rejects.toMatchObject({ errno: 1062 });
    expect(runs).toBe(1);
    expect(log).toEqual(['begin', 'destroy']);
  });
});

describe('mysqlTransaction on a failing connection', () => {
  const lost = () =>
    Object.assign(new Error('lost'), { code: 'PROTOCOL_CONNECTION_LOST', fatal: true });

  it('runs again a transaction whose connection broke before COMMIT', async () => {
    const { pool, log } = fakePool();
    let runs = 0;
    const result = await mysqlTransaction(pool, () => {
      runs += 1;
      return runs === 1 ? Promise.reject(lost()) : Promise.resolve('done');
    });
    expect(result).toBe('done');
    expect(log).toEqual(['begin', 'rollback', 'release', 'begin', 'commit', 'release']);
  });

  it('runs again a transaction whose COMMIT failed certification (1213)', async () => {
    const { pool, log } = fakePool({ commitFails: [mysqlError(1213)] });
    expect(await mysqlTransaction(pool, () => Promise.resolve('done'))).toBe('done');
    expect(log).toEqual(['begin', 'commit', 'rollback', 'release', 'begin', 'commit', 'release']);
  });

  it('never runs again a COMMIT that got no answer, and hands back what the work returned', async () => {
    const { pool, log } = fakePool({ commitFails: [lost()] });
    let runs = 0;
    const failing = mysqlTransaction(pool, () => Promise.resolve(`result ${++runs}`));
    await expect(failing).rejects.toBeInstanceOf(CommitOutcomeUnknown);
    await expect(failing).rejects.toMatchObject({ result: 'result 1' });
    expect(runs).toBe(1);
    expect(log).toEqual(['begin', 'commit', 'destroy']);
  });
});

describe('mysqlRead', () => {
  it('asks again on a fresh connection when the connection failed, not when the query did', async () => {
    const answers: unknown[] = [
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      [[{ id: 1 }]],
      mysqlError(1146),
    ];
    const pool = {
      query: () => {
        const answer = answers.shift();
        return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
      },
    } as unknown as Pool;
    expect(await mysqlRead(pool, 'SELECT 1', [])).toEqual([{ id: 1 }]);
    await expect(mysqlRead(pool, 'SELECT 1', [])).rejects.toMatchObject({ errno: 1146 });
  });
});

const MYSQL_URL = process.env.TEST_MYSQL_URL;

describeIf(Boolean(MYSQL_URL), 'TEST_MYSQL_URL')('mysqlTransaction on a real server', () => {
  let pool: Pool;
  const table = `tx_test_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    pool = createPool({ uri: MYSQL_URL, connectionLimit: 4 });
    await pool.query(`CREATE TABLE ${table} (id INT PRIMARY KEY, n INT NOT NULL) ENGINE=InnoDB`);
    await pool.query(`INSERT INTO ${table} VALUES (1, 0), (2, 0)`);
  });

  afterAll(async () => {
    await pool.query(`DROP TABLE IF EXISTS ${table}`);
    await pool.end();
  });

  it('survives a deadlock between two transactions, applying each exactly once', async () => {
    let arrived = 0;
    let bothHoldOneRow!: () => void;
    const barrier = new Promise<void>((resolve) => (bothHoldOneRow = resolve));
    const attempts = { a: 0, b: 0 };
    // Each locks one row, waits until the other holds the other row, then asks for it: a deadlock
    // on the first attempt. The loser is rolled back by the server and run again whole.
    const crossing = (name: 'a' | 'b', first: number, second: number) =>
      mysqlTransaction(pool, async (conn) => {
        attempts[name] += 1;
        await conn.query(`UPDATE ${table} SET n = n + 1 WHERE id = ?`, [first]);
        if (attempts[name] === 1 && ++arrived === 2) bothHoldOneRow();
        if (attempts[name] === 1) await barrier;
        await conn.query(`UPDATE ${table} SET n = n + 10 WHERE id = ?`, [second]);
      });
    await Promise.all([crossing('a', 1, 2), crossing('b', 2, 1)]);
    const [rows] = await pool.query(`SELECT id, n FROM ${table} ORDER BY id`);
    expect(rows).toEqual([
      { id: 1, n: 11 },
      { id: 2, n: 11 },
    ]);
    expect(attempts.a + attempts.b).toBe(3);
  });
});

describe('sqliteTransaction', () => {
  it('waits until another transaction on the connection has finished', async () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (n INTEGER)');
    db.exec('BEGIN');
    const order: string[] = [];
    const waiting = sqliteTransaction(db, () => {
      order.push('ours');
      db.prepare('INSERT INTO t VALUES (1)').run();
    });
    await new Promise((resolve) => setImmediate(resolve));
    db.exec('COMMIT');
    order.push('theirs committed');
    await waiting;
    expect(order).toEqual(['theirs committed', 'ours']);
    expect(db.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 1 });
    db.close();
  });
});

describe('isUniqueViolation', () => {
  const sqlite = (code: string) => Object.assign(new Error(code), { code });
  it.each([
    ['SQLite unique index', sqlite('SQLITE_CONSTRAINT_UNIQUE'), true],
    ['SQLite primary key', sqlite('SQLITE_CONSTRAINT_PRIMARYKEY'), true],
    ['MySQL duplicate entry', Object.assign(mysqlError(1062), { code: 'ER_DUP_ENTRY' }), true],
    [
      'through TypeORM',
      new QueryFailedError('INSERT', [], sqlite('SQLITE_CONSTRAINT_UNIQUE')),
      true,
    ],
    ['SQLite NOT NULL', sqlite('SQLITE_CONSTRAINT_NOTNULL'), false],
    ['MySQL deadlock', mysqlError(1213), false],
    ['not an error', null, false],
  ])('%s', (_name, error, expected) => {
    expect(isUniqueViolation(error)).toBe(expected);
  });
});

describe('isRolledBack', () => {
  it('knows the errors after which nothing was applied, and only those', () => {
    expect([1213, 1205, 9007].map((errno) => isRolledBack({ errno }))).toEqual([true, true, true]);
    expect([1062, 1047, 2013].map((errno) => isRolledBack({ errno }))).toEqual([
      false,
      false,
      false,
    ]);
    expect(isRolledBack(new Error('boom'))).toBe(false);
  });
});
