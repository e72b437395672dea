import { Logger } from '@nestjs/common';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Pool, ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import { migratedMysqlDatabase } from '../../../test/mysql-database';
import { describeIf, isMariadb } from '../../../test/requires';
import { keySpend, quotaMove, userMove } from './ledger';
import type { Charge, QuotaTake } from './ledger';
import { ledgerPool, MysqlLedger } from './mysql-ledger';

const MYSQL_URL = process.env.TEST_MYSQL_URL;
/** Log ids come from INSERT … RETURNING only on MariaDB. */
const MARIADB = MYSQL_URL !== undefined && isMariadb(MYSQL_URL);
const onMariadb = MARIADB ? it : it.skip;
const PRICE = 5;
/** What a charge paid from the balance answers besides its row and balance. */
const PAID = { from: 'balance', quota_used: null } as const;

/**
 * A batch of charges written in a few round trips ends as if its charges had run one by one:
 * refusals, caps, the balances told and the log rows written.
 */
describeIf(Boolean(MYSQL_URL), 'TEST_MYSQL_URL')('MySQL ledger batches', () => {
  let database: Awaited<ReturnType<typeof migratedMysqlDatabase>>;
  let pool: Pool;

  beforeAll(async () => {
    Logger.overrideLogger(false);
    database = await migratedMysqlDatabase('portico_batch');
    pool = ledgerPool(database.dataSource);
  });

  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  const newUser = async (balance: number) => {
    const username = `batch_${randomBytes(4).toString('hex')}`;
    const user = await database.dataSource.query<{ insertId: number }>(
      "INSERT INTO users (username, username_key, password_hash, balance_milli, status) VALUES (?, ?, 'x', ?, 1)",
      [username, username, balance],
    );
    return user.insertId;
  };

  const newKey = async (userId: number, dailyCap: number | null) => {
    const key = await database.dataSource.query<{ insertId: number }>(
      "INSERT INTO api_keys (user_id, name, is_default, key_hash, key_hint, daily_cap_milli) VALUES (?, 'k', ?, ?, 'x', ?)",
      [
        userId,
        dailyCap === null ? 1 : 0,
        createHash('sha256').update(randomBytes(16)).digest('hex'),
        dailyCap,
      ],
    );
    return key.insertId;
  };

  const charge = (userId: number, keyId: number, counted: boolean): Charge => ({
    priceMilli: PRICE,
    counted,
    log: {
      user_id: userId,
      api_key_id: keyId,
      request_id: randomUUID(),
      api_id: 1,
      api_name: 'paid',
      ip_address: '127.0.0.1',
      access_url: '/apis/paid',
      user_agent: 'jest',
      access_time: new Date(),
      status_code: 200,
      cost_milli: PRICE,
      latency_ms: 0,
      charged_from: 'balance',
    },
  });

  /** Rows as plain objects, BIGINT columns (strings from mysql2) as numbers. */
  const rows = async (sql: string, values: unknown[]) =>
    (await pool.query<RowDataPacket[]>(sql, values))[0].map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([column, value]) => [
          column,
          typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value,
        ]),
      ),
    );

  /** A call of an API whose free quota gives each user `limit` calls in the period. */
  const quotaCharge = (userId: number, keyId: number, limit: number, counted = false): Charge => ({
    ...charge(userId, keyId, counted),
    quota: { apiId: 1, limit, period: '2026-11-30' },
  });

  // Log ids come from INSERT … RETURNING on MariaDB and from one insert a row on MySQL.
  describe.each(MARIADB ? [true, false] : [false])('RETURNING: %s', (returning) => {
    const ledger = () => new MysqlLedger(pool, returning);

    it('writes the rows of the charged calls only, under the ids it answers', async () => {
      const rich = await newUser(100);
      const poor = await newUser(PRICE - 1);
      const richKey = await newKey(rich, null);
      const poorKey = await newKey(poor, null);
      const batch = [
        charge(rich, richKey, false),
        charge(poor, poorKey, false),
        charge(rich, richKey, false),
      ];
      const results = await ledger().chargeBatch(batch);
      expect(results).toEqual([
        { ok: true, logId: expect.any(Number), balance_milli: 95, ...PAID },
        { ok: false, reason: 'insufficient', balance_milli: PRICE - 1 },
        { ok: true, logId: expect.any(Number), balance_milli: 90, ...PAID },
      ]);
      const ids = results.flatMap((r) => (r.ok ? [r.logId] : []));
      expect(
        await rows('SELECT id, request_id FROM access_logs WHERE user_id IN (?, ?) ORDER BY id', [
          rich,
          poor,
        ]),
      ).toEqual([
        { id: ids[0], request_id: batch[0].log.request_id },
        { id: ids[1], request_id: batch[2].log.request_id },
      ]);
    });

    it("charges a call its user's money allows once a cap gave back a neighbour's debit", async () => {
      // Money for two calls; the capped key's call comes first and is refused by its cap.
      const user = await newUser(2 * PRICE);
      const capped = await newKey(user, PRICE - 1);
      const plain = await newKey(user, null);
      const results = await ledger().chargeBatch([
        charge(user, capped, true),
        charge(user, plain, false),
        charge(user, plain, false),
        charge(user, plain, false),
      ]);
      expect(results).toEqual([
        { ok: false, reason: 'cap', cap: 'daily', cap_milli: PRICE - 1 },
        { ok: true, logId: expect.any(Number), balance_milli: PRICE, ...PAID },
        { ok: true, logId: expect.any(Number), balance_milli: 0, ...PAID },
        { ok: false, reason: 'insufficient', balance_milli: 0 },
      ]);
      expect(await rows('SELECT balance_milli FROM users WHERE id = ?', [user])).toEqual([
        { balance_milli: 0 },
      ]);
      expect(await rows('SELECT COUNT(*) AS n FROM access_logs WHERE user_id = ?', [user])).toEqual(
        [{ n: 2 }],
      );
      expect(await rows('SELECT spent_day_milli FROM api_keys WHERE id = ?', [capped])).toEqual([
        { spent_day_milli: 0 },
      ]);
    });

    it('takes free calls first, debits the rest, and tells each the balance it left', async () => {
      const user = await newUser(3 * PRICE);
      const plain = await newKey(user, null);
      const capped = await newKey(user, PRICE - 1);
      const results = await ledger().chargeBatch([
        quotaCharge(user, plain, 2),
        quotaCharge(user, plain, 2),
        quotaCharge(user, plain, 2),
        charge(user, capped, true),
        quotaCharge(user, capped, 2, true),
      ]);
      // As if one by one: two free calls, a paid one, a capped refusal, and a paid one whose cap
      // (counted at the price) is too small: refused too, its debit given back.
      expect(results).toEqual([
        { ok: true, logId: expect.any(Number), balance_milli: null, from: 'free', quota_used: 1 },
        { ok: true, logId: expect.any(Number), balance_milli: null, from: 'free', quota_used: 2 },
        { ok: true, logId: expect.any(Number), balance_milli: 2 * PRICE, ...PAID },
        { ok: false, reason: 'cap', cap: 'daily', cap_milli: PRICE - 1 },
        { ok: false, reason: 'cap', cap: 'daily', cap_milli: PRICE - 1 },
      ]);
      expect(await rows('SELECT balance_milli FROM users WHERE id = ?', [user])).toEqual([
        { balance_milli: 2 * PRICE },
      ]);
      expect(
        await rows(
          'SELECT cost_milli, charged_from FROM access_logs WHERE user_id = ? ORDER BY id',
          [user],
        ),
      ).toEqual([
        { cost_milli: 0, charged_from: 'free' },
        { cost_milli: 0, charged_from: 'free' },
        { cost_milli: PRICE, charged_from: 'balance' },
      ]);
      expect(
        await rows('SELECT used FROM free_quota_uses WHERE user_id = ? AND api_id = 1', [user]),
      ).toEqual([{ used: 2 }]);
    });

    it('counts a key’s spend up to its cap within one batch', async () => {
      const user = await newUser(100);
      const key = await newKey(user, 2 * PRICE);
      const results = await ledger().chargeBatch([
        charge(user, key, true),
        charge(user, key, true),
        charge(user, key, true),
      ]);
      expect(results.map((r) => (r.ok ? r.balance_milli : r.reason))).toEqual([95, 90, 'cap']);
      expect(await rows('SELECT spent_day_milli FROM api_keys WHERE id = ?', [key])).toEqual([
        { spent_day_milli: 2 * PRICE },
      ]);
      expect(await rows('SELECT balance_milli FROM users WHERE id = ?', [user])).toEqual([
        { balance_milli: 90 },
      ]);
    });
  });

  onMariadb(
    'on MariaDB, writes a batch sends after its first only inside the transaction',
    async () => {
      const user = await newUser(100);
      const key = await newKey(user, null);
      const { debit, spend, undoDebit, take } = new MysqlLedger(pool, true)['batchSql'];
      const counted = charge(user, key, true);
      const free = quotaCharge(user, key, 5) as Charge & { quota: QuotaTake };
      await pool.query('INSERT INTO free_quota_uses (user_id, api_id) VALUES (?, 1)', [user]);
      const writes: [string, unknown[]][] = [
        [debit.text, debit.values(userMove(counted))],
        [spend.text, spend.values(keySpend(counted))],
        [undoDebit.text, undoDebit.values(userMove(counted))],
        [take.text, take.values(quotaMove(free))],
      ];
      const conn = await pool.getConnection();
      try {
        // What a Galera abort leaves of a running query: its statements, outside any transaction.
        for (const [sql, values] of writes) {
          expect((await conn.query<ResultSetHeader>(sql, values))[0].affectedRows).toBe(0);
        }
        await conn.beginTransaction();
        for (const [sql, values] of writes) {
          expect((await conn.query<ResultSetHeader>(sql, values))[0].affectedRows).toBe(1);
        }
        await conn.rollback();
      } finally {
        conn.release();
      }
      expect(await rows('SELECT balance_milli FROM users WHERE id = ?', [user])).toEqual([
        { balance_milli: 100 },
      ]);
    },
  );
});
