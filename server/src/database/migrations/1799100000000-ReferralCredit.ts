import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * Invite rewards paid as credit: how many days a reward's credit lasts (0 pays cash, as before),
 * and the credit grant a reward made (null for a cash reward, money in for the ledger). Only adds
 * columns. An older release pays rewards as cash and would count a credit reward as cash in
 * ledger:verify: turn credit rewards on once every instance runs this one (docs/operations.md).
 * Going down drops what tells a credit reward from a cash one: ledger:verify would then count
 * credit rewards as cash coming in and name their inviters.
 */
export class ReferralCredit1799100000000 implements MigrationInterface {
  name = 'ReferralCredit1799100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'site_config',
      new TableColumn({ name: 'referral_credit_days', type: 'integer', default: 0 }),
    );
    await queryRunner.addColumn(
      'referral_rewards',
      new TableColumn({ name: 'credit_grant_id', type: 'integer', isNullable: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('referral_rewards', 'credit_grant_id');
    await queryRunner.dropColumn('site_config', 'referral_credit_days');
  }
}
