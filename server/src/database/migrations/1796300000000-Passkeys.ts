import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * Passkeys (WebAuthn credentials): the public key, the signature count and a name per
 * credential. Only adds a table: an older release beside this one ignores it (its users sign in
 * with the password as before).
 */
export class Passkeys1796300000000 implements MigrationInterface {
  name = 'Passkeys1796300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type !== 'better-sqlite3';
    await queryRunner.createTable(
      new Table({
        name: 'passkeys',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'user_id', type: 'integer' },
          { name: 'credential_id', type: 'varchar', length: '255' },
          { name: 'public_key', type: 'text' },
          { name: 'counter', type: 'bigint', default: 0 },
          { name: 'transports', type: 'varchar', length: '255', isNullable: true },
          { name: 'name', type: 'varchar', length: '64' },
          { name: 'last_used_at', type: 'datetime', isNullable: true },
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
            name: 'uq_passkeys_credential',
            columnNames: ['credential_id'],
            isUnique: true,
          }),
          new TableIndex({ name: 'idx_passkeys_user', columnNames: ['user_id'] }),
        ],
      }),
    );
    if (mysql) {
      await queryRunner.query(
        'ALTER TABLE `passkeys` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci',
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('passkeys');
  }
}
