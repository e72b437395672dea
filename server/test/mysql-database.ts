import { randomBytes } from 'node:crypto';
import { createConnection } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions, detectDatabaseKind } from '../src/database/data-source-options';
import { copyMigratedSchema } from './schema-template';

/**
 * A fresh database on TEST_MYSQL_URL's server with every migration's schema, for tests of the raw
 * MySQL money paths: its DataSource, its URL, whether the server is MariaDB and how to throw it
 * away.
 */
export async function migratedMysqlDatabase(prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = await createConnection({ uri: process.env.TEST_MYSQL_URL });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  await copyMigratedSchema(process.env.TEST_MYSQL_URL!, name);
  const url = new URL(process.env.TEST_MYSQL_URL!);
  url.pathname = `/${name}`;
  const dataSource = new DataSource(
    buildDataSourceOptions(url.toString(), await detectDatabaseKind(url.toString())),
  );
  await dataSource.initialize();
  return {
    dataSource,
    url: url.toString(),
    mariadb: dataSource.options.type === 'mariadb',
    drop: async () => {
      await dataSource.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await dataSource.destroy();
    },
  };
}
