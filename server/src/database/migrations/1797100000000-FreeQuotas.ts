import { MigrationInterface, QueryRunner, Table, TableColumn } from 'typeorm';

/**
 * Free quotas: how many calls of a paid API each user makes free per day or month, each user's
 * count in the current period, and what paid for each charged call. Additive: an older release
 * beside this one charges every call of a paid API to the balance, and writes no `charged_from`
 * (its charged rows read as paid from the balance).
 */
export class FreeQuotas1797100000000 implements MigrationInterface {
  name = 'FreeQuotas1797100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('apis', [
      new TableColumn({ name: 'free_quota_calls', type: 'integer', default: 0 }),
      new TableColumn({
        name: 'free_quota_period',
        type: 'varchar',
        length: '8',
        default: "'day'",
      }),
    ]);
    await queryRunner.createTable(
      new Table({
        name: 'free_quota_uses',
        columns: [
          { name: 'user_id', type: 'integer', isPrimary: true },
          { name: 'api_id', type: 'integer', isPrimary: true },
          { name: 'period', type: 'varchar', length: '10', default: "''" },
          { name: 'used', type: 'integer', default: 0 },
        ],
      }),
    );
    await queryRunner.addColumn(
      'access_logs',
      new TableColumn({ name: 'charged_from', type: 'varchar', length: '8', isNullable: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('access_logs', 'charged_from');
    await queryRunner.dropTable('free_quota_uses');
    await queryRunner.dropColumn('apis', 'free_quota_period');
    await queryRunner.dropColumn('apis', 'free_quota_calls');
  }
}
