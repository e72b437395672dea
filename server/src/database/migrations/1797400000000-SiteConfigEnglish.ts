import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * site_config.copyright_en and home_notice_en: the footer's and the home notice's English text,
 * so a page shows them in its own language. Empty (NULL for the notice, a TEXT column MySQL gives
 * no default) until an admin writes one; the English site then shows the text as written.
 */
export class SiteConfigEnglish1797400000000 implements MigrationInterface {
  name = 'SiteConfigEnglish1797400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('site_config', [
      new TableColumn({ name: 'copyright_en', type: 'varchar', length: '500', default: "''" }),
      new TableColumn({ name: 'home_notice_en', type: 'text', isNullable: true }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('site_config', 'home_notice_en');
    await queryRunner.dropColumn('site_config', 'copyright_en');
  }
}
