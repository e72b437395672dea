import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * Hour rollups of the days not rolled up yet (ledger/hour-rollups.ts): usage_hour_rollups,
 * call_hour_rollups and how far they go (usage_hour_state, made by the first run). Additive: an older release beside this
 * one neither reads nor writes them, and reads the running day from raw rows as it did.
 */
export class HourRollups1798300000000 implements MigrationInterface {
  name = 'HourRollups1798300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'usage_hour_rollups',
        columns: [
          { name: 'day', type: 'varchar', length: '10', isPrimary: true },
          { name: 'hour', type: 'integer', isPrimary: true },
          { name: 'user_id', type: 'integer', isPrimary: true },
          { name: 'api_id', type: 'integer', isPrimary: true },
          { name: 'source', type: 'varchar', length: '8', isPrimary: true },
          { name: 'api_name', type: 'varchar', length: '100', default: "''" },
          { name: 'calls', type: 'integer', default: 0 },
          { name: 'cost_milli', type: 'bigint', default: 0 },
        ],
      }),
    );
    await queryRunner.createIndex(
      'usage_hour_rollups',
      new TableIndex({
        name: 'idx_usage_hour_rollups_user_day',
        columnNames: ['user_id', 'day', 'hour'],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'call_hour_rollups',
        columns: [
          { name: 'day', type: 'varchar', length: '10', isPrimary: true },
          { name: 'hour', type: 'integer', isPrimary: true },
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
      'call_hour_rollups',
      new TableIndex({
        name: 'idx_call_hour_rollups_user_day',
        columnNames: ['user_id', 'day', 'hour'],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'usage_hour_state',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true },
          { name: 'time_zone', type: 'varchar', length: '64' },
          { name: 'from_day', type: 'varchar', length: '10' },
          { name: 'next_day', type: 'varchar', length: '10' },
          { name: 'next_hour', type: 'integer' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('usage_hour_state');
    await queryRunner.dropTable('call_hour_rollups');
    await queryRunner.dropTable('usage_hour_rollups');
  }
}
