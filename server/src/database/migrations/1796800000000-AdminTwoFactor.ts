import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';

/**
 * Two-factor sign-in for administrators: their authenticator secrets and recovery codes (the
 * shape of user_totp and recovery_codes), and the site's switch that requires it of every
 * administrator. An older release beside this one ignores all three and signs administrators in
 * with the password alone.
 */
export class AdminTwoFactor1796800000000 implements MigrationInterface {
  name = 'AdminTwoFactor1796800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type !== 'better-sqlite3';
    await queryRunner.createTable(
      new Table({
        name: 'admin_totp',
        columns: [
          { name: 'admin_id', type: 'integer', isPrimary: true },
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
        name: 'admin_recovery_codes',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'admin_id', type: 'integer' },
          { name: 'code_hash', type: 'varchar', length: '64' },
          { name: 'used_at', type: 'datetime', isNullable: true },
        ],
        indices: [
          new TableIndex({ name: 'idx_admin_recovery_codes_admin', columnNames: ['admin_id'] }),
        ],
      }),
    );
    if (mysql) {
      for (const table of ['admin_totp', 'admin_recovery_codes']) {
        await queryRunner.query(
          `ALTER TABLE \`${table}\` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
        );
      }
    }
    await queryRunner.addColumn(
      'site_config',
      new TableColumn({ name: 'admin_two_factor_required', type: 'smallint', default: 0 }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('site_config', 'admin_two_factor_required');
    await queryRunner.dropTable('admin_recovery_codes');
    await queryRunner.dropTable('admin_totp');
  }
}
