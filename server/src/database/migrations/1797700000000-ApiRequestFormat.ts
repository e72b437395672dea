import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * apis.request_format: how a POST or PUT API takes its body (JSON, an HTML form or a multipart
 * form). Every existing API took JSON, the default: instances of the previous release, which do
 * not know the column, keep writing rows that mean what they meant.
 */
export class ApiRequestFormat1797700000000 implements MigrationInterface {
  name = 'ApiRequestFormat1797700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'apis',
      new TableColumn({
        name: 'request_format',
        type: 'varchar',
        length: '40',
        default: "'application/json'",
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('apis', 'request_format');
  }
}
