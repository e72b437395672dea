import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * The admin's "e-mail verification" switch: registration then asks for an address, and the
 * account waits (users.status 2) until the link mailed to it is followed. An older release beside
 * this one ignores the column (it registers as before, and reads status 2 as not active).
 */
export class EmailVerification1796700000000 implements MigrationInterface {
  name = 'EmailVerification1796700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'site_config',
      new TableColumn({ name: 'email_verification', type: 'smallint', default: 0 }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('site_config', 'email_verification');
  }
}
