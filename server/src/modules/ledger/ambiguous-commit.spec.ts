import { Logger } from '@nestjs/common';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPool } from 'mysql2/promise';
import type { Pool, RowDataPacket } from 'mysql2/promise';
import type { DataSource } from 'typeorm';
import { migratedMysqlDatabase } from '../../../test/mysql-database';
import type { Charge } from './ledger';
import { MysqlLedger } from './mysql-ledger';
import { partitionLog } from './partitions';
import { OwedJournal } from './owed-journal';
import { MysqlBalanceBook } from './balance-book';
import { MysqlOrderLedger } from './order-ledger';
import { MysqlCodeLedger } from './code-ledger';
import { MAX_BALANCE_MILLI } from '../../common/money';
import { describeIf, isMariadb } from '../../../test/requires';
import { until } from '../../../test/webhook-receiver';

const MYSQL_URL = process.env.TEST_MYSQL_URL;
/** Log ids come from INSERT … RETURNING only on MariaDB. */
const RETURNING = MYSQL_URL && isMariadb(MYSQL_URL) ? [true, false] : [false];
const PRICE = 5;

type Fate = 'applied' | 'rolled back' | 'rolled back, its log ids given to other rows';

/**
 * The ids of the access-log rows a query inserted: the rows of a RETURNING id, or an insert's id,
 * for each of its statements that inserts into access_logs.
 */
function insertedIds(sql: string, answer: unknown): number[] {
  const parts = sql.split(';\n');
  const results = (parts.length === 1 ? [answer] : answer) as unknown[];
  return parts.flatMap((part, i) => {
    if (!part.startsWith('INSERT INTO access_logs')) return [];
    const result = results[i];
    return Array.isArray(result)
      ? result.map((row: { id: unknown }) => Number(row.id))
      : [Number((result as { insertId: unknown }).insertId)];
  });
}

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' });

/** A pool whose database refuses every connection and query for `ms` from now. */
function goneFor(pool: Pool, ms: number): Pool {
  const until = Date.now() + ms;
  const refusing =
    <A extends unknown[], R>(work: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      if (Date.now() < until) throw refused();
      return work(...args);
    };
  return {
    getConnection: refusing(() => pool.getConnection()),
    query: refusing(pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>),
    end: async () => {},
  } as unknown as Pool;
}

/**
 * A pool whose next connection's COMMIT fails as a lost connection does, after the server applied
 * the transaction or after it rolled it back (the two cases a client cannot tell apart), or after a
 * rollback whose access-log ids another node then gave to rows of its own. With `goneMs`, the
 * database then refuses every connection and query for that long.
 */
