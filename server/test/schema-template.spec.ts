import { createConnection } from 'mysql2/promise';
import type { RowDataPacket } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions, detectDatabaseKind } from '../src/database/data-source-options';
import { pendingMigrations } from '../src/database/migrate';
import { describeIf } from './requires';
import { copyMigratedSchema } from './schema-template';

const MYSQL_URL = process.env.TEST_MYSQL_URL;

/** Every table's CREATE statement and rows, by table name. */
async function schemaOf(name: string) {
  const conn = await createConnection({ uri: MYSQL_URL, dateStrings: true });
  try {
    const [tables] = await conn.query<RowDataPacket[]>(
      'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? ORDER BY table_name',
      [name],
    );
    const schema: Record<string, { create: string; rows: unknown[] }> = {};
    for (const { name: table } of tables as { name: string }[]) {
      const [[created]] = await conn.query<RowDataPacket[]>(
        `SHOW CREATE TABLE \`${name}\`.\`${table}\``,
      );
      const [rows] = await conn.query<RowDataPacket[]>(`SELECT * FROM \`${name}\`.\`${table}\``);
      schema[table] = { create: String(created['Create Table']), rows };
    }
    return schema;
  } finally {
    await conn.end();
  }
}

describeIf(Boolean(MYSQL_URL), 'TEST_MYSQL_URL')(
  'test databases copied from one migrated schema',
  () => {
    const names = [`portico_copy_${process.pid}`, `portico_migrated_${process.pid}`];

    afterAll(async () => {
      const conn = await createConnection({ uri: MYSQL_URL });
      for (const name of names) await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await conn.end();
    });

    it('has the tables, indexes, keys and rows the migrations make, and nothing pending', async () => {
      const [copy, migrated] = names;
      const conn = await createConnection({ uri: MYSQL_URL });
      for (const name of names) {
        // As freshDatabase makes them: the tables' collation is the database's.
        await conn.query(
          `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
        );
      }
      await conn.end();
      await copyMigratedSchema(MYSQL_URL!, copy);
      const sources = names.map((name) => {
        const url = new URL(MYSQL_URL!);
        url.pathname = `/${name}`;
        return url.toString();
      });
      const kind = await detectDatabaseKind(sources[1]);
      const [copied, direct] = sources.map(
        (url) => new DataSource(buildDataSourceOptions(url, kind)),
      );
      await Promise.all([copied.initialize(), direct.initialize()]);
      try {
        await direct.runMigrations({ transaction: 'each' });
        expect(await pendingMigrations(copied)).toEqual([]);
      } finally {
        await Promise.all([copied.destroy(), direct.destroy()]);
      }
      const [ofCopy, ofMigrated] = [await schemaOf(copy), await schemaOf(migrated)];
      expect(Object.keys(ofCopy).length).toBeGreaterThan(40);
      expect(ofCopy).toEqual(ofMigrated);
      expect(ofCopy.migrations.rows.length).toBeGreaterThan(40);
    }, 120_000);
  },
);
