import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import type { TableColumnOptions } from 'typeorm';

/**
 * Credit grants (ADR 050): what is left of a user's active grants and the soonest expiry among
 * them on the user's row (the charge reads nothing else), the grants themselves, the credit a
 * call spent on its log row (its cost stays the cash it took, so every cash sum stays as it is),
 * and the credit a closed month's calls spent. Only adds tables and defaulted columns: an older
 * release beside this one charges cash and never writes credit.
 */
export class CreditGrants1798800000000 implements MigrationInterface {
  name = 'CreditGrants1798800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type !== 'better-sqlite3';
    const createdAt: TableColumnOptions = mysql
      ? { name: 'created_at', type: 'datetime', precision: 6, default: 'CURRENT_TIMESTAMP(6)' }
      : { name: 'created_at', type: 'datetime', default: "datetime('now')" };
    await queryRunner.addColumns('users', [
      new TableColumn({ name: 'credit_milli', type: 'bigint', default: 0 }),
      new TableColumn({ name: 'credit_until', type: 'datetime', isNullable: true }),
    ]);
    await queryRunner.createIndex(
      'users',
      new TableIndex({ name: 'idx_users_credit_until', columnNames: ['credit_until'] }),
    );
    await queryRunner.addColumn(
      'access_logs',
      new TableColumn({ name: 'credit_milli', type: 'bigint', default: 0 }),
    );
    await queryRunner.addColumn(
      'ledger_closings',
      new TableColumn({ name: 'credit_out_milli', type: 'bigint', default: 0 }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'credit_grants',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'user_id', type: 'integer' },
          { name: 'amount_milli', type: 'bigint' },
          { name: 'left_milli', type: 'bigint' },
          { name: 'expired_milli', type: 'bigint', default: 0 },
          { name: 'expires_at', type: 'datetime' },
          { name: 'reason', type: 'varchar', length: '16' },
          { name: 'note', type: 'varchar', length: '200', default: "''" },
          { name: 'admin_id', type: 'integer', isNullable: true },
          createdAt,
          { name: 'closed_at', type: 'datetime', isNullable: true },
        ],
        indices: [
          new TableIndex({ name: 'idx_credit_grants_user', columnNames: ['user_id', 'id'] }),
          new TableIndex({
            name: 'idx_credit_grants_open',
            columnNames: ['closed_at', 'expires_at'],
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('credit_grants');
    await queryRunner.dropColumn('ledger_closings', 'credit_out_milli');
    await queryRunner.dropColumn('access_logs', 'credit_milli');
    await queryRunner.dropIndex('users', 'idx_users_credit_until');
    await queryRunner.dropColumn('users', 'credit_until');
    await queryRunner.dropColumn('users', 'credit_milli');
  }
}
