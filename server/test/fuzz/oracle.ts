import type { Database } from 'better-sqlite3';
import { createHash } from 'node:crypto';
import type { EntityMetadata } from 'typeorm';
import { UsageRecorder } from '../../src/modules/gateway/usage-recorder';
import type { TestApp } from '../harness';
import type { Attack } from './attacks';
import type { Route } from './routes';
import type { WireAnswer } from './wire';

/**
 * Successful answers that are not envelopes by design; their errors still must be. The harness
 * serves no client build, so the SPA fallback answers a 404 envelope there and HTML is never right.
 */
const OWN_FORMAT = [
  /^\/apis\//, // the API's own payload
  /^\/metrics$/, // Prometheus text
  /^\/api\/afdian\/webhook$/, // Afdian's { ec, em } protocol
  /^\/openapi(\.json|\.yaml|\/)/, // OpenAPI documents
  /^\/llms(-full)?\.txt$/, // llmstxt.org text
  /^\/status(\.json|\.atom|\/)/, // the status page's JSON, Atom feed and SVG badges
  /^\/mcp$/, // JSON-RPC answers
  /^\/api\/admin\/export_recharge_reconciliation\.php$/, // CSV
  /^\/api\/user\/export_access_logs\.php$/, // CSV
  /^\/api\/user\/export_monthly_statement\.php$/, // CSV
  /^\/api\/oidc_(login|callback)\.php$/, // browser navigations, answered with a redirect
];

/** Sign-in navigations: with no provider set up, every answer sends the browser to a page here. */
const SITE_REDIRECTS = /^\/api\/oidc_(login|callback)\.php$/;

const STACK_TRACE = /\n\s+at \S|\bat \S+ \([^)]*:\d+:\d+\)|\.(?:ts|js):\d+/;
/** SQL statements, and SQLite's and MySQL's error codes and messages. */
const SQL_TEXT = new RegExp(
  [
    String.raw`\bSQLITE_[A-Z]+`,
    String.raw`\bER_[A-Z_]{3,}`,
    'QueryFailedError',
    'SQL syntax',
    'constraint failed',
    String.raw`no such (?:table|column)`,
    'Duplicate entry',
    'Data too long',
    String.raw`Incorrect \w+ value`,
    'Out of range value',
    String.raw`\bSELECT\b.{0,200}\bFROM\b`,
    String.raw`\bINSERT\s+INTO\b`,
    String.raw`\bUPDATE\s+\S+\s+SET\b`,
    String.raw`\bDELETE\s+FROM\b`,
  ].join('|'),
  's',
);

