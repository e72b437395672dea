import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * The dashboards' rollups (ledger/rollups.ts, CALLS_SERIES): every call of a user per day and API
 * (call_rollups) and the site's day (call_day_totals), under their own watermark (row 2 of
 * usage_rollup_state, made by the first run). Additive: an older release beside this one neither
 * reads nor writes them, and goes on rolling up usage_rollups as before.
 */
export class CallRollups1797900000000 implements MigrationInterface {
  name = 'CallRollups1797900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'call_rollups',
        columns: [
          { name: 'day', type: 'varchar', length: '10', isPrimary: true },
          { name: 'user_id', type: 'integer', isPrimary: true },
          { name: 'api_id', type: 'integer', isPrimary: true },
          { name: 'api_name', type: 'varchar', length: '100', default: "''" },
          { name: 'calls', type: 'integer', default: 0 },
          { name: 'charged_calls', type: 'integer', default: 0 },
          { name: 'cost_milli', type: 'bigint', default: 0 },
        ],
      }),
    );
    await queryRunner.createIndex(
      'call_rollups',
      new TableIndex({ name: 'idx_call_rollups_user_day', columnNames: ['user_id', 'day'] }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'call_day_totals',
        columns: [
          { name: 'day', type: 'varchar', length: '10', isPrimary: true },
          { name: 'calls', type: 'bigint', default: 0 },
          { name: 'charged_calls', type: 'bigint', default: 0 },
          { name: 'cost_milli', type: 'bigint', default: 0 },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM usage_rollup_state WHERE id = 2');
    await queryRunner.dropTable('call_day_totals');
    await queryRunner.dropTable('call_rollups');
  }
}
