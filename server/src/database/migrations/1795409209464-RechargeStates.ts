import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';

/**
 * recharge_records keeps every order it has seen, not only credited ones (DESIGN.md §3): its state
 * (pending, credited, rejected) and why, the admin who assigned or dismissed it, and when a pending
 * order is next asked about. Orders recorded before without an owner were webhook pushes waiting to
 * be claimed: they join the admin's queue.
 */
export class RechargeStates1795409209464 implements MigrationInterface {
  name = 'RechargeStates1795409209464';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('recharge_records', [
      new TableColumn({ name: 'state', type: 'varchar', length: '16', default: "'credited'" }),
      new TableColumn({ name: 'reason', type: 'varchar', length: '32', default: "''" }),
      new TableColumn({ name: 'note', type: 'varchar', length: '500', default: "''" }),
      new TableColumn({ name: 'admin_id', type: 'integer', isNullable: true }),
      new TableColumn({ name: 'checks', type: 'integer', default: 0 }),
      new TableColumn({ name: 'check_after', type: 'bigint', default: 0 }),
    ]);
    await queryRunner.createIndex(
      'recharge_records',
      new TableIndex({
        name: 'idx_recharge_records_state',
        columnNames: ['state', 'check_after'],
      }),
    );
    await queryRunner.query(
      "UPDATE recharge_records SET state = 'pending', reason = 'unmatched' WHERE user_id IS NULL",
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('recharge_records', 'idx_recharge_records_state');
    for (const column of ['check_after', 'checks', 'admin_id', 'note', 'reason', 'state']) {
      await queryRunner.dropColumn('recharge_records', column);
    }
  }
}
