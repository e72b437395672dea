import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';

/**
 * access_logs records which key made a call (api_keys.id) and the X-Request-Id the gateway
 * answered it with, and gets an index for one user's calls by time (call-log filters and exports,
 * usage per day).
 */
export class AccessLogKeys1795600000000 implements MigrationInterface {
  name = 'AccessLogKeys1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('access_logs', [
      new TableColumn({ name: 'api_key_id', type: 'integer', isNullable: true }),
      new TableColumn({ name: 'request_id', type: 'varchar', length: '36', isNullable: true }),
    ]);
    await queryRunner.createIndex(
      'access_logs',
      new TableIndex({
        name: 'idx_access_logs_user_time',
        columnNames: ['user_id', 'access_time'],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('access_logs', 'idx_access_logs_user_time');
    await queryRunner.dropColumns('access_logs', ['request_id', 'api_key_id']);
  }
}
