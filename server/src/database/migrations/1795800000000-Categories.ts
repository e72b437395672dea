import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';

/**
 * Categories (分类) of the catalogue, their many-to-many link to apis, and catalogue_state: one
 * row whose version every catalogue change raises, so each instance's search index notices an
 * edit made on another instance.
 */
export class Categories1795800000000 implements MigrationInterface {
  name = 'Categories1795800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type !== 'better-sqlite3';
    await queryRunner.createTable(
      new Table({
        name: 'categories',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'name', type: 'varchar', length: '50' },
          { name: 'name_en', type: 'varchar', length: '50' },
          { name: 'slug', type: 'varchar', length: '50' },
          { name: 'sort_order', type: 'integer', default: 0 },
        ],
        indices: [
          new TableIndex({ name: 'uq_categories_slug', columnNames: ['slug'], isUnique: true }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'api_categories',
        columns: [
          { name: 'api_id', type: 'integer', isPrimary: true },
          { name: 'category_id', type: 'integer', isPrimary: true },
        ],
        indices: [
          new TableIndex({ name: 'idx_api_categories_category', columnNames: ['category_id'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'fk_api_categories_api',
            columnNames: ['api_id'],
            referencedTableName: 'apis',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'CASCADE',
          }),
          new TableForeignKey({
            name: 'fk_api_categories_category',
            columnNames: ['category_id'],
            referencedTableName: 'categories',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'CASCADE',
          }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'catalogue_state',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true },
          { name: 'version', type: 'bigint', default: 0 },
        ],
      }),
    );
    await queryRunner.query('INSERT INTO catalogue_state (id, version) VALUES (1, 0)');
    if (mysql) {
      for (const table of ['categories', 'api_categories', 'catalogue_state']) {
        await queryRunner.query(
          `ALTER TABLE \`${table}\` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
        );
      }
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('catalogue_state');
    await queryRunner.dropTable('api_categories');
    await queryRunner.dropTable('categories');
  }
}
