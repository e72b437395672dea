import type { DataSource } from 'typeorm';

/**
 * A time as a bound parameter of a comparison with a datetime column: better-sqlite3 binds no
 * Date, so SQLite is given the UTC text TypeORM stores; MySQL takes the Date.
 */
export const sqlTime = (dataSource: DataSource, date: Date): Date | string =>
  dataSource.options.type === 'better-sqlite3'
    ? date.toISOString().replace('T', ' ').replace('Z', '')
    : date;
