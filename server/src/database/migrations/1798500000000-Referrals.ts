import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import type { TableColumnOptions } from 'typeorm';

const id: TableColumnOptions = {
  name: 'id',
  type: 'integer',
  isPrimary: true,
  isGenerated: true,
  generationStrategy: 'increment',
};

/**
 * Referral rewards: users' invite codes and reward counts, each invitee's referral (decided by its
 * first credited recharge), the addresses and browsers an inviter's invitees came from, the cash
 * rewards paid (money in, for the ledger), and the reward and cap in the site settings. Only adds
 * tables and defaulted columns: an older release beside this one ignores them.
 */
export class Referrals1798500000000 implements MigrationInterface {
  name = 'Referrals1798500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type !== 'better-sqlite3';
    const createdAt: TableColumnOptions = mysql
      ? { name: 'created_at', type: 'datetime', precision: 6, default: 'CURRENT_TIMESTAMP(6)' }
      : { name: 'created_at', type: 'datetime', default: "datetime('now')" };
    await queryRunner.createTable(
      new Table({
        name: 'referral_inviters',
        columns: [
          { name: 'user_id', type: 'integer', isPrimary: true },
          { name: 'code', type: 'varchar', length: '10' },
          { name: 'rewarded', type: 'integer', default: 0 },
          createdAt,
        ],
        indices: [
          new TableIndex({
            name: 'uq_referral_inviters_code',
            columnNames: ['code'],
            isUnique: true,
          }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'referrals',
        columns: [
          id,
          { name: 'inviter_id', type: 'integer' },
          { name: 'invitee_id', type: 'integer' },
          { name: 'ip', type: 'varchar', length: '64' },
          { name: 'state', type: 'varchar', length: '8', default: "'waiting'" },
          { name: 'flag', type: 'varchar', length: '16', isNullable: true },
          { name: 'reason', type: 'varchar', length: '16', isNullable: true },
          { name: 'reward_milli', type: 'bigint', default: 0 },
          { name: 'out_trade_no', type: 'varchar', length: '64', isNullable: true },
          createdAt,
          { name: 'decided_at', type: 'datetime', isNullable: true },
        ],
        indices: [
          new TableIndex({
            name: 'uq_referrals_invitee',
            columnNames: ['invitee_id'],
            isUnique: true,
          }),
          new TableIndex({ name: 'idx_referrals_inviter', columnNames: ['inviter_id', 'id'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'referral_marks',
        columns: [
          { name: 'inviter_id', type: 'integer', isPrimary: true },
          { name: 'mark', type: 'varchar', length: '80', isPrimary: true },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'referral_rewards',
        columns: [
          id,
          { name: 'user_id', type: 'integer' },
          { name: 'referral_id', type: 'integer' },
          { name: 'value_milli', type: 'bigint' },
          createdAt,
        ],
        indices: [
          new TableIndex({
            name: 'uq_referral_rewards_referral',
            columnNames: ['referral_id'],
            isUnique: true,
          }),
          new TableIndex({ name: 'idx_referral_rewards_user', columnNames: ['user_id', 'id'] }),
        ],
      }),
    );
    await queryRunner.addColumns('site_config', [
      new TableColumn({ name: 'referral_reward_milli', type: 'bigint', default: 0 }),
      new TableColumn({ name: 'referral_cap', type: 'integer', default: 10 }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('site_config', 'referral_cap');
    await queryRunner.dropColumn('site_config', 'referral_reward_milli');
    await queryRunner.dropTable('referral_rewards');
    await queryRunner.dropTable('referral_marks');
    await queryRunner.dropTable('referrals');
    await queryRunner.dropTable('referral_inviters');
  }
}
