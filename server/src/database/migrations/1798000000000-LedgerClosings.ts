import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * Monthly closings of the ledger (ledger/closings.ts): the closed months (ledger_months) and a
 * row per user and closed month (ledger_closings). Additive: an older release beside this one
 * neither reads nor writes them, and its balance check still adds up raw rows, which stay until
 * LOG_RETENTION_MONTHS is set.
 */
export class LedgerClosings1798000000000 implements MigrationInterface {
  name = 'LedgerClosings1798000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'ledger_months',
        columns: [
          { name: 'month', type: 'varchar', length: '7', isPrimary: true },
          { name: 'from_at', type: 'datetime' },
          { name: 'to_at', type: 'datetime' },
          { name: 'closed_at', type: 'datetime' },
          { name: 'users', type: 'integer', default: 0 },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'ledger_closings',
        columns: [
          { name: 'user_id', type: 'integer', isPrimary: true },
          { name: 'month', type: 'varchar', length: '7', isPrimary: true },
          { name: 'opening_milli', type: 'bigint', default: 0 },
          { name: 'money_in_milli', type: 'bigint', default: 0 },
          { name: 'money_out_milli', type: 'bigint', default: 0 },
          { name: 'closing_milli', type: 'bigint', default: 0 },
          { name: 'charged_rows', type: 'bigint', default: 0 },
          { name: 'rows_checksum', type: 'bigint', default: 0 },
        ],
      }),
    );
    await queryRunner.createIndex(
      'ledger_closings',
      new TableIndex({ name: 'idx_ledger_closings_month', columnNames: ['month'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('ledger_closings');
    await queryRunner.dropTable('ledger_months');
  }
}
