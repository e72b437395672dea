import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * audit_log.before/after hold whole rows as JSON. MySQL's TEXT stops at 64 KB (an API with two
 * long Chinese examples is past it: the insert failed after the change had committed), so they
 * are LONGTEXT there. SQLite's TEXT has no such limit: nothing to do.
 */
export class AuditLogLongText1795900002500 implements MigrationInterface {
  name = 'AuditLogLongText1795900002500';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'better-sqlite3') return;
    await queryRunner.query(
      'ALTER TABLE `audit_log` MODIFY `before` LONGTEXT NULL, MODIFY `after` LONGTEXT NULL',
    );
  }

  /** Fails on MySQL while a row is past 64 KB, rather than cutting it. */
  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'better-sqlite3') return;
    await queryRunner.query(
      'ALTER TABLE `audit_log` MODIFY `before` TEXT NULL, MODIFY `after` TEXT NULL',
    );
  }
}
