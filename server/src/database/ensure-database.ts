import { createConnection } from 'mysql2/promise';
import { DatabaseOpenError, databaseKind } from './data-source-options';
import { mysqlHosts } from './mysql-hosts';

/**
 * Connecting to a database: "Unknown database", or "Access denied to database" (what an account
 * without privileges on it hears whether it exists or not).
 */
const NO_DATABASE = new Set([1049, 1044]);
/** Access denied for the statement (database-level, global or table privilege missing). */
const ACCESS_DENIED = new Set([1044, 1045, 1142, 1227]);

const errno = (error: unknown) => (error as { errno?: unknown }).errno;

/** The SQL an administrator runs to create the database for the URL's account. */
export function createDatabaseSql(database: string, user: string): string {
  return (
    `CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci; ` +
    `GRANT ALL PRIVILEGES ON \`${database}\`.* TO '${user}'@'%';`
  );
}

/**
 * For a MySQL URL whose database does not exist: creates it (utf8mb4) when the account may, and
 * otherwise (or when the account has no privileges on it) fails with one line naming the SQL an
 * administrator runs. Any other failure (the
 * server is down, a wrong password) is the caller's to handle: it is thrown as it came.
 */
export async function ensureMysqlDatabase(url: string, connectTimeout: number): Promise<void> {
  if (databaseKind(url) === 'sqlite') return;
  const first = new URL(
    mysqlHosts(url)
      .urlFor(0)
      .replace(/^mariadb:/, 'mysql:'),
  );
  try {
    const connection = await createConnection({ uri: first.toString(), connectTimeout });
    await connection.end();
    return;
  } catch (error) {
    if (!NO_DATABASE.has(errno(error) as number)) throw error;
  }
  const database = decodeURIComponent(first.pathname.slice(1));
  const user = decodeURIComponent(first.username);
  const server = new URL(first);
  server.pathname = '/';
  const connection = await createConnection({ uri: server.toString(), connectTimeout });
  try {
    await connection.query(
      `CREATE DATABASE IF NOT EXISTS \`${database.replace(/`/g, '``')}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
  } catch (error) {
    if (!ACCESS_DENIED.has(errno(error) as number)) throw error;
    throw new DatabaseOpenError(
      `the MySQL database "${database}" does not exist (or "${user}" has no privileges on it) ` +
        `and "${user}" may not create it; ` +
        `as an administrator run: ${createDatabaseSql(database, user)}`,
    );
  } finally {
    await connection.end();
  }
}
