import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * Two-factor sign-in: each user's authenticator secret (sealed) with the last time step used, and
 * the single-use recovery codes (hashed). Only adds tables: an older release beside this one
 * ignores them (and signs users in without the second factor until it is replaced).
 */
export class TwoFactor1796200000000 implements MigrationInterface {
  name = 'TwoFactor1796200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type !== 'better-sqlite3';
    await queryRunner.createTable(
      new Table({
        name: 'user_totp',
        columns: [
          { name: 'user_id', type: 'integer', isPrimary: true },
          { name: 'secret_enc', type: 'varchar', length: '255' },
          { name: 'enabled_at', type: 'datetime', isNullable: true },
          { name: 'last_counter', type: 'bigint', default: 0 },
          mysql
            ? {
                name: 'created_at',
                type: 'datetime',
                precision: 6,
                default: 'CURRENT_TIMESTAMP(6)',
              }
            : { name: 'created_at', type: 'datetime', default: "datetime('now')" },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'recovery_codes',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'user_id', type: 'integer' },
          { name: 'code_hash', type: 'varchar', length: '64' },
          { name: 'used_at', type: 'datetime', isNullable: true },
        ],
        indices: [new TableIndex({ name: 'idx_recovery_codes_user', columnNames: ['user_id'] })],
      }),
    );
    if (mysql) {
      for (const table of ['user_totp', 'recovery_codes']) {
        await queryRunner.query(
          `ALTER TABLE \`${table}\` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
        );
      }
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('recovery_codes');
    await queryRunner.dropTable('user_totp');
  }
}