function losingCommits(pool: Pool, fate: Fate, goneMs = 0) {
  let armed = true;
  let goneUntil = 0;
  const lost = () =>
    Object.assign(new Error('Connection lost: The server closed the connection.'), {
      code: 'PROTOCOL_CONNECTION_LOST',
      fatal: true,
    });
  const getConnection = async () => {
    if (Date.now() < goneUntil) throw refused();
    const conn = await pool.getConnection();
    if (!armed) return conn;
    armed = false;
    const logIds: number[] = [];
    return new Proxy(conn, {
      get(target, property) {
        if (property === 'query') {
          return async (sql: string, values: unknown[]) => {
            const result = await target.query(sql, values);
            logIds.push(...insertedIds(sql, result[0]));
            return result;
          };
        }
        if (property === 'commit') {
          return async () => {
            if (fate === 'applied') await target.commit();
            else await target.rollback();
            for (const id of fate === 'applied' || fate === 'rolled back' ? [] : logIds) {
              await target.query(
                "INSERT INTO access_logs (id, user_id, api_id, api_name, ip_address, access_url, user_agent, access_time, status_code, cost_milli, latency_ms) VALUES (?, NULL, 1, 'other', '10.0.0.1', '/apis/other', 'other', NOW() - INTERVAL 40 DAY, 200, 0, 0)",
                [id],
              );
            }
            goneUntil = Date.now() + goneMs;
            throw lost();
          };
        }
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
  };
  const query = async (...args: Parameters<Pool['query']>) => {
    if (Date.now() < goneUntil) throw refused();
    return pool.query(...args);
  };
  return { getConnection, query, end: async () => {} } as unknown as Pool;
}

/**
 * A pool whose connections' COMMIT succeeds, after which the database refuses every connection and
 * query for `ms`: it went away between a batch's commit and the reads that follow it.
 */
function goneAfterCommit(pool: Pool, ms: number): Pool {
  let goneUntil = 0;
  const gate = () => {
    if (Date.now() < goneUntil) throw refused();
  };
  const getConnection = async () => {
    gate();
    const conn = await pool.getConnection();
    return new Proxy(conn, {
      get(target, property) {
        if (property === 'commit') {
          return async () => {
            await target.commit();
            goneUntil = Date.now() + ms;
          };
        }
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
  };
  const query = async (...args: Parameters<Pool['query']>) => {
    gate();
    return pool.query(...args);
  };
  return { getConnection, query, end: async () => {} } as unknown as Pool;
}

/** `pool`, except that its first query matching `pattern` fails as a refused connection. */
function refusingOnce(pool: Pool, pattern: RegExp): Pool {
  let armed = true;
  const query = async (...args: Parameters<Pool['query']>) => {
    if (armed && typeof args[0] === 'string' && pattern.test(args[0])) {
      armed = false;
      throw refused();
    }
    return pool.query(...args);
  };
  return { ...pool, query } as unknown as Pool;
}

/**
 * On a log partitioned by month, the primary key is (id, access_time): another row under a batch's
 * id (made 40 days earlier above) does not collide with the replay's insert, so the replay must
 * find it itself.
 */
const LAYOUTS = ['one table', 'month partitions'] as const;

/**
 * Money moves whose COMMIT got no answer (a Galera node killed mid-commit) take effect exactly once,
 * whether or not the server had applied them.
 */
describeIf(Boolean(MYSQL_URL), 'TEST_MYSQL_URL')('money moves when a COMMIT gets no answer', () => {
  describe.each(LAYOUTS)('with the access log in %s', (layout) => {
    let database: Awaited<ReturnType<typeof migratedMysqlDatabase>>;
    let dataSource: DataSource;
    let pool: Pool;
    let mariadb: boolean;

    beforeAll(async () => {
      Logger.overrideLogger(false);
      database = await migratedMysqlDatabase('portico_ledger');
      dataSource = database.dataSource;
      if (layout === 'month partitions') await partitionLog(dataSource, 'UTC');
      pool = createPool({
        uri: database.url,
        connectionLimit: 4,
        timezone: 'Z',
        multipleStatements: true,
      });
      mariadb = database.mariadb;
    });

    afterAll(async () => {
      await pool?.end();
      await database?.drop();
    });

    const keyedUser = async (balance: number) => {
      const keyHash = createHash('sha256').update(randomBytes(16)).digest('hex');
      const username = `ledger_${randomBytes(4).toString('hex')}`;
      const result = await dataSource.query<{ insertId: number }>(
        "INSERT INTO users (username, username_key, password_hash, balance_milli, status) VALUES (?, ?, 'x', ?, 1)",
        [username, username, balance],
      );
      const key = await dataSource.query<{ insertId: number }>(
        "INSERT INTO api_keys (user_id, is_default, key_hash, key_hint) VALUES (?, 1, ?, 'x')",
        [result.insertId, keyHash],
      );
      return { id: result.insertId, keyId: key.insertId };
    };

    /** A keyed user holding `credit` until an hour from now (as a grant leaves it). */
    const creditedUser = async (balance: number, credit: number) => {
      const user = await keyedUser(balance);
      await dataSource.query(
        'UPDATE users SET credit_milli = ?, credit_until = UTC_TIMESTAMP() + INTERVAL 1 HOUR WHERE id = ?',
        [credit, user.id],
      );
      return user;
    };

    /**
     * A keyed user subscribed to a plan of `included` calls (at most `dayLimit` a day), its period
     * running now.
     */
    const plannedUser = async (
      balance: number,
      included: number,
      dayLimit: number | null = null,
    ) => {
      const user = await keyedUser(balance);
      const plan = await dataSource.query<{ insertId: number }>(
        "INSERT INTO plans (name, price_milli, period, included_calls) VALUES ('p', 0, 'month', ?)",
        [included],
      );
      const sub = await dataSource.query<{ insertId: number }>(
        'INSERT INTO plan_subscriptions (user_id, plan_id, period_start, period_end, included_calls, day_limit) VALUES (?, ?, UTC_TIMESTAMP() - INTERVAL 1 HOUR, UTC_TIMESTAMP() + INTERVAL 1 HOUR, ?, ?)',
        [user.id, plan.insertId, included, dayLimit],
      );
      return { ...user, subscriptionId: sub.insertId };
    };

    /** The windows a plan call of these tests counts in. */
    const windows = { hour: '2026-11-30 10', day: '2026-11-30', week: '2026-11-30' };

    const planUsed = async (subscriptionId: number) => {
      const [[row]] = await pool.query<RowDataPacket[]>(
        'SELECT used_calls FROM plan_subscriptions WHERE id = ?',
        [subscriptionId],
      );
      return Number(row.used_calls);
    };

    const creditOf = async (userId: number) => {
      const [[user]] = await pool.query<RowDataPacket[]>(
        'SELECT credit_milli FROM users WHERE id = ?',
        [userId],
      );
      const [logs] = await pool.query<RowDataPacket[]>(
        'SELECT charged_from, cost_milli, credit_milli FROM access_logs WHERE user_id = ? ORDER BY id',
        [userId],
      );
      return {
        credit: Number(user.credit_milli),
        logs: logs.map((row) => [
          row.charged_from,
          Number(row.cost_milli),
          Number(row.credit_milli),
        ]),
      };
    };

    const charge = (user: { id: number; keyId: number }): Charge => ({
      priceMilli: PRICE,
      counted: false,
      log: {
        user_id: user.id,
        api_key_id: user.keyId,
        request_id: randomUUID(),
        api_id: 1,
        api_name: 'paid',
        ip_address: '127.0.0.1',
        access_url: `/apis/paid?n=${randomBytes(4).toString('hex')}`,
        user_agent: 'jest',
        access_time: new Date(),
        status_code: 200,
        cost_milli: PRICE,
        latency_ms: 0,
        charged_from: 'balance',
      },
    });

    const cases: Fate[] = ['applied', 'rolled back'];

    const stateOf = async (userId: number) => {
      const [[user]] = await pool.query<RowDataPacket[]>(
        'SELECT balance_milli FROM users WHERE id = ?',
        [userId],
      );
      const [logs] = await pool.query<RowDataPacket[]>(
        'SELECT id, cost_milli FROM access_logs WHERE user_id = ? ORDER BY id',
        [userId],
      );
      return {
        balance: Number(user.balance_milli),
        logs: logs.map((row) => ({ id: Number(row.id), cost: Number(row.cost_milli) })),
      };
    };

    /** How many rows the log holds under `ids`: one each, whatever another row was given. */
    const rowsUnder = async (ids: number[]) => {
      const [[row]] = await pool.query<RowDataPacket[]>(
        'SELECT COUNT(*) AS n FROM access_logs WHERE id IN (?)',
        [ids],
      );
      return Number(row.n);
    };

    const fates: Fate[] = [...cases, 'rolled back, its log ids given to other rows'];
    // Log ids come from INSERT … RETURNING on MariaDB and from one insert a row on MySQL.
    it.each(fates.flatMap((fate) => RETURNING.map((returning) => ({ fate, returning }))))(
      'charges a batch whose COMMIT was $fate exactly once (RETURNING: $returning)',
      async ({ fate, returning }) => {
        const rich = await keyedUser(100);
        const poor = await keyedUser(0);
        const ledger = new MysqlLedger(losingCommits(pool, fate), returning);
        const results = await ledger.chargeBatch([charge(rich), charge(poor), charge(rich)]);
        expect(results.map((r) => r.ok)).toEqual([true, false, true]);
        const ids = results.flatMap((r) => (r.ok ? [r.logId] : []));
        expect(await stateOf(rich.id)).toEqual({
          balance: 100 - 2 * PRICE,
          logs: ids.map((id) => ({ id, cost: PRICE })),
        });
        expect(await stateOf(poor.id)).toEqual({ balance: 0, logs: [] });
        expect(await rowsUnder(ids)).toBe(ids.length);
      },
    );

    it.each(fates.flatMap((fate) => RETURNING.map((returning) => ({ fate, returning }))))(
      'takes free calls of a batch whose COMMIT was $fate exactly once (RETURNING: $returning)',
      async ({ fate, returning }) => {
        const user = await keyedUser(100);
        const quota = { apiId: 1, limit: 2, period: '2026-11-30' };
        const ledger = new MysqlLedger(losingCommits(pool, fate), returning);
        const results = await ledger.chargeBatch([1, 2, 3].map(() => ({ ...charge(user), quota })));
        expect(results.map((r) => (r.ok ? r.from : r.reason))).toEqual(['free', 'free', 'balance']);
        const ids = results.flatMap((r) => (r.ok ? [r.logId] : []));
        expect(await stateOf(user.id)).toEqual({
          balance: 100 - PRICE,
          logs: ids.map((id, i) => ({ id, cost: i < 2 ? 0 : PRICE })),
        });
        const [[use]] = await pool.query<RowDataPacket[]>(
          'SELECT used FROM free_quota_uses WHERE user_id = ? AND api_id = 1',
          [user.id],
        );
        expect(Number(use.used)).toBe(2);
        expect(await rowsUnder(ids)).toBe(ids.length);
      },
    );

    it.each(fates.flatMap((fate) => RETURNING.map((returning) => ({ fate, returning }))))(
      'spends credit in a batch whose COMMIT was $fate exactly once (RETURNING: $returning)',
      async ({ fate, returning }) => {
        const user = await creditedUser(100, 2 * PRICE);
        const ledger = new MysqlLedger(losingCommits(pool, fate), returning);
        const results = await ledger.chargeBatch([1, 2, 3].map(() => charge(user)));
        expect(results.map((r) => (r.ok ? r.from : r.reason))).toEqual([
          'credit',
          'credit',
          'balance',
        ]);
        expect((await stateOf(user.id)).balance).toBe(100 - PRICE);
        expect(await creditOf(user.id)).toEqual({
          credit: 0,
          logs: [
            ['credit', 0, PRICE],
            ['credit', 0, PRICE],
            ['balance', PRICE, 0],
          ],
        });
        const ids = results.flatMap((r) => (r.ok ? [r.logId] : []));
        expect(await rowsUnder(ids)).toBe(ids.length);
      },
    );

    it.each(fates.flatMap((fate) => RETURNING.map((returning) => ({ fate, returning }))))(
      'takes plan calls after the free quota in a batch whose COMMIT was $fate exactly once (RETURNING: $returning)',
      async ({ fate, returning }) => {
        const user = await plannedUser(100, 2);
        const quota = { apiId: 1, limit: 1, period: '2026-11-30' };
        const plan = { subscriptionId: user.subscriptionId, stop: false, windows };
        const ledger = new MysqlLedger(losingCommits(pool, fate), returning);
        const results = await ledger.chargeBatch(
          [1, 2, 3, 4].map(() => ({ ...charge(user), quota, plan })),
        );
        expect(results.map((r) => (r.ok ? r.from : r.reason))).toEqual([
          'free',
          'plan',
          'plan',
          'balance',
        ]);
        const ids = results.flatMap((r) => (r.ok ? [r.logId] : []));
        expect(await stateOf(user.id)).toEqual({
          balance: 100 - PRICE,
          logs: ids.map((id, i) => ({ id, cost: i < 3 ? 0 : PRICE })),
        });
        expect(await planUsed(user.subscriptionId)).toBe(2);
        expect(await rowsUnder(ids)).toBe(ids.length);
      },
    );

    it.each(fates.flatMap((fate) => RETURNING.map((returning) => ({ fate, returning }))))(
      "stops at a stopping plan's day limit in a batch whose COMMIT was $fate, charging nothing (RETURNING: $returning)",
      async ({ fate, returning }) => {
        const user = await plannedUser(100, 5, 2);
        const plan = { subscriptionId: user.subscriptionId, stop: true, windows };
        const ledger = new MysqlLedger(losingCommits(pool, fate), returning);
        const results = await ledger.chargeBatch([1, 2, 3].map(() => ({ ...charge(user), plan })));
        expect(results.map((r) => (r.ok ? r.from : r.reason))).toEqual([
          'plan',
          'plan',
          'plan_exhausted',
        ]);
        expect(results[2]).toMatchObject({ used_up: ['day'] });
        const ids = results.flatMap((r) => (r.ok ? [r.logId] : []));
        expect(await stateOf(user.id)).toEqual({
          balance: 100,
          logs: ids.map((id) => ({ id, cost: 0 })),
        });
        expect(await planUsed(user.subscriptionId)).toBe(2);
      },
    );

    /**
     * Batches not settled while their calls waited: the database gone longer than that, or back but
     * refusing the read of what paid for the settled rows (a refund could then give back the wrong
     * thing).
     */
    const unsettledWhen = {
      'the database is gone for 3 s': (fate: Fate) => losingCommits(pool, fate, 3000),
      'its rows cannot be read': (fate: Fate) =>
        refusingOnce(losingCommits(pool, fate), /charged_from IN \('free', 'plan', 'credit'\)/),
    };
    const unsettledCases = Object.keys(unsettledWhen).flatMap((when) =>
      fates.flatMap((fate) => RETURNING.map((returning) => ({ fate, returning, when }))),
    ) as { fate: Fate; returning: boolean; when: keyof typeof unsettledWhen }[];
    it.concurrent.each(unsettledCases)(
      'refunds a batch whose COMMIT was $fate when $when (RETURNING: $returning)',
      async ({ fate, returning, when }) => {
        const user = await keyedUser(100);
        const settling = { rounds: 2, pauseMs: 10, latePauseMs: 50 };
        const ledger = new MysqlLedger(unsettledWhen[when](fate), returning, settling);
        const charges = [charge(user), charge(user)];
        await expect(ledger.chargeBatch(charges)).rejects.toThrow('ECONNREFUSED');
        expect(ledger.unsettledCharges).toBe(2);
        // Its calls are never charged again: the charge queue retries a failed batch's one by one.
        await expect(ledger.chargeBatch([charges[0]])).rejects.toThrow('not tried again');
        await until(() => (ledger.unsettledCharges === 0 ? true : undefined));
        const logs = await rowsOf(
          'SELECT request_id, status_code, cost_milli FROM access_logs WHERE user_id = ? ORDER BY id',
          [user.id],
        );
        expect({ balance: (await stateOf(user.id)).balance, logs }).toEqual({
          balance: 100,
          logs: charges.map((made) => ({
            request_id: made.log.request_id,
            status_code: 503,
            cost_milli: 0,
          })),
        });
      },
    );

    it.concurrent.each(unsettledCases)(
      'gives credit back for a batch whose COMMIT was $fate when $when (RETURNING: $returning)',
      async ({ fate, returning, when }) => {
        const user = await creditedUser(0, 2 * PRICE);
        const settling = { rounds: 2, pauseMs: 10, latePauseMs: 50 };
        const ledger = new MysqlLedger(unsettledWhen[when](fate), returning, settling);
        await expect(ledger.chargeBatch([charge(user), charge(user)])).rejects.toThrow(
          'ECONNREFUSED',
        );
        await until(() => (ledger.unsettledCharges === 0 ? true : undefined));
        const { credit, logs } = await creditOf(user.id);
        expect({ credit, balance: (await stateOf(user.id)).balance }).toEqual({
          credit: 2 * PRICE,
          balance: 0,
        });
        // Applied, its rows stay as refunded calls; rolled back, there are none.
        expect(
          logs.every(([from, cost, spent]) => from === null && cost === 0 && spent === 0),
        ).toBe(true);
      },
    );

    it.concurrent.each(unsettledCases)(
      'gives plan calls back for a batch whose COMMIT was $fate when $when (RETURNING: $returning)',
      async ({ fate, returning, when }) => {
        const user = await plannedUser(0, 2);
        const plan = { subscriptionId: user.subscriptionId, stop: false, windows };
        const settling = { rounds: 2, pauseMs: 10, latePauseMs: 50 };
        const ledger = new MysqlLedger(unsettledWhen[when](fate), returning, settling);
        await expect(
          ledger.chargeBatch([1, 2].map(() => ({ ...charge(user), plan }))),
        ).rejects.toThrow('ECONNREFUSED');
        await until(() => (ledger.unsettledCharges === 0 ? true : undefined));
        expect(await planUsed(user.subscriptionId)).toBe(0);
        const { logs } = await creditOf(user.id);
        expect(logs.every(([from, cost]) => from === null && cost === 0)).toBe(true);
      },
    );

    it.each(RETURNING)(
      'answers a committed batch when the database goes before its refusals are read (RETURNING: %s)',
      async (returning) => {
        const rich = await keyedUser(100);
        const poor = await keyedUser(0);
        const ledger = new MysqlLedger(goneAfterCommit(pool, 1000), returning);
        const results = await ledger.chargeBatch([charge(rich), charge(poor), charge(rich)]);
        // The charged calls stand (failing the batch would have the queue charge them again); the
        // refused one, charged nothing, is answered as the database being unavailable.
        expect(results.map((r) => (r.ok ? 'charged' : r.reason))).toEqual([
          'charged',
          'unavailable',
          'charged',
        ]);
        const ids = results.flatMap((r) => (r.ok ? [r.logId] : []));
        expect(await stateOf(rich.id)).toEqual({
          balance: 100 - 2 * PRICE,
          logs: ids.map((id) => ({ id, cost: PRICE })),
        });
        expect(await stateOf(poor.id)).toEqual({ balance: 0, logs: [] });
      },
    );

    const journalDir = () => mkdtempSync(join(tmpdir(), 'portico-owed-'));

    it.each(cases)(
      'leaves a batch (%s) unsettled at shutdown to the next start, which refunds it',
      async (fate) => {
        const user = await keyedUser(100);
        const settling = { rounds: 1, pauseMs: 10, latePauseMs: 50 };
        const journal = new OwedJournal(journalDir());
        const gone = losingCommits(pool, fate, 60_000);
        const ledger = new MysqlLedger(gone, mariadb, settling, journal);
        const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => {});
        const made = [charge(user), charge(user)];
        try {
          await expect(ledger.chargeBatch(made)).rejects.toThrow('ECONNREFUSED');
          await ledger.onApplicationShutdown();
          expect(ledger.unsettledCharges).toBe(0);
          const requests = made.map((m) => m.log.request_id).join(', ');
          expect(error.mock.calls.map(([line]) => String(line))).toEqual([
            `gave up (Error: connect ECONNREFUSED 127.0.0.1:3306), left to the next start in ${journal.dir}: charges whose COMMIT got no answer, their calls answered 503, are settled and refunded if applied: ${requests}`,
          ]);
        } finally {
          error.mockRestore();
        }
        expect((await stateOf(user.id)).balance).toBe(fate === 'applied' ? 100 - 2 * PRICE : 100);
        expect((await journal.left()).entries).toHaveLength(1);

        // The next start (the database back) refunds what was charged, once, and forgets the entry.
        const next = new MysqlLedger(pool, mariadb, settling, journal);
        await next.onApplicationBootstrap();
        await until(() => (next.unsettledCharges === 0 ? true : undefined));
        const logs = await rowsOf(
          'SELECT request_id, status_code, cost_milli, charged_from FROM access_logs WHERE user_id = ? ORDER BY id',
          [user.id],
        );
        expect({ balance: (await stateOf(user.id)).balance, logs }).toEqual({
          balance: 100,
          logs:
            fate === 'applied'
              ? made.map((m) => ({
                  request_id: m.log.request_id,
                  status_code: 503,
                  cost_milli: 0,
                  charged_from: null,
                }))
              : [],
        });
        expect(readdirSync(journal.dir)).toEqual([]);
        // Taken up again (another instance on the same directory), it changes nothing.
        await journal.keep({ statusCode: 503, charges: made });
        await next.onApplicationBootstrap();
        await until(() => (next.unsettledCharges === 0 ? true : undefined));
        expect((await stateOf(user.id)).balance).toBe(100);
      },
    );

    it('sets an entry it cannot read aside, naming it, and starts', async () => {
      const journal = new OwedJournal(journalDir());
      writeFileSync(join(journal.dir, 'damaged.json'), '{"statusCode": 503, "char');
      const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => {});
      try {
        await new MysqlLedger(pool, mariadb, undefined, journal).onApplicationBootstrap();
        expect(error.mock.calls.map(([line]) => String(line))).toEqual([
          `refunds owed could not be read from ${join(journal.dir, 'damaged.json.unreadable')}: refund its calls by hand`,
        ]);
      } finally {
        error.mockRestore();
      }
      expect(readdirSync(journal.dir)).toEqual(['damaged.json.unreadable']);
    });

    it('keeps a refund the database refused for the next start, which writes it', async () => {
      const user = await keyedUser(100);
      const made = charge(user);
      const [charged] = await new MysqlLedger(pool, mariadb).chargeBatch([made]);
      if (!charged.ok) throw new Error('not charged');
      const settling = { rounds: 1, pauseMs: 10, latePauseMs: 50 };
      const journal = new OwedJournal(journalDir());
      const ledger = new MysqlLedger(goneFor(pool, 60_000), mariadb, settling, journal);
      const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => {});
      try {
        const refund = {
          logId: charged.logId,
          charge: made,
          statusCode: 502,
          from: 'balance' as const,
        };
        await expect(ledger.refund(refund)).rejects.toThrow('ECONNREFUSED');
        await ledger.onApplicationShutdown();
      } finally {
        error.mockRestore();
      }
      expect((await stateOf(user.id)).balance).toBe(100 - PRICE);
      const next = new MysqlLedger(pool, mariadb, settling, journal);
      await next.onApplicationBootstrap();
      await until(() => (next.unsettledCharges === 0 ? true : undefined));
      expect(
        await rowsOf('SELECT status_code, cost_milli FROM access_logs WHERE id = ?', [
          charged.logId,
        ]),
      ).toEqual([{ status_code: 502, cost_milli: 0 }]);
      expect((await stateOf(user.id)).balance).toBe(100);
      expect(readdirSync(journal.dir)).toEqual([]);
    });

    it('refunds a failed call once the database is back when it was gone at the refund', async () => {
      const user = await keyedUser(100);
      const made = charge(user);
      const [charged] = await new MysqlLedger(pool, mariadb).chargeBatch([made]);
      if (!charged.ok) throw new Error('not charged');
      const settling = { rounds: 2, pauseMs: 10, latePauseMs: 50 };
      const ledger = new MysqlLedger(goneFor(pool, 2000), mariadb, settling);
      const refund = {
        logId: charged.logId,
        charge: made,
        statusCode: 502,
        from: 'balance' as const,
      };
      await expect(ledger.refund(refund)).rejects.toThrow('ECONNREFUSED');
      expect(ledger.unsettledCharges).toBe(1);
      await until(() => (ledger.unsettledCharges === 0 ? true : undefined));
      expect(await stateOf(user.id)).toEqual({
        balance: 100,
        logs: [{ id: charged.logId, cost: 0 }],
      });
    });

    it.each(cases)('refunds a call whose refund COMMIT was %s exactly once', async (fate) => {
      const user = await keyedUser(100);
      const made = charge(user);
      const [charged] = await new MysqlLedger(pool, mariadb).chargeBatch([made]);
      if (!charged.ok) throw new Error('not charged');
      await new MysqlLedger(losingCommits(pool, fate), mariadb).refund({
        logId: charged.logId,
        charge: made,
        statusCode: 502,
        from: 'balance',
      });
      expect(await stateOf(user.id)).toEqual({
        balance: 100,
        logs: [{ id: charged.logId, cost: 0 }],
      });
    });

    const rowsOf = async (sql: string, values: unknown[]) =>
      (await pool.query<RowDataPacket[]>(sql, values))[0].map((row) => ({ ...row }));

    // The database also gone for 3 s after the COMMIT: the credit is run again until it answers.
    it.concurrent.each(cases.flatMap((fate) => [0, 3000].map((goneMs) => ({ fate, goneMs }))))(
      'credits an order whose COMMIT was $fate exactly once, the database gone $goneMs ms',
      async ({ fate, goneMs }) => {
        const user = await keyedUser(0);
        const orders = new MysqlOrderLedger(losingCommits(pool, fate, goneMs));
        const outTradeNo = `2026${randomBytes(6).toString('hex')}`;
        const outcome = await orders.credit(
          {
            user_id: user.id,
            out_trade_no: outTradeNo,
            amount_milli: 12_500,
            paid_amount: '12.50',
            source: 'query',
            raw: '{}',
          },
          null,
        );
        expect(outcome).toEqual({ outcome: 'credited', balance_milli: 12_500 });
        expect(
          await rowsOf(
            'SELECT user_id, amount_milli, state FROM recharge_records WHERE out_trade_no = ?',
            [outTradeNo],
          ),
        ).toEqual([{ user_id: user.id, amount_milli: 12500, state: 'credited' }]);
        expect((await stateOf(user.id)).balance).toBe(12_500);
      },
    );

    // The invitee's first order pays its inviter a credit reward in the same transaction.
    it.each(cases)(
      'credits a first order whose COMMIT was %s once, its inviter rewarded in credit once',
      async (fate) => {
        await pool.query('DELETE FROM site_config');
        await pool.query(
          `INSERT INTO site_config (analytics_code, home_notice, site_start_time,
             referral_reward_milli, referral_cap, referral_credit_days)
           VALUES ('', '', UTC_TIMESTAMP(), 3000, 5, 30)`,
        );
        const inviter = await keyedUser(0);
        const invitee = await keyedUser(0);
        await pool.query(
          'INSERT INTO referral_inviters (user_id, code, rewarded) VALUES (?, LEFT(UUID(), 10), 0)',
          [inviter.id],
        );
        await pool.query("INSERT INTO referrals (inviter_id, invitee_id, ip) VALUES (?, ?, 'x')", [
          inviter.id,
          invitee.id,
        ]);
        const orders = new MysqlOrderLedger(losingCommits(pool, fate, 3000));
        const outcome = await orders.credit(
          {
            user_id: invitee.id,
            out_trade_no: `2026${randomBytes(6).toString('hex')}`,
            amount_milli: 10_000,
            paid_amount: '10.00',
            source: 'query',
            raw: '{}',
          },
          null,
        );
        expect(outcome).toEqual({ outcome: 'credited', balance_milli: 10_000 });
        expect(
          await rowsOf(
            `SELECT r.state, i.rewarded, w.value_milli, g.amount_milli, g.reason, u.balance_milli, u.credit_milli
             FROM referrals r JOIN referral_inviters i ON i.user_id = r.inviter_id
               JOIN referral_rewards w ON w.referral_id = r.id
               JOIN credit_grants g ON g.id = w.credit_grant_id
               JOIN users u ON u.id = r.inviter_id
             WHERE r.invitee_id = ?`,
            [invitee.id],
          ),
        ).toEqual([
          {
            state: 'rewarded',
            rewarded: 1,
            value_milli: 3000,
            amount_milli: 3000,
            reason: 'referral',
            balance_milli: 0,
            credit_milli: 3000,
          },
        ]);
        expect(
          await rowsOf('SELECT COUNT(*) AS n FROM credit_grants WHERE user_id = ?', [inviter.id]),
        ).toEqual([{ n: 1 }]);
      },
    );

    it.each(cases)('adjusts a balance whose COMMIT was %s exactly once', async (fate) => {
      const user = await keyedUser(100);
      const book = new MysqlBalanceBook(losingCommits(pool, fate));
      expect(await book.adjust(user.id, 1, 40, 'goodwill')).toEqual({
        ok: true,
        balance_milli: 140,
      });
      expect(
        await rowsOf('SELECT delta_milli FROM balance_adjustments WHERE user_id = ?', [user.id]),
      ).toEqual([{ delta_milli: 40 }]);
      expect((await stateOf(user.id)).balance).toBe(140);
    });

    // The database gone for 3 s after the COMMIT: the move is run again until it answers.
    it.concurrent.each(cases)(
      'adjusts a balance whose COMMIT was %s once, the database gone 3 s',
      async (fate) => {
        const user = await keyedUser(100);
        const book = new MysqlBalanceBook(losingCommits(pool, fate, 3000));
        expect(await book.adjust(user.id, 1, 40, 'goodwill')).toEqual({
          ok: true,
          balance_milli: 140,
        });
        expect((await stateOf(user.id)).balance).toBe(140);
      },
    );

    // Told to try again, an admin would make an applied adjustment twice: told to look instead.
    it.each(cases)(
      'answers an adjustment whose COMMIT was %s as unknown when the database stays gone',
      async (fate) => {
        const user = await keyedUser(100);
        const replaying = { rounds: 2, pauseMs: 10 };
        const book = new MysqlBalanceBook(losingCommits(pool, fate, 2000), replaying);
        await expect(book.adjust(user.id, 1, 40, 'goodwill')).rejects.toMatchObject({
          code: 'server.outcome_unknown',
          status: 503,
        });
        expect((await stateOf(user.id)).balance).toBe(fate === 'applied' ? 140 : 100);
      },
    );

    /** A user with `balance` and a code worth ¥2.5 (its hash), cash or credit for 30 days. */
    const withCode = async (balance: number, kind: 'cash' | 'credit' = 'cash') => {
      const user = await keyedUser(balance);
      const [batch] = await pool.query<{ insertId: number } & RowDataPacket[]>(
        "INSERT INTO redeem_batches (name, kind, value_milli, code_count, uses_per_code, per_user_limit, admin_id, credit_days) VALUES ('ambiguous', ?, 2500, 1, 1, 1, 1, ?)",
        [kind, kind === 'credit' ? 30 : null],
      );
      const hash = randomBytes(32).toString('hex');
      await pool.query(
        "INSERT INTO redeem_codes (batch_id, code_hash, code_sealed) VALUES (?, ?, 'sealed')",
        [batch.insertId, hash],
      );
      return { user, hash };
    };

    const redemptionsOf = (userId: number) =>
      rowsOf(
        'SELECT r.value_milli, c.uses FROM redemptions r JOIN redeem_codes c ON c.id = r.code_id WHERE r.user_id = ?',
        [userId],
      );

    it.each(cases)('redeems a code whose COMMIT was %s exactly once', async (fate) => {
      const { user, hash } = await withCode(100);
      const codes = new MysqlCodeLedger(losingCommits(pool, fate));
      expect(await codes.redeem(user.id, hash)).toEqual({
        ok: true,
        kind: 'cash',
        value_milli: 2500,
        balance_milli: 2600,
      });
      expect(await redemptionsOf(user.id)).toEqual([{ value_milli: 2500, uses: 1 }]);
      expect((await stateOf(user.id)).balance).toBe(2600);
    });

    it.concurrent.each(cases)(
      'redeems a code whose COMMIT was %s once, the database gone 3 s',
      async (fate) => {
        const { user, hash } = await withCode(100);
        const codes = new MysqlCodeLedger(losingCommits(pool, fate, 3000));
        expect(await codes.redeem(user.id, hash)).toMatchObject({ ok: true, balance_milli: 2600 });
        expect(await redemptionsOf(user.id)).toEqual([{ value_milli: 2500, uses: 1 }]);
      },
    );

    it.each(cases)('grants a credit code whose COMMIT was %s exactly once', async (fate) => {
      const { user, hash } = await withCode(100, 'credit');
      const codes = new MysqlCodeLedger(losingCommits(pool, fate));
      expect(await codes.redeem(user.id, hash)).toMatchObject({
        ok: true,
        kind: 'credit',
        value_milli: 2500,
        balance_milli: 100,
        credit: { credit_milli: 2500 },
      });
      expect(await redemptionsOf(user.id)).toEqual([{ value_milli: 2500, uses: 1 }]);
      expect(
        await rowsOf(
          'SELECT g.amount_milli, g.reason, u.credit_milli FROM credit_grants g JOIN users u ON u.id = g.user_id WHERE g.user_id = ?',
          [user.id],
        ),
      ).toEqual([{ amount_milli: 2500, reason: 'code', credit_milli: 2500 }]);
    });

    // Run again, the applied redemption's credit would pass the ceiling: its row is the answer.
    it('answers a redemption applied up to the balance ceiling as made', async () => {
      const { user, hash } = await withCode(MAX_BALANCE_MILLI - 2500);
      const codes = new MysqlCodeLedger(losingCommits(pool, 'applied'));
      expect(await codes.redeem(user.id, hash)).toEqual({
        ok: true,
        kind: 'cash',
        value_milli: 2500,
        balance_milli: MAX_BALANCE_MILLI,
      });
      expect(await redemptionsOf(user.id)).toEqual([{ value_milli: 2500, uses: 1 }]);
    });
  });
});
