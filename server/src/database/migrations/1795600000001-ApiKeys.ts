import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';

/**
 * api_keys holds every key a user calls the gateway with (issue #15): the default key (is_default,
 * the one SPEC shows on the dashboard and change_api_key.php rotates, kept encrypted so its owner
 * and the admin can see it again) and up to 20 named keys whose secret is shown once (only its
 * hash is kept). Every user's existing key moves here as their default key; users keeps no key.
 */
export class ApiKeys1795600000001 implements MigrationInterface {
  name = 'ApiKeys1795600000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type !== 'better-sqlite3';
    const datetime = (name: string, nullable = true) =>
      ({ name, type: 'datetime', isNullable: nullable }) as const;
    const stamps = mysql
      ? {
          created: { precision: 6, default: 'CURRENT_TIMESTAMP(6)' },
          updated: {
            precision: 6,
            default: 'CURRENT_TIMESTAMP(6)',
            onUpdate: 'CURRENT_TIMESTAMP(6)',
          },
        }
      : { created: { default: "datetime('now')" }, updated: { default: "datetime('now')" } };
    await queryRunner.createTable(
      new Table({
        name: 'api_keys',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'user_id', type: 'integer' },
          { name: 'name', type: 'varchar', length: '50', default: "''" },
          { name: 'is_default', type: 'smallint', default: 0 },
          { name: 'key_hash', type: 'varchar', length: '64' },
          { name: 'key_enc', type: 'varchar', length: '255', isNullable: true },
          { name: 'key_hint', type: 'varchar', length: '16' },
          datetime('expires_at'),
          { name: 'allowed_apis', type: 'text', isNullable: true },
          { name: 'allowed_ips', type: 'text', isNullable: true },
          { name: 'rate_limit', type: 'integer', isNullable: true },
          { name: 'daily_cap_milli', type: 'bigint', isNullable: true },
          { name: 'monthly_cap_milli', type: 'bigint', isNullable: true },
          { name: 'spent_day', type: 'varchar', length: '10', default: "''" },
          { name: 'spent_day_milli', type: 'bigint', default: 0 },
          { name: 'spent_month', type: 'varchar', length: '7', default: "''" },
          { name: 'spent_month_milli', type: 'bigint', default: 0 },
          datetime('last_used_at'),
          { name: 'last_used_ip', type: 'varchar', length: '64', isNullable: true },
          datetime('revoked_at'),
          { ...datetime('created_at', false), ...stamps.created },
          { ...datetime('updated_at', false), ...stamps.updated },
        ],
        indices: [
          new TableIndex({
            name: 'uq_api_keys_key_hash',
            columnNames: ['key_hash'],
            isUnique: true,
          }),
          new TableIndex({ name: 'idx_api_keys_user', columnNames: ['user_id', 'is_default'] }),
          new TableIndex({ name: 'idx_api_keys_updated', columnNames: ['updated_at'] }),
        ],
      }),
    );
    await queryRunner.query(
      `INSERT INTO api_keys (user_id, name, is_default, key_hash, key_enc, key_hint, created_at, updated_at)
       SELECT id, '', 1, api_key_hash, api_key_enc, api_key_hint, created_at, created_at FROM users`,
    );
    await queryRunner.dropIndex('users', 'uq_users_api_key_hash');
    await queryRunner.dropColumns('users', ['api_key_hash', 'api_key_enc', 'api_key_hint']);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('users', [
      new TableColumn({ name: 'api_key_hash', type: 'varchar', length: '64', default: "''" }),
      new TableColumn({ name: 'api_key_enc', type: 'varchar', length: '255', default: "''" }),
      new TableColumn({ name: 'api_key_hint', type: 'varchar', length: '16', default: "''" }),
    ]);
    await queryRunner.query(
      `UPDATE users SET
         api_key_hash = (SELECT key_hash FROM api_keys WHERE api_keys.user_id = users.id AND is_default = 1),
         api_key_enc = (SELECT key_enc FROM api_keys WHERE api_keys.user_id = users.id AND is_default = 1),
         api_key_hint = (SELECT key_hint FROM api_keys WHERE api_keys.user_id = users.id AND is_default = 1)`,
    );
    await queryRunner.createIndex(
      'users',
      new TableIndex({
        name: 'uq_users_api_key_hash',
        columnNames: ['api_key_hash'],
        isUnique: true,
      }),
    );
    await queryRunner.dropTable('api_keys');
  }
}
