import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * partners.name_en and description_en, ads.title_en and description_en: their English text, so the
 * home page shows partners and ads in its own language. Empty until an admin writes one; the
 * English site then shows the text as written. Defaulted columns: instances of the previous
 * release keep working.
 */
export class PartnerAdEnglish1797500000000 implements MigrationInterface {
  name = 'PartnerAdEnglish1797500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('partners', [
      new TableColumn({ name: 'name_en', type: 'varchar', length: '100', default: "''" }),
      new TableColumn({ name: 'description_en', type: 'varchar', length: '500', default: "''" }),
    ]);
    await queryRunner.addColumns('ads', [
      new TableColumn({ name: 'title_en', type: 'varchar', length: '100', default: "''" }),
      new TableColumn({ name: 'description_en', type: 'varchar', length: '500', default: "''" }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('ads', 'description_en');
    await queryRunner.dropColumn('ads', 'title_en');
    await queryRunner.dropColumn('partners', 'description_en');
    await queryRunner.dropColumn('partners', 'name_en');
  }
}
