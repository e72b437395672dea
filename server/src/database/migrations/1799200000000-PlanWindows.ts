import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * A plan's hour, day and week limits and its overage price (ADR 050), and each subscription's
 * windows: the limits its period took and the calls of the hour, day and week running. Only adds
 * columns, every one nullable or with a default. An older release beside this one takes a plan's
 * calls without the windows: set limits once every instance runs this one (docs/operations.md).
 */
export class PlanWindows1799200000000 implements MigrationInterface {
  name = 'PlanWindows1799200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const limits = ['hour_limit', 'day_limit', 'week_limit'].map(
      (name) => new TableColumn({ name, type: 'integer', isNullable: true }),
    );
    await queryRunner.addColumns('plans', [
      ...limits,
      new TableColumn({ name: 'overage_price_milli', type: 'bigint', isNullable: true }),
    ]);
    await queryRunner.addColumns('plan_subscriptions', [
      ...limits.map((column) => column.clone()),
      ...(
        [
          ['hour', '13'],
          ['day', '10'],
          ['week', '10'],
        ] as const
      ).flatMap(([window, length]) => [
        new TableColumn({ name: `${window}_window`, type: 'varchar', length, default: "''" }),
        new TableColumn({ name: `${window}_used`, type: 'integer', default: 0 }),
      ]),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumns(
      'plan_subscriptions',
      ['hour', 'day', 'week'].flatMap((w) => [`${w}_limit`, `${w}_window`, `${w}_used`]),
    );
    await queryRunner.dropColumns('plans', [
      'hour_limit',
      'day_limit',
      'week_limit',
      'overage_price_milli',
    ]);
  }
}
