import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * sidebar_links.title_en and description_en: the link's English text, so a page shows the sidebar
 * in its own language. Empty until an admin writes one; the English site then shows the title and
 * description as written. Defaulted columns: instances of the previous release keep working.
 */
export class SidebarLinkEnglish1797300000000 implements MigrationInterface {
  name = 'SidebarLinkEnglish1797300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('sidebar_links', [
      new TableColumn({ name: 'title_en', type: 'varchar', length: '100', default: "''" }),
      new TableColumn({ name: 'description_en', type: 'varchar', length: '500', default: "''" }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('sidebar_links', 'description_en');
    await queryRunner.dropColumn('sidebar_links', 'title_en');
  }
}
