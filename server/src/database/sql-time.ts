import type { DataSource } from 'typeorm';

/**
 * A time as a bound parameter of a comparison with a datetime column: better-sqlite3 binds no
 * Date, so SQLite is given the UTC text TypeORM stores; MySQL takes the Date.
 */
export const sqlTime = (dataSource: DataSource, date: Date): Date | string =>
  dataSource.options.type === 'better-sqlite3' ? sqliteTime(date) : date;

/** The UTC text SQLite's datetime columns hold (as TypeORM writes them). */
export const sqliteTime = (date: Date): string =>
  date.toISOString().replace('T', ' ').replace('Z', '');

/** SQLite hands datetimes back as UTC text ("2026-11-23 06:51:24.123"), mysql2 as Dates. */
export const rowTime = (value: Date | string): Date =>
  value instanceof Date ? value : new Date(`${value.replace(' ', 'T')}Z`);
