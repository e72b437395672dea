import { MigrationInterface, QueryRunner, Table, TableColumnOptions, TableIndex } from 'typeorm';

const id = (): TableColumnOptions => ({
  name: 'id',
  type: 'integer',
  isPrimary: true,
  isGenerated: true,
  generationStrategy: 'increment',
});
const varchar = (name: string, length: number, extra: Partial<TableColumnOptions> = {}) =>
  ({ name, type: 'varchar', length: String(length), ...extra }) as TableColumnOptions;
const text = (name: string): TableColumnOptions => ({ name, type: 'text' });
const int = (name: string, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
  name,
  type: 'integer',
  ...extra,
});
const bigint = (name: string, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
  name,
  type: 'bigint',
  ...extra,
});
const flag = (name: string, fallback: number): TableColumnOptions => ({
  name,
  type: 'smallint',
  default: fallback,
});
const datetime = (name: string, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
  name,
  type: 'datetime',
  ...extra,
});
/** created_at/updated_at exactly as TypeORM's Create/UpdateDateColumn declare them per driver. */
const timestamps = (mysql: boolean): TableColumnOptions[] =>
  mysql
    ? [
        datetime('created_at', { precision: 6, default: 'CURRENT_TIMESTAMP(6)' }),
        datetime('updated_at', {
          precision: 6,
          default: 'CURRENT_TIMESTAMP(6)',
          onUpdate: 'CURRENT_TIMESTAMP(6)',
        }),
      ]
    : [
        datetime('created_at', { default: "datetime('now')" }),
        datetime('updated_at', { default: "datetime('now')" }),
      ];
const idx = (name: string, columnNames: string[], isUnique = false) =>
  new TableIndex({ name, columnNames, isUnique });

