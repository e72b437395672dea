import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * friend_links.description_en: a friend link's English description, so the friends page shows it
 * in its own language. Empty until an admin writes one; the English page then shows the text as
 * written. A defaulted column: instances of the previous release keep working.
 */
export class FriendLinkEnglish1797600000000 implements MigrationInterface {
  name = 'FriendLinkEnglish1797600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'friend_links',
      new TableColumn({ name: 'description_en', type: 'varchar', length: '500', default: "''" }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('friend_links', 'description_en');
  }
}
