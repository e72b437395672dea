import type { Logger, ObjectLiteral, QueryRunner, SelectQueryBuilder } from 'typeorm';
import type { TestApp } from './harness';

const isSqlite = (t: TestApp) => t.dataSource.options.type === 'better-sqlite3';

/**
 * How a query reads one of its tables (by alias), as the database explains it: SQLite's EXPLAIN
 * QUERY PLAN detail, or MySQL/MariaDB's EXPLAIN `type key`. The query is a builder, or the SQL
 * and values the site runs.
 */
export async function planOf<T extends ObjectLiteral>(
  t: TestApp,
  query: SelectQueryBuilder<T> | [string, unknown[]],
  alias: string,
): Promise<string> {
  const [sql, params] = Array.isArray(query) ? query : query.getQueryAndParameters();
  if (isSqlite(t)) {
    const rows: { detail: string }[] = await t.dataSource.query(
      `EXPLAIN QUERY PLAN ${sql}`,
      params,
    );
    return rows.map((row) => row.detail).find((detail) => detail.split(' ')[1] === alias) ?? '';
  }
  const rows: { table: string; type: string; key: string | null }[] = await t.dataSource.query(
    `EXPLAIN ${sql}`,
    params,
  );
  const row = rows.find((r) => r.table === alias);
  return row ? `${row.type} ${row.key ?? 'no key'}` : '';
}

/**
 * A seek to a time: on SQLite of the (user_id, access_time) index on both columns (`user_id=? AND
 * access_time>?`), on MySQL/MariaDB a range on it or, when the costs say so (one user's table), on
 * the access_time index. A plan that seeks user_id alone walks all of the user's rows.
 */
export const seeksUserAndTime = (t: TestApp): RegExp =>
  isSqlite(t)
    ? /INDEX idx_access_logs_user_time \(user_id=\? AND access_time>\?/
    : /^range idx_access_logs_(user_)?time$/;

/** Every statement the data source runs while `reads` goes on (the site's TypeORM reads). */
export async function recorded(t: TestApp, reads: () => Promise<void>) {
  const seen: { sql: string; params: unknown[] }[] = [];
  const source = t.dataSource as { logger: Logger };
  const original = source.logger;
  const recorder = Object.create(original) as Logger;
  recorder.logQuery = (query: string, parameters?: unknown[], runner?: QueryRunner) => {
    seen.push({ sql: query, params: parameters ?? [] });
    original.logQuery(query, parameters, runner);
  };
  source.logger = recorder;
  try {
    await reads();
  } finally {
    source.logger = original;
  }
  return seen;
}

/** How a statement reads all its tables: SQLite's plan lines, or MySQL's EXPLAIN rows, joined. */
export async function explain(t: TestApp, sql: string, params: unknown[]): Promise<string> {
  if (t.dataSource.options.type === 'better-sqlite3') {
    const rows: { detail: string }[] = await t.dataSource.query(
      `EXPLAIN QUERY PLAN ${sql}`,
      params,
    );
    return rows.map((row) => row.detail).join('; ');
  }
  const rows: { table: string; type: string; key: string | null; Extra: string | null }[] =
    await t.dataSource.query(`EXPLAIN ${sql}`, params);
  return rows.map((row) => `${row.table} ${row.type} ${row.key} ${row.Extra ?? ''}`).join('; ');
}
