import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/** The latency histogram's columns: h0 … h14 (fixed here: the entity's bounds may not move them). */
const HISTOGRAM = Array.from({ length: 15 }, (_, i) => `h${i}`);

/**
 * APIs' health: their calls in 5-minute buckets (added to by every instance) and each API's
 * figures as last worked out from them. Additive: an older release beside this one neither writes
 * nor reads them.
 */
export class ApiHealth1796900000000 implements MigrationInterface {
  name = 'ApiHealth1796900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type !== 'better-sqlite3';
    const counter = (name: string) => ({ name, type: 'integer', default: 0 });
    await queryRunner.createTable(
      new Table({
        name: 'api_health_buckets',
        columns: [
          { name: 'api_id', type: 'integer', isPrimary: true },
          { name: 'bucket', type: 'integer', isPrimary: true },
          counter('calls'),
          counter('failures'),
          { name: 'latency_ms_sum', type: 'bigint', default: 0 },
          ...HISTOGRAM.map(counter),
        ],
        indices: [
          new TableIndex({ name: 'idx_api_health_buckets_bucket', columnNames: ['bucket'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'api_health',
        columns: [
          { name: 'api_id', type: 'integer', isPrimary: true },
          { name: 'state', type: 'varchar', length: '16' },
          counter('calls_7d'),
          { name: 'success_permille_7d', type: 'integer', isNullable: true },
          { name: 'p50_7d_ms', type: 'integer', isNullable: true },
          { name: 'p95_7d_ms', type: 'integer', isNullable: true },
          { name: 'windows', type: 'text' },
          mysql
            ? {
                name: 'updated_at',
                type: 'datetime',
                precision: 6,
                default: 'CURRENT_TIMESTAMP(6)',
                onUpdate: 'CURRENT_TIMESTAMP(6)',
              }
            : { name: 'updated_at', type: 'datetime', default: "datetime('now')" },
        ],
      }),
    );
    if (mysql) {
      for (const table of ['api_health_buckets', 'api_health']) {
        await queryRunner.query(
          `ALTER TABLE \`${table}\` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
        );
      }
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('api_health');
    await queryRunner.dropTable('api_health_buckets');
  }
}
