import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * Links mailed to users (password reset, e-mail confirmation), stored as hashes. Only adds a
 * table: an older release running beside this one ignores it.
 */
export class AccountTokens1796100000000 implements MigrationInterface {
  name = 'AccountTokens1796100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type !== 'better-sqlite3';
    await queryRunner.createTable(
      new Table({
        name: 'account_tokens',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'user_id', type: 'integer' },
          { name: 'purpose', type: 'varchar', length: '16' },
          { name: 'token_hash', type: 'varchar', length: '64' },
          { name: 'email', type: 'varchar', length: '191', isNullable: true },
          { name: 'expires_at', type: 'datetime' },
          { name: 'used_at', type: 'datetime', isNullable: true },
          mysql
            ? {
                name: 'created_at',
                type: 'datetime',
                precision: 6,
                default: 'CURRENT_TIMESTAMP(6)',
              }
            : { name: 'created_at', type: 'datetime', default: "datetime('now')" },
        ],
        indices: [
          new TableIndex({
            name: 'uq_account_tokens_hash',
            columnNames: ['token_hash'],
            isUnique: true,
          }),
          new TableIndex({ name: 'idx_account_tokens_user', columnNames: ['user_id', 'purpose'] }),
        ],
      }),
    );
    if (mysql) {
      await queryRunner.query(
        'ALTER TABLE `account_tokens` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci',
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('account_tokens');
  }
}
