import { Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { Pool, RowDataPacket } from 'mysql2/promise';
import { migratedMysqlDatabase } from '../../../test/mysql-database';
import { withDateAhead } from '../../../test/clock';
import { describeIf } from '../../../test/requires';
import { MysqlCodeLedger } from './code-ledger';
import { ledgerPool } from './mysql-ledger';

const HOUR = 3_600_000;

/**
 * A batch's expiry is judged on the database's clock: an instance whose clock is behind takes no
 * code the database calls expired, and one ahead refuses none still good.
 */
describeIf(Boolean(process.env.TEST_MYSQL_URL), 'TEST_MYSQL_URL')(
  'MySQL code ledger: expiry on the database clock',
  () => {
    let database: Awaited<ReturnType<typeof migratedMysqlDatabase>>;
    let pool: Pool;

    beforeAll(async () => {
      Logger.overrideLogger(false);
      database = await migratedMysqlDatabase('portico_codes');
      pool = ledgerPool(database.dataSource);
    });

    afterAll(async () => {
      await pool?.end();
      await database?.drop();
    });

    /** A one-code batch that expires `seconds` from the database's now (negative: expired). */
    const codeExpiring = async (seconds: number) => {
      const [batch] = await pool.query<{ insertId: number } & RowDataPacket[]>(
        `INSERT INTO redeem_batches (name, kind, value_milli, code_count, uses_per_code, per_user_limit, admin_id, expires_at)
         VALUES ('clock', 'cash', 1000, 1, 1, 1, 1, UTC_TIMESTAMP(3) + INTERVAL ? SECOND)`,
        [seconds],
      );
      const hash = randomBytes(32).toString('hex');
      await pool.query(
        "INSERT INTO redeem_codes (batch_id, code_hash, code_sealed) VALUES (?, ?, 'sealed')",
        [batch.insertId, hash],
      );
      return hash;
    };

    const newUser = async () => {
      const username = `codes_${randomBytes(4).toString('hex')}`;
      const user = await database.dataSource.query<{ insertId: number }>(
        "INSERT INTO users (username, username_key, password_hash, balance_milli, status) VALUES (?, ?, 'x', 0, 1)",
        [username, username],
      );
      return user.insertId;
    };

    it('refuses a code expired a minute ago on an instance an hour behind', async () => {
      const hash = await codeExpiring(-60);
      const userId = await newUser();
      expect(
        await withDateAhead(-HOUR, () => new MysqlCodeLedger(pool).redeem(userId, hash)),
      ).toEqual({
        ok: false,
        reason: 'code_expired',
      });
      const [[user]] = await pool.query<RowDataPacket[]>(
        'SELECT balance_milli FROM users WHERE id = ?',
        [userId],
      );
      expect(Number(user.balance_milli)).toBe(0);
    });

    it('takes a code good for another hour on an instance two hours ahead', async () => {
      const hash = await codeExpiring(3600);
      const userId = await newUser();
      expect(
        await withDateAhead(2 * HOUR, () => new MysqlCodeLedger(pool).redeem(userId, hash)),
      ).toEqual({
        ok: true,
        kind: 'cash',
        value_milli: 1000,
        balance_milli: 1000,
      });
    });
  },
);
