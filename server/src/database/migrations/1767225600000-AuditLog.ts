import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/** audit_log (DESIGN.md §3): who changed what in the back office, append-only. */
export class AuditLog1767225600000 implements MigrationInterface {
  name = 'AuditLog1767225600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type !== 'better-sqlite3';
    await queryRunner.createTable(
      new Table({
        name: 'audit_log',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'admin_id', type: 'integer' },
          { name: 'action', type: 'varchar', length: '32' },
          { name: 'target_type', type: 'varchar', length: '32' },
          { name: 'target_id', type: 'integer', isNullable: true },
          { name: 'before', type: 'text', isNullable: true },
          { name: 'after', type: 'text', isNullable: true },
          { name: 'ip', type: 'varchar', length: '64', default: "''" },
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
          new TableIndex({ name: 'idx_audit_log_created', columnNames: ['created_at'] }),
          new TableIndex({
            name: 'idx_audit_log_target',
            columnNames: ['target_type', 'target_id'],
          }),
        ],
      }),
    );
    if (mysql) {
      await queryRunner.query(
        'ALTER TABLE `audit_log` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci',
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('audit_log');
  }
}
