import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * Idempotency keys of gateway calls: one row per (user, key) holding the fingerprint of the first
 * request, its request id and, once answered, the answer to replay (at most 1 MB: MEDIUMBLOB on
 * MySQL). Read and written only through the raw driver (billing/idempotency.ts), so it has no
 * entity. Only adds a table: an older release running beside this one ignores it.
 */
export class IdempotencyKeys1796000000000 implements MigrationInterface {
  name = 'IdempotencyKeys1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type !== 'better-sqlite3';
    await queryRunner.createTable(
      new Table({
        name: 'idempotency_keys',
        columns: [
          { name: 'user_id', type: 'integer', isPrimary: true },
          // SHA-256 of the key, in hex: case-sensitive whatever the table's collation.
          { name: 'key_hash', type: 'varchar', length: '64', isPrimary: true },
          { name: 'fingerprint', type: 'varchar', length: '64' },
          { name: 'request_id', type: 'varchar', length: '36' },
          { name: 'state', type: 'varchar', length: '16' },
          { name: 'status_code', type: 'integer', isNullable: true },
          { name: 'content_type', type: 'varchar', length: '255', isNullable: true },
          { name: 'body', type: mysql ? 'mediumblob' : 'blob', isNullable: true },
          { name: 'created_ms', type: 'bigint' },
        ],
        indices: [
          new TableIndex({ name: 'idx_idempotency_keys_created', columnNames: ['created_ms'] }),
        ],
      }),
    );
    if (mysql) {
      await queryRunner.query(
        'ALTER TABLE `idempotency_keys` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci',
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('idempotency_keys');
  }
}
