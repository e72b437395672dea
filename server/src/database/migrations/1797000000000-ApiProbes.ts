import { randomBytes } from 'node:crypto';
import { MigrationInterface, QueryRunner, Table, TableColumn } from 'typeorm';

const counter = (name: string, value = 0) =>
  new TableColumn({ name, type: 'integer', default: value });

/**
 * Active probes and what they drive: a probe per API (what to send, what to expect, how often,
 * and how its runs went), probe counts beside the calls in the health buckets, when an API was
 * put into maintenance, what caused an incident, the site's health thresholds and where its
 * incidents are announced, and which event an alert delivery carries. Additive: an older release
 * beside this one neither runs probes nor refuses calls of an API in maintenance.
 */
export class ApiProbes1797000000000 implements MigrationInterface {
  name = 'ApiProbes1797000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type !== 'better-sqlite3';
    await queryRunner.createTable(
      new Table({
        name: 'api_probes',
        columns: [
          { name: 'api_id', type: 'integer', isPrimary: true },
          { name: 'enabled', type: 'smallint', default: 1 },
          { name: 'method', type: 'varchar', length: '8', default: "'GET'" },
          { name: 'query', type: 'varchar', length: '2000', default: "''" },
          { name: 'body', type: 'text', isNullable: true },
          { name: 'expected_status', type: 'integer', default: 200 },
          { name: 'interval_s', type: 'integer', default: 60 },
          { name: 'timeout_ms', type: 'integer', default: 10000 },
          { name: 'next_run_at', type: 'bigint', default: 0 },
          { name: 'last_run_at', type: 'datetime', isNullable: true },
          { name: 'last_status', type: 'integer', isNullable: true },
          { name: 'last_ms', type: 'integer', isNullable: true },
          { name: 'last_error', type: 'varchar', length: '500', default: "''" },
          { name: 'consecutive_failures', type: 'integer', default: 0 },
          { name: 'consecutive_passes', type: 'integer', default: 0 },
        ],
      }),
    );
    if (mysql) {
      await queryRunner.query(
        'ALTER TABLE `api_probes` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci',
      );
    }
    await queryRunner.addColumns('api_health_buckets', [
      counter('probes'),
      counter('probe_failures'),
    ]);
    await queryRunner.addColumn(
      'api_health',
      new TableColumn({ name: 'decide_from_bucket', type: 'integer', isNullable: true }),
    );
    await queryRunner.addColumn(
      'api_incidents',
      new TableColumn({ name: 'cause', type: 'varchar', length: '16', default: "'traffic'" }),
    );
    await queryRunner.addColumn(
      'apis',
      new TableColumn({ name: 'maintenance_at', type: 'datetime', isNullable: true }),
    );
    await queryRunner.addColumns('site_config', [
      counter('health_degraded_success', 95),
      counter('health_degraded_p95_ms', 3000),
      counter('health_down_success', 50),
      counter('health_down_probe_failures', 3),
      new TableColumn({ name: 'health_auto_maintenance', type: 'smallint', default: 0 }),
      new TableColumn({
        name: 'health_alert_email',
        type: 'varchar',
        length: '254',
        default: "''",
      }),
      new TableColumn({
        name: 'health_alert_webhook_url',
        type: 'varchar',
        length: '2000',
        default: "''",
      }),
      new TableColumn({
        name: 'health_alert_webhook_secret',
        type: 'varchar',
        length: '64',
        default: "''",
      }),
    ]);
    await queryRunner.query('UPDATE site_config SET health_alert_webhook_secret = ?', [
      randomBytes(32).toString('hex'),
    ]);
    await queryRunner.addColumn(
      'alert_deliveries',
      new TableColumn({ name: 'event', type: 'varchar', length: '32', default: "'balance.low'" }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('alert_deliveries', 'event');
    for (const column of [
      'health_alert_webhook_secret',
      'health_alert_webhook_url',
      'health_alert_email',
      'health_auto_maintenance',
      'health_down_probe_failures',
      'health_down_success',
      'health_degraded_p95_ms',
      'health_degraded_success',
    ]) {
      await queryRunner.dropColumn('site_config', column);
    }
    await queryRunner.dropColumn('apis', 'maintenance_at');
    await queryRunner.dropColumn('api_incidents', 'cause');
    await queryRunner.dropColumn('api_health', 'decide_from_bucket');
    await queryRunner.dropColumn('api_health_buckets', 'probe_failures');
    await queryRunner.dropColumn('api_health_buckets', 'probes');
    await queryRunner.dropTable('api_probes');
  }
}
