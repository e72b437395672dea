import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * apis.title_en: the API's English display title ("IP lookup"). name_en is a URL slug ("ip"),
 * not a title, and the public site is in English (SPEC §1). Empty until an admin writes one;
 * the site then shows the Chinese name.
 */
export class ApiTitleEn1767312000000 implements MigrationInterface {
  name = 'ApiTitleEn1767312000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'apis',
      new TableColumn({ name: 'title_en', type: 'varchar', length: '100', default: "''" }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('apis', 'title_en');
  }
}
