import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * The statements' day totals (ledger/rollups.ts, DAY_TOTALS_SERIES): a user's day
 * (user_day_totals), each user's first day of a month (user_month_firsts) and the site's day
 * (site_day_totals), under their own watermark (row 3 of
 * usage_rollup_state, made by the first run). Additive: an older release beside this one neither
 * reads nor writes them.
 */
export class DayTotals1798200000000 implements MigrationInterface {
  name = 'DayTotals1798200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'user_day_totals',
        columns: [
          { name: 'day', type: 'varchar', length: '10', isPrimary: true },
          { name: 'user_id', type: 'integer', isPrimary: true },
          { name: 'calls', type: 'integer', default: 0 },
          { name: 'free_calls', type: 'integer', default: 0 },
          { name: 'cost_milli', type: 'bigint', default: 0 },
        ],
      }),
    );
    await queryRunner.createIndex(
      'user_day_totals',
      new TableIndex({ name: 'idx_user_day_totals_user_day', columnNames: ['user_id', 'day'] }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'user_month_firsts',
        columns: [
          { name: 'day', type: 'varchar', length: '10', isPrimary: true },
          { name: 'user_id', type: 'integer', isPrimary: true },
          { name: 'month', type: 'varchar', length: '7' },
        ],
      }),
    );
    await queryRunner.createIndex(
      'user_month_firsts',
      new TableIndex({
        name: 'idx_user_month_firsts_month_user',
        columnNames: ['month', 'user_id'],
        isUnique: true,
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'site_day_totals',
        columns: [
          { name: 'day', type: 'varchar', length: '10', isPrimary: true },
          { name: 'calls', type: 'bigint', default: 0 },
          { name: 'free_calls', type: 'bigint', default: 0 },
          { name: 'cost_milli', type: 'bigint', default: 0 },
          { name: 'new_users', type: 'integer', default: 0 },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM usage_rollup_state WHERE id = 3');
    await queryRunner.dropTable('site_day_totals');
    await queryRunner.dropTable('user_month_firsts');
    await queryRunner.dropTable('user_day_totals');
  }
}
