import { createHash } from 'node:crypto';
import { createConnection } from 'mysql2/promise';
import type { Connection, RowDataPacket } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions, detectDatabaseKind } from '../src/database/data-source-options';
import { MIGRATIONS } from '../src/database/migrations';

/**
 * Test databases on MySQL start as copies of one migrated schema. Running the migrations (DDL that
 * syncs to disk, table by table) took 2.0–2.6 s a database on this machine's MariaDB, copying their
 * tables 0.3–0.45 s, and a run of the suite starts about 150 such databases.
 *
 * The template is made by the real migrations in a database of its own, once for each set of them
 * (its name carries a hash of their code, so a changed migration makes a new one), under a named
 * lock so that Jest's workers make it once. Its tables' CREATE statements and INSERTs of the rows
 * the migrations wrote are kept in `portico_test_templates`, and the database dropped; a copy runs
 * them in the new database.
 */
const TEMPLATES = 'portico_test_templates';

const TEMPLATE = `portico_tpl_${createHash('sha256')
  // A class's text is its whole source, its up and down included.
  .update(MIGRATIONS.map((migration) => migration.toString()).join('\n'))
  .digest('hex')
  .slice(0, 16)}`;

/** How long a worker waits for another to make the template (one run of the migrations). */
const MAKING_WAIT_S = 300;

let known: string[] | undefined;

const quoted = (name: string) => `\`${name.replaceAll('`', '``')}\``;

/** Runs the migrations into a database of their own and answers the statements that copy it. */
async function makeTemplate(conn: Connection, serverUrl: string): Promise<string[]> {
  await conn.query(`DROP DATABASE IF EXISTS ${quoted(TEMPLATE)}`);
  await conn.query(
    `CREATE DATABASE ${quoted(TEMPLATE)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
  );
  const url = new URL(serverUrl);
  url.pathname = `/${TEMPLATE}`;
  const dataSource = new DataSource(
    buildDataSourceOptions(url.toString(), await detectDatabaseKind(url.toString())),
  );
  await dataSource.initialize();
  try {
    // As runMigrations does on MySQL, without a log line for each.
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await dataSource.destroy();
  }
  // CREATE statements carry tables only: a view, trigger or routine would be lost in a copy.
  const [others] = await conn.query<RowDataPacket[]>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? AND table_type <> 'BASE TABLE'
     UNION ALL SELECT trigger_name FROM information_schema.triggers WHERE trigger_schema = ?
     UNION ALL SELECT routine_name FROM information_schema.routines WHERE routine_schema = ?`,
    [TEMPLATE, TEMPLATE, TEMPLATE],
  );
  if (others.length > 0) {
    throw new Error(
      `the migrations made ${others.map((row) => String(row.name)).join(', ')}, which ` +
        'test/schema-template.ts does not copy: teach it to',
    );
  }
  const [tables] = await conn.query<RowDataPacket[]>(
    'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? ORDER BY table_name',
    [TEMPLATE],
  );
  const creates: string[] = [];
  const copies: string[] = [];
  for (const { name } of tables as { name: string }[]) {
    const table = `${quoted(TEMPLATE)}.${quoted(name)}`;
    const [[created]] = await conn.query<RowDataPacket[]>(`SHOW CREATE TABLE ${table}`);
    creates.push(String(created['Create Table']));
    // As stored (dateStrings): a date read into JavaScript and written back could move.
    const [rows] = await conn.query<RowDataPacket[]>({
      sql: `SELECT * FROM ${table}`,
      dateStrings: true,
    });
    if (rows.length > 0) {
      copies.push(
        conn.format('INSERT INTO ?? VALUES ?', [name, rows.map((row) => Object.values(row))]),
      );
    }
  }
  await conn.query(`DROP DATABASE ${quoted(TEMPLATE)}`);
  return [...creates, ...copies];
}

/** The statements that copy the template, making it first if no worker has. */
async function templateStatements(serverUrl: string): Promise<string[]> {
  if (known) return known;
  const conn = await createConnection({ uri: serverUrl });
  try {
    await conn.query(`CREATE DATABASE IF NOT EXISTS ${TEMPLATES}`);
    await conn.query(
      `CREATE TABLE IF NOT EXISTS ${TEMPLATES}.schemas (name VARCHAR(64) PRIMARY KEY, statements LONGTEXT NOT NULL)`,
    );
    const stored = async () => {
      const [rows] = await conn.query<RowDataPacket[]>(
        `SELECT statements FROM ${TEMPLATES}.schemas WHERE name = ?`,
        [TEMPLATE],
      );
      return rows[0] ? (JSON.parse(String(rows[0].statements)) as string[]) : undefined;
    };
    known = await stored();
    if (known) return known;
    const [[{ locked }]] = await conn.query<RowDataPacket[]>('SELECT GET_LOCK(?, ?) AS locked', [
      TEMPLATE,
      MAKING_WAIT_S,
    ]);
    if (Number(locked) !== 1) throw new Error(`no worker made ${TEMPLATE} in ${MAKING_WAIT_S} s`);
    try {
      known = (await stored()) ?? (await makeTemplate(conn, serverUrl));
      await conn.query(`INSERT IGNORE INTO ${TEMPLATES}.schemas (name, statements) VALUES (?, ?)`, [
        TEMPLATE,
        JSON.stringify(known),
      ]);
      return known;
    } finally {
      await conn.query('SELECT RELEASE_LOCK(?)', [TEMPLATE]);
    }
  } finally {
    await conn.end();
  }
}

/** Gives the empty database `name` on `serverUrl`'s server every migration's tables and rows. */
export async function copyMigratedSchema(serverUrl: string, name: string): Promise<void> {
  const statements = await templateStatements(serverUrl);
  const conn = await createConnection({ uri: serverUrl, multipleStatements: true });
  try {
    await conn.query(
      [`USE ${quoted(name)}`, 'SET FOREIGN_KEY_CHECKS = 0', ...statements].join(';\n'),
    );
  } finally {
    await conn.end();
  }
}
