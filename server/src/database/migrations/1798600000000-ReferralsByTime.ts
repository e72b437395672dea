import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * Referrals by time and id, all of them and each inviter's: 邀请奖励's list and a user's invitees
 * page newest first and read the page after a position by seeking these (positionedPage) instead
 * of skipping rows. The inviter's index by id served only the list it replaces; an older release
 * beside this one reads that list through the new index.
 */
export class ReferralsByTime1798600000000 implements MigrationInterface {
  name = 'ReferralsByTime1798600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndices('referrals', [
      new TableIndex({ name: 'idx_referrals_created', columnNames: ['created_at', 'id'] }),
      new TableIndex({
        name: 'idx_referrals_inviter_created',
        columnNames: ['inviter_id', 'created_at', 'id'],
      }),
    ]);
    await queryRunner.dropIndex('referrals', 'idx_referrals_inviter');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex(
      'referrals',
      new TableIndex({ name: 'idx_referrals_inviter', columnNames: ['inviter_id', 'id'] }),
    );
    await queryRunner.dropIndex('referrals', 'idx_referrals_inviter_created');
    await queryRunner.dropIndex('referrals', 'idx_referrals_created');
  }
}
