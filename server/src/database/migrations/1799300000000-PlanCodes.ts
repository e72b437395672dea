import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * Redeem codes worth a plan period (issue #30): the plan a batch's codes start. Only adds a
 * nullable column. An older release would take such a code and give nothing for it: make
 * plan code batches once every instance runs this one (docs/operations.md).
 */
export class PlanCodes1799300000000 implements MigrationInterface {
  name = 'PlanCodes1799300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'redeem_batches',
      new TableColumn({ name: 'plan_id', type: 'integer', isNullable: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('redeem_batches', 'plan_id');
  }
}
