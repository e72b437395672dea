import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * How far log retention went (log_retention, one row). Additive: an older release beside this one
 * neither reads nor writes it; rows it removes are before the bounds this release's own instances
 * record, as both prune on the same settings.
 */
export class LogRetentionState1798100000000 implements MigrationInterface {
  name = 'LogRetentionState1798100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'log_retention',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true },
          { name: 'free_before', type: 'datetime', isNullable: true },
          { name: 'all_before', type: 'datetime', isNullable: true },
        ],
      }),
    );
    await queryRunner.query('INSERT INTO log_retention (id) VALUES (1)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('log_retention');
  }
}
