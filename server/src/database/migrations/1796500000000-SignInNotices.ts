import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';

/**
 * New-device sign-in notices: the browsers each user has signed in from (hashed cookie ids), and
 * the user's choice to be told of a sign-in from another one (on by default). An older release
 * beside this one ignores both (and its sign-ins send no notice).
 */
export class SignInNotices1796500000000 implements MigrationInterface {
  name = 'SignInNotices1796500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type !== 'better-sqlite3';
    await queryRunner.addColumn(
      'users',
      new TableColumn({ name: 'notify_new_sign_in', type: 'smallint', default: 1 }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'user_devices',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'user_id', type: 'integer' },
          { name: 'device_hash', type: 'varchar', length: '64' },
          mysql
            ? {
                name: 'created_at',
                type: 'datetime',
                precision: 6,
                default: 'CURRENT_TIMESTAMP(6)',
              }
            : { name: 'created_at', type: 'datetime', default: "datetime('now')" },
        ],
        indices: [
          new TableIndex({
            name: 'uq_user_devices',
            columnNames: ['user_id', 'device_hash'],
            isUnique: true,
          }),
        ],
      }),
    );
    if (mysql) {
      await queryRunner.query(
        'ALTER TABLE `user_devices` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci',
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('user_devices');
    await queryRunner.dropColumn('users', 'notify_new_sign_in');
  }
}
