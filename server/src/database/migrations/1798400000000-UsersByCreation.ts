import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * An index of users by sign-up time and id: 用户列表 pages newest first, and its page after a
 * position seeks it rather than sorting the table. Additive: an older release beside this one
 * reads the list as before.
 */
export class UsersByCreation1798400000000 implements MigrationInterface {
  name = 'UsersByCreation1798400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex(
      'users',
      new TableIndex({ name: 'idx_users_created', columnNames: ['created_at', 'id'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('users', 'idx_users_created');
  }
}