/** What is wrong with the server's answer to an attack on a route (nothing, ideally). */
export function problemsWith(route: Route, attack: Attack, answer: WireAnswer): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`answered ${answer.status}`);
  if (attack.method === 'HEAD' || answer.status === 204) {
    // A request line the HTTP parser cannot read has no method the answer could respect.
    if (answer.body && wellFormed(attack)) {
      problems.push(`answered ${attack.method} ${answer.status} with a body`);
    }
    return problems;
  }
  if (SITE_REDIRECTS.test(route.path) && answer.status < 400) {
    const location = String(answer.headers.location ?? '');
    if (answer.status !== 303 || !/^\/(?![/\\])/.test(location)) {
      problems.push(`answered ${answer.status} to ${location || '(no location)'}, not a page here`);
    }
  }
  if (answer.status < 400 && OWN_FORMAT.some((format) => format.test(route.path))) return problems;

  const type = String(answer.headers['content-type'] ?? '');
  if (!/^application\/json\b/i.test(type)) problems.push(`content-type ${type || '(none)'}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    parsed = undefined;
  }
  const envelope = parsed as { success?: unknown; message?: unknown; code?: unknown } | undefined;
  if (
    typeof envelope !== 'object' ||
    envelope === null ||
    typeof envelope.success !== 'boolean' ||
    typeof envelope.message !== 'string'
  ) {
    problems.push('body is not a { success, message } envelope');
  } else if (answer.status >= 400 && (envelope.success || typeof envelope.code !== 'string')) {
    problems.push('error envelope without success: false and a string code');
  }
  if (STACK_TRACE.test(answer.body)) problems.push('body holds a stack trace');
  if (SQL_TEXT.test(answer.body)) problems.push('body holds SQL or a driver error');
  if (attack.kind === 'path' && echoes(answer.body, attack.path)) {
    problems.push('body echoes the hostile path');
  }
  return problems;
}

const wellFormed = (attack: Attack) => /^\/[\x21-\x7e]*$/.test(attack.path + attack.query);

function echoes(body: string, path: string): boolean {
  const forms = new Set([path, JSON.stringify(path).slice(1, -1)]);
  try {
    forms.add(decodeURIComponent(path));
  } catch {
    // Undecodable paths are echoed, if at all, as sent.
  }
  return [...forms].some((form) => body.includes(form));
}

/**
 * Tables a refused request may still change, left out of the digest: `sessions` (every signed-in
 * read slides last_seen_at, and the harness's own re-logins rotate rows), `access_logs` (the
 * gateway's call records, which the retention job also prunes on its own clock), the daily and
 * hour rollups of those records (added up on the rollup job's clock) and the APIs' health
 * (measurements of earlier calls, written and worked out on the health timers' clocks). Every other
 * table is content: users and their balances and keys, the catalogue, partners, ads, links, site
 * config, recharge records, adjustments, daily stats, admins.
 */
const NOT_CONTENT = new Set([
  'sessions',
  'access_logs',
  'usage_rollups',
  'usage_rollup_state',
  'call_rollups',
  'call_day_totals',
  'user_day_totals',
  'user_month_firsts',
  'site_day_totals',
  'usage_hour_rollups',
  'call_hour_rollups',
  'usage_hour_state',
  'ledger_months',
  'ledger_closings',
  'api_health_buckets',
  'api_health',
  'api_health_daily',
  'api_incidents',
]);
/**
 * Columns a refused request may still change in a content table: a key's last use is noted for
 * every call that passed the key's checks, a call the API then refused included; a probe's runs
 * and an API's maintenance move on the probe runner's and the health monitor's own timers.
 */
const NOT_CONTENT_COLUMNS: Record<string, readonly string[]> = {
  api_keys: ['last_used_at', 'last_used_ip'],
  api_probes: [
    'next_run_at',
    'last_run_at',
    'last_status',
    'last_ms',
    'last_error',
    'consecutive_failures',
    'consecutive_passes',
  ],
  apis: ['maintenance_at'],
};

/**
 * Append-only tables, digested by their row count and newest id: an insert or a delete changes
 * those, and no request may update a row. `audit_log` keeps whole before/after rows, so after the
 * admin's accepted writes of megabyte fields, hashing its content per request would dominate the
 * run and stall the event loop it measures.
 */
const APPEND_ONLY = new Set(['audit_log']);

export type Digest = Map<string, string>;

/**
 * On SQLite every write, the ledger's raw ones included, goes through one connection, whose
 * total_changes() moves with each row written: while it stands still no table can have changed,
 * and the last digest still holds (most refused requests write nothing). MySQL has no such
 * counter and is read whole each time.
 */
const lastSqliteDigest = new WeakMap<TestApp, { changes: number; digest: Digest }>();

const sqliteChanges = (t: TestApp): number | null =>
  t.dataSource.options.type === 'better-sqlite3'
    ? Number(
        (
          (t.dataSource.driver as unknown as { databaseConnection: Database }).databaseConnection
            .prepare('SELECT total_changes() AS n')
            .get() as { n: number }
        ).n,
      )
    : null;

/** A hash per content table, taken once the gateway's batched counters have been written. */
export async function digestContent(t: TestApp): Promise<Digest> {
  await t.app.get(UsageRecorder).flush();
  const changes = sqliteChanges(t);
  const last = lastSqliteDigest.get(t);
  if (changes !== null && last?.changes === changes) return last.digest;
  const digest = await readDigest(t);
  if (changes !== null) lastSqliteDigest.set(t, { changes, digest });
  return digest;
}

async function readDigest(t: TestApp): Promise<Digest> {
  const tables = t.dataSource.entityMetadatas.filter((e) => !NOT_CONTENT.has(e.tableName));
  return t.dataSource.options.type === 'better-sqlite3'
    ? readSqliteDigest(t, tables)
    : readMysqlDigest(t, tables);
}

function digestParts(t: TestApp, entity: EntityMetadata) {
  const driver = t.dataSource.driver;
  const skipped = NOT_CONTENT_COLUMNS[entity.tableName] ?? [];
  return {
    table: driver.escape(entity.tableName),
    order: entity.primaryColumns.map((c) => driver.escape(c.databaseName)),
    columns: entity.columns
      .map((c) => c.databaseName)
      .filter((name) => !skipped.includes(name))
      .map((name) => driver.escape(name)),
    appendOnly: APPEND_ONLY.has(entity.tableName),
  };
}

async function readSqliteDigest(t: TestApp, tables: EntityMetadata[]): Promise<Digest> {
  const hashes = await Promise.all(
    tables.map(async (entity) => {
      const { table, order, columns, appendOnly } = digestParts(t, entity);
      const rows: unknown[] = await t.dataSource.query(
        appendOnly
          ? `SELECT COUNT(*) AS n, MAX(${order.join(', ')}) AS newest FROM ${table}`
          : `SELECT ${columns.join(', ')} FROM ${table} ORDER BY ${order.join(', ')}`,
      );
      return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
    }),
  );
  return new Map(tables.map((entity, i) => [entity.tableName, hashes[i]]));
}

/**
 * MySQL hashes each table itself, in one statement: a row count and the XOR of a 64-bit slice of
 * each row's SHA-256 (QUOTE tells NULL from the text 'NULL'). Reading every table whole into this
 * process per request made the fuzzer's own work, not the server's, fill a busy machine's CPU.
 */
async function readMysqlDigest(t: TestApp, tables: EntityMetadata[]): Promise<Digest> {
  const selects = tables.map((entity) => {
    const { table, order, columns, appendOnly } = digestParts(t, entity);
    const hash = appendOnly
      ? `MAX(${order.join(', ')})`
      : `BIT_XOR(CAST(CONV(LEFT(SHA2(CONCAT_WS(',', ${columns
          .map((column) => `QUOTE(${column})`)
          .join(', ')}), 256), 16), 16, 10) AS UNSIGNED))`;
    return `SELECT '${entity.tableName}' AS t, COUNT(*) AS n, ${hash} AS h FROM ${table}`;
  });
  const rows: { t: string; n: number | string; h: number | string | null }[] =
    await t.dataSource.query(selects.join(' UNION ALL '));
  return new Map(rows.map((row) => [row.t, `${row.n}:${row.h}`]));
}

export function changedTables(before: Digest, after: Digest): string[] {
  return [...after.keys()].filter((table) => before.get(table) !== after.get(table));
}
