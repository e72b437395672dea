import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import type { TableColumnOptions } from 'typeorm';

/**
 * Plans (issue #30, ADR 050): what the back office sells, each user's one subscription (its
 * period and the calls it used, taken by the charge as a free quota is), and every period bought
 * (cash out of the balance, once per subscription and period start). Only adds tables: an older
 * release beside this one charges cash and never reads them.
 */
export class Plans1799000000000 implements MigrationInterface {
  name = 'Plans1799000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type !== 'better-sqlite3';
    const stamp = (name: string): TableColumnOptions =>
      mysql
        ? {
            name,
            type: 'datetime',
            precision: 6,
            default: 'CURRENT_TIMESTAMP(6)',
            ...(name === 'updated_at' && { onUpdate: 'CURRENT_TIMESTAMP(6)' }),
          }
        : { name, type: 'datetime', default: "datetime('now')" };
    const id: TableColumnOptions = {
      name: 'id',
      type: 'integer',
      isPrimary: true,
      isGenerated: true,
      generationStrategy: 'increment',
    };
    await queryRunner.createTable(
      new Table({
        name: 'plans',
        columns: [
          id,
          { name: 'name', type: 'varchar', length: '100' },
          { name: 'name_en', type: 'varchar', length: '100', default: "''" },
          { name: 'description', type: 'varchar', length: '500', default: "''" },
          { name: 'description_en', type: 'varchar', length: '500', default: "''" },
          { name: 'price_milli', type: 'bigint' },
          { name: 'period', type: 'varchar', length: '8' },
          { name: 'included_calls', type: 'integer' },
          { name: 'scope', type: 'varchar', length: '8', default: "'all'" },
          { name: 'category_id', type: 'integer', isNullable: true },
          { name: 'api_ids', type: 'varchar', length: '2000', default: "''" },
          { name: 'overage', type: 'varchar', length: '8', default: "'pay'" },
          { name: 'is_default', type: 'smallint', default: 0 },
          { name: 'status', type: 'smallint', default: 1 },
          stamp('created_at'),
          stamp('updated_at'),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'plan_subscriptions',
        columns: [
          id,
          { name: 'user_id', type: 'integer' },
          { name: 'plan_id', type: 'integer' },
          { name: 'state', type: 'varchar', length: '8', default: "'active'" },
          { name: 'auto_renew', type: 'smallint', default: 1 },
          { name: 'period_start', type: 'datetime' },
          { name: 'period_end', type: 'datetime' },
          { name: 'included_calls', type: 'integer' },
          { name: 'used_calls', type: 'integer', default: 0 },
          { name: 'ended_reason', type: 'varchar', length: '16', isNullable: true },
          stamp('created_at'),
          stamp('updated_at'),
        ],
        indices: [
          new TableIndex({
            name: 'uq_plan_subscriptions_user',
            columnNames: ['user_id'],
            isUnique: true,
          }),
          new TableIndex({
            name: 'idx_plan_subscriptions_due',
            columnNames: ['state', 'period_end'],
          }),
          new TableIndex({ name: 'idx_plan_subscriptions_plan', columnNames: ['plan_id'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'plan_periods',
        columns: [
          id,
          { name: 'subscription_id', type: 'integer' },
          { name: 'user_id', type: 'integer' },
          { name: 'plan_id', type: 'integer' },
          { name: 'period_start', type: 'datetime' },
          { name: 'period_end', type: 'datetime' },
          { name: 'price_milli', type: 'bigint' },
          { name: 'kind', type: 'varchar', length: '10' },
          stamp('created_at'),
        ],
        indices: [
          new TableIndex({
            name: 'uq_plan_periods_period',
            columnNames: ['subscription_id', 'period_start'],
            isUnique: true,
          }),
          new TableIndex({ name: 'idx_plan_periods_user', columnNames: ['user_id', 'id'] }),
          new TableIndex({ name: 'idx_plan_periods_created', columnNames: ['created_at'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('plan_periods');
    await queryRunner.dropTable('plan_subscriptions');
    await queryRunner.dropTable('plans');
  }
}
