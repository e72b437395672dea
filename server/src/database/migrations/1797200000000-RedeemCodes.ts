import { MigrationInterface, QueryRunner, Table, TableColumnOptions, TableIndex } from 'typeorm';

const id: TableColumnOptions = {
  name: 'id',
  type: 'integer',
  isPrimary: true,
  isGenerated: true,
  generationStrategy: 'increment',
};

/**
 * Redeem codes: batches an admin generates (what each code is worth, how often a code and how many
 * codes one user may redeem, until when), their codes (an HMAC to look one up by, the code sealed
 * for the batch's CSV), each redemption (the ledger's record of cash that came in through a code)
 * and each user's count per batch. Only adds tables: an older release beside this one has no
 * redeem page and ignores them.
 */
export class RedeemCodes1797200000000 implements MigrationInterface {
  name = 'RedeemCodes1797200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type !== 'better-sqlite3';
    const createdAt: TableColumnOptions = mysql
      ? { name: 'created_at', type: 'datetime', precision: 6, default: 'CURRENT_TIMESTAMP(6)' }
      : { name: 'created_at', type: 'datetime', default: "datetime('now')" };
    await queryRunner.createTable(
      new Table({
        name: 'redeem_batches',
        columns: [
          id,
          { name: 'name', type: 'varchar', length: '100' },
          { name: 'kind', type: 'varchar', length: '8', default: "'cash'" },
          { name: 'value_milli', type: 'bigint' },
          { name: 'code_count', type: 'integer' },
          { name: 'uses_per_code', type: 'integer', default: 1 },
          { name: 'per_user_limit', type: 'integer', default: 1 },
          { name: 'expires_at', type: 'datetime', isNullable: true },
          { name: 'disabled_at', type: 'datetime', isNullable: true },
          { name: 'admin_id', type: 'integer' },
          createdAt,
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'redeem_codes',
        columns: [
          id,
          { name: 'batch_id', type: 'integer' },
          { name: 'code_hash', type: 'varchar', length: '64' },
          { name: 'code_sealed', type: 'varchar', length: '128' },
          { name: 'uses', type: 'integer', default: 0 },
        ],
        indices: [
          new TableIndex({
            name: 'uq_redeem_codes_hash',
            columnNames: ['code_hash'],
            isUnique: true,
          }),
          new TableIndex({ name: 'idx_redeem_codes_batch', columnNames: ['batch_id', 'id'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'redemptions',
        columns: [
          id,
          { name: 'code_id', type: 'integer' },
          { name: 'batch_id', type: 'integer' },
          { name: 'user_id', type: 'integer' },
          { name: 'kind', type: 'varchar', length: '8' },
          { name: 'value_milli', type: 'bigint' },
          createdAt,
        ],
        indices: [
          new TableIndex({
            name: 'uq_redemptions_code_user',
            columnNames: ['code_id', 'user_id'],
            isUnique: true,
          }),
          new TableIndex({ name: 'idx_redemptions_user', columnNames: ['user_id', 'id'] }),
          new TableIndex({ name: 'idx_redemptions_batch', columnNames: ['batch_id'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'redeem_user_uses',
        columns: [
          { name: 'batch_id', type: 'integer', isPrimary: true },
          { name: 'user_id', type: 'integer', isPrimary: true },
          { name: 'used', type: 'integer', default: 0 },
        ],
      }),
    );
    if (mysql) {
      await queryRunner.query(
        'ALTER TABLE `redeem_batches` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci',
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('redeem_user_uses');
    await queryRunner.dropTable('redemptions');
    await queryRunner.dropTable('redeem_codes');
    await queryRunner.dropTable('redeem_batches');
  }
}
