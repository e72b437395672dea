import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { databaseKind } from '../database/data-source-options';
import { mysqlHosts } from '../database/mysql-hosts';
import type { Env } from '../env/env';
import type { Print } from './run';
import { runCli } from './run';

/** What to run for a MySQL database: mysqldump's consistent snapshot of InnoDB tables. */
export function mysqldumpRecipe(url: string): string {
  const first = new URL(
    mysqlHosts(url)
      .urlFor(0)
      .replace(/^mariadb:/, 'mysql:'),
  );
  const database = decodeURIComponent(first.pathname.slice(1));
  return (
    `mysqldump --single-transaction --routines --triggers -h ${first.hostname} -P ${first.port || 3306} ` +
    `-u ${decodeURIComponent(first.username)} -p ${database} | gzip > ${database}-$(date -u +%Y%m%dT%H%M%SZ).sql.gz`
  );
}

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');

/**
 * `npm run backup [file]`: a consistent copy of the SQLite database taken with SQLite's online
 * backup API while the site runs (default: DATA_DIR/backups/portico-<UTC time>.db). A MySQL
 * database is not copied here: the mysqldump command that does it is printed.
 */
export async function backupCommand(
  env: Env,
  print: Print,
  argv: readonly string[] = process.argv.slice(2),
): Promise<number> {
  if (databaseKind(env.DATABASE_URL) !== 'sqlite') {
    print('a MySQL database is backed up with mysqldump (it asks for the password):');
    print(`  ${mysqldumpRecipe(env.DATABASE_URL)}`);
    return 2;
  }
  const source = env.DATABASE_URL.slice('sqlite:'.length);
  if (!existsSync(source)) {
    print(`there is no SQLite database at ${resolve(source)}`);
    return 1;
  }
  const target = resolve(argv[0] ?? join(env.DATA_DIR, 'backups', `portico-${stamp()}.db`));
  if (existsSync(target)) {
    print(`${target} exists already: name another file`);
    return 1;
  }
  mkdirSync(dirname(target), { recursive: true });
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
  print(`backed up ${resolve(source)} to ${target}`);
  print(
    'Keep APP_SECRET (or DATA_DIR/app-secret) with it: the API keys in it are encrypted with it.',
  );
  return 0;
}

if (require.main === module) runCli((env, print) => backupCommand(env, print));
