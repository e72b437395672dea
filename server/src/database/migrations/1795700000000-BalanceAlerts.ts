import { MigrationInterface, QueryRunner, Table, TableColumnOptions, TableIndex } from 'typeorm';

const timestamps = (mysql: boolean): TableColumnOptions[] =>
  mysql
    ? [
        { name: 'created_at', type: 'datetime', precision: 6, default: 'CURRENT_TIMESTAMP(6)' },
        {
          name: 'updated_at',
          type: 'datetime',
          precision: 6,
          default: 'CURRENT_TIMESTAMP(6)',
          onUpdate: 'CURRENT_TIMESTAMP(6)',
        },
      ]
    : [
        { name: 'created_at', type: 'datetime', default: "datetime('now')" },
        { name: 'updated_at', type: 'datetime', default: "datetime('now')" },
      ];

/**
 * Low-balance alerts: one setting row per user (the threshold, where to send, when the balance
 * last crossed it) and the delivery log of every e-mail and webhook the crossings sent.
 */
export class BalanceAlerts1795700000000 implements MigrationInterface {
  name = 'BalanceAlerts1795700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type !== 'better-sqlite3';
    await queryRunner.createTable(
      new Table({
        name: 'balance_alerts',
        columns: [
          { name: 'user_id', type: 'integer', isPrimary: true },
          { name: 'threshold_milli', type: 'bigint' },
          { name: 'email', type: 'varchar', length: '191', isNullable: true },
          { name: 'webhook_url', type: 'varchar', length: '2000', isNullable: true },
          { name: 'webhook_secret', type: 'varchar', length: '64' },
          { name: 'crossed_at', type: 'datetime', isNullable: true },
          ...timestamps(mysql),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'alert_deliveries',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'user_id', type: 'integer' },
          { name: 'channel', type: 'varchar', length: '16' },
          { name: 'target', type: 'varchar', length: '2000' },
          { name: 'payload', type: 'text' },
          { name: 'state', type: 'varchar', length: '16', default: "'pending'" },
          { name: 'attempts', type: 'integer', default: 0 },
          { name: 'last_error', type: 'varchar', length: '500', default: "''" },
          ...timestamps(mysql),
        ],
        indices: [
          new TableIndex({ name: 'idx_alert_deliveries_user', columnNames: ['user_id', 'id'] }),
          new TableIndex({ name: 'idx_alert_deliveries_state', columnNames: ['state'] }),
        ],
      }),
    );
    if (mysql) {
      for (const table of ['balance_alerts', 'alert_deliveries']) {
        await queryRunner.query(
          `ALTER TABLE \`${table}\` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
        );
      }
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('alert_deliveries');
    await queryRunner.dropTable('balance_alerts');
  }
}
