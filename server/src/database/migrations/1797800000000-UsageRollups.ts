import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * Daily rollups of the ledger's counted calls (usage_rollups) and how far they go
 * (usage_rollup_state). Additive: an older release beside this one neither reads nor writes them,
 * and the rows it charges are rolled up like any other once their day is closed.
 */
export class UsageRollups1797800000000 implements MigrationInterface {
  name = 'UsageRollups1797800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'usage_rollups',
        columns: [
          { name: 'day', type: 'varchar', length: '10', isPrimary: true },
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
      'usage_rollups',
      new TableIndex({ name: 'idx_usage_rollups_user_day', columnNames: ['user_id', 'day'] }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'usage_rollup_state',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true },
          { name: 'time_zone', type: 'varchar', length: '64' },
          { name: 'through_day', type: 'varchar', length: '10' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('usage_rollup_state');
    await queryRunner.dropTable('usage_rollups');
  }
}
