import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/** The latency histogram's columns: h0 … h14 (fixed here: the entity's bounds may not move them). */
const HISTOGRAM = Array.from({ length: 15 }, (_, i) => `h${i}`);

/**
 * APIs' health: their calls in 5-minute buckets (added to by every instance), each API's figures
 * as last worked out from them, its calls per day (the status page's 90 days) and its incidents.
 * Additive: an older release beside this one neither writes
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
    await queryRunner.createTable(
      new Table({
        name: 'api_health_daily',
        columns: [
          { name: 'api_id', type: 'integer', isPrimary: true },
          { name: 'day', type: 'varchar', length: '10', isPrimary: true },
          counter('calls'),
          counter('failures'),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'api_incidents',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'api_id', type: 'integer' },
          { name: 'state', type: 'varchar', length: '16' },
          counter('calls'),
          counter('success_permille'),
          { name: 'p95_ms', type: 'integer', isNullable: true },
          { name: 'started_at', type: 'datetime' },
          { name: 'ended_at', type: 'datetime', isNullable: true },
        ],
        indices: [
          new TableIndex({ name: 'idx_api_incidents_api', columnNames: ['api_id', 'ended_at'] }),
          new TableIndex({ name: 'idx_api_incidents_started', columnNames: ['started_at'] }),
        ],
      }),
    );
    if (mysql) {
      for (const table of [
        'api_health_buckets',
        'api_health',
        'api_health_daily',
        'api_incidents',
      ]) {
        await queryRunner.query(
          `ALTER TABLE \`${table}\` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
        );
      }
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('api_incidents');
    await queryRunner.dropTable('api_health_daily');
    await queryRunner.dropTable('api_health');
    await queryRunner.dropTable('api_health_buckets');
  }
}
