import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * Redeem codes worth credit: how many days the credit a code gives lasts from its redemption
 * (null for cash codes). Only adds a nullable column. An older release would redeem a credit code
 * as cash: create credit batches once every instance runs this one (docs/operations.md).
 */
export class CreditCodes1798900000000 implements MigrationInterface {
  name = 'CreditCodes1798900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'redeem_batches',
      new TableColumn({ name: 'credit_days', type: 'integer', isNullable: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('redeem_batches', 'credit_days');
  }
}