/** The whole data model of DESIGN.md §3, written once for SQLite and MySQL alike. */
export class InitialSchema1763769600000 implements MigrationInterface {
  name = 'InitialSchema1763769600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type !== 'better-sqlite3';
    const ts = timestamps(mysql);
    const tables: Table[] = [
      new Table({
        name: 'users',
        columns: [
          id(),
          varchar('username', 32),
          varchar('username_key', 32),
          varchar('email', 191, { isNullable: true }),
          varchar('password_hash', 255),
          bigint('balance_milli', { default: 0 }),
          varchar('api_key_hash', 64),
          varchar('api_key_enc', 255),
          varchar('api_key_hint', 16),
          flag('status', 1),
          ...ts,
        ],
        indices: [
          idx('uq_users_username_key', ['username_key'], true),
          idx('uq_users_email', ['email'], true),
          idx('uq_users_api_key_hash', ['api_key_hash'], true),
        ],
      }),
      new Table({
        name: 'admins',
        columns: [
          id(),
          varchar('username', 32),
          varchar('password_hash', 255),
          datetime('last_login_at', { isNullable: true }),
          ...ts,
        ],
        indices: [idx('uq_admins_username', ['username'], true)],
      }),
      new Table({
        name: 'sessions',
        columns: [
          varchar('token_hash', 64, { isPrimary: true }),
          varchar('kind', 8),
          int('subject_id'),
          varchar('csrf_secret', 64),
          datetime('expires_at'),
          datetime('last_seen_at'),
          varchar('ip', 64, { isNullable: true }),
          varchar('user_agent', 255, { isNullable: true }),
          ...ts,
        ],
        indices: [
          idx('idx_sessions_subject', ['kind', 'subject_id']),
          idx('idx_sessions_expires', ['expires_at']),
        ],
      }),
      new Table({
        name: 'apis',
        columns: [
          id(),
          varchar('name', 100),
          varchar('name_en', 100),
          text('description'),
          text('description_en'),
          varchar('endpoint', 255),
          varchar('example_url', 500),
          varchar('response_format', 100, { default: "'application/json'" }),
          varchar('request_method', 8, { default: "'GET'" }),
          text('request_params'),
          text('response_params'),
          text('status_codes'),
          text('php_example'),
          text('response_example'),
          flag('status', 1),
          flag('is_paid', 0),
          flag('is_pinned', 0),
          bigint('price_per_call_milli', { default: 0 }),
          bigint('usage_count', { default: 0 }),
          varchar('handler', 32, { isNullable: true }),
          varchar('upstream_url', 500, { isNullable: true }),
          int('upstream_timeout_ms', { default: 10000 }),
          ...ts,
        ],
        indices: [
          idx('uq_apis_name_en', ['name_en'], true),
          idx('idx_apis_listing', ['status', 'is_pinned', 'id']),
        ],
      }),
      new Table({
        name: 'partners',
        columns: [
          id(),
          varchar('name', 100),
          varchar('logo_url', 500, { default: "''" }),
          varchar('website_url', 500, { default: "''" }),
          varchar('description', 500, { default: "''" }),
          int('sort_order', { default: 0 }),
          flag('status', 1),
          ...ts,
        ],
      }),
      new Table({
        name: 'ads',
        columns: [
          id(),
          varchar('title', 100),
          varchar('image_url', 500),
          varchar('link_url', 500),
          varchar('description', 500, { default: "''" }),
          int('sort_order', { default: 0 }),
          flag('status', 1),
          ...ts,
        ],
      }),
      new Table({
        name: 'sidebar_links',
        columns: [
          id(),
          varchar('title', 100),
          varchar('description', 500, { default: "''" }),
          varchar('url', 500, { isNullable: true }),
          varchar('target', 8, { default: "'_self'" }),
          int('sort_order', { default: 0 }),
          flag('status', 1),
          ...ts,
        ],
      }),
      new Table({
        name: 'friend_links',
        columns: [
          id(),
          varchar('name', 100),
          varchar('link_url', 500),
          varchar('avatar_url', 500, { default: "''" }),
          varchar('description', 500, { default: "''" }),
          int('sort_order', { default: 0 }),
          flag('status', 1),
          ...ts,
        ],
      }),
      new Table({
        name: 'site_config',
        columns: [
          id(),
          varchar('site_title', 200, { default: "''" }),
          varchar('site_keywords', 500, { default: "''" }),
          varchar('site_description', 1000, { default: "''" }),
          varchar('site_favicon', 500, { default: "''" }),
          varchar('site_url', 500, { default: "''" }),
          varchar('copyright', 500, { default: "''" }),
          varchar('icp', 100, { default: "''" }),
          text('analytics_code'),
          text('home_notice'),
          datetime('site_start_time'),
          ...ts,
        ],
      }),
      new Table({
        name: 'access_logs',
        columns: [
          { ...id(), type: mysql ? 'bigint' : 'integer' },
          int('user_id', { isNullable: true }),
          int('api_id', { isNullable: true }),
          varchar('api_name', 100, { default: "''" }),
          varchar('ip_address', 64, { default: "''" }),
          varchar('access_url', 1000, { default: "''" }),
          varchar('user_agent', 500, { default: "''" }),
          datetime('access_time'),
          { name: 'status_code', type: 'smallint', default: 200 },
          bigint('cost_milli', { default: 0 }),
          int('latency_ms', { default: 0 }),
        ],
        indices: [
          idx('idx_access_logs_user', ['user_id', 'id']),
          idx('idx_access_logs_time', ['access_time']),
        ],
      }),
      new Table({
        name: 'api_daily_stats',
        columns: [
          int('api_id', { isPrimary: true }),
          { name: 'access_date', type: 'date', isPrimary: true },
          bigint('calls', { default: 0 }),
        ],
      }),
      new Table({
        name: 'recharge_records',
        columns: [
          id(),
          int('user_id', { isNullable: true }),
          varchar('out_trade_no', 64),
          bigint('amount_milli'),
          varchar('paid_amount', 32),
          varchar('source', 8),
          text('raw'),
          ...ts,
        ],
        indices: [
          idx('uq_recharge_records_out_trade_no', ['out_trade_no'], true),
          idx('idx_recharge_records_user', ['user_id', 'id']),
        ],
      }),
      new Table({
        name: 'balance_adjustments',
        columns: [
          id(),
          int('user_id'),
          int('admin_id'),
          bigint('delta_milli'),
          varchar('reason', 500),
          ...ts,
        ],
        indices: [idx('idx_balance_adjustments_user', ['user_id', 'id'])],
      }),
    ];
    for (const table of tables) {
      await queryRunner.createTable(table);
      if (mysql) {
        await queryRunner.query(
          `ALTER TABLE \`${table.name}\` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
        );
      }
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of [
      'balance_adjustments',
      'recharge_records',
      'api_daily_stats',
      'access_logs',
      'site_config',
      'friend_links',
      'sidebar_links',
      'ads',
      'partners',
      'apis',
      'sessions',
      'admins',
      'users',
    ]) {
      await queryRunner.dropTable(name);
    }
  }
}
