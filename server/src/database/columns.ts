import { Column, ColumnOptions, CreateDateColumn, UpdateDateColumn } from 'typeorm';
import type { DataSource } from 'typeorm';

/** BIGINT columns come back from mysql2 as strings; money and counters are JS numbers here. */
const bigintAsNumber = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
};

export const BigIntColumn = (options: ColumnOptions = {}) =>
  Column({ type: 'bigint', transformer: bigintAsNumber, ...options });

export const FlagColumn = (options: ColumnOptions = {}) =>
  Column({ type: 'smallint', default: 1, ...options });

export const CreatedAt = () => CreateDateColumn({ type: 'datetime' });
export const UpdatedAt = () => UpdateDateColumn({ type: 'datetime' });

const longTextColumns: [object, string][] = [];

/**
 * Text with no practical length limit: TEXT on SQLite (unbounded there), LONGTEXT on MySQL
 * (whose TEXT holds 64 KB). TypeORM declares one type for both; declareLongText tells it which
 * columns are LONGTEXT on MySQL.
 */
export const LongTextColumn =
  (options: ColumnOptions = {}): PropertyDecorator =>
  (target, property) => {
    longTextColumns.push([target.constructor, String(property)]);
    Column({ type: 'text', ...options })(target, property);
  };

/** On MySQL, the LongTextColumns' metadata says LONGTEXT, as their migrations made them. */
export function declareLongText(dataSource: DataSource): void {
  if (dataSource.options.type === 'better-sqlite3') return;
  for (const [target, property] of longTextColumns) {
    const column = dataSource.getMetadata(target as never).findColumnWithPropertyName(property);
    if (column) column.type = 'longtext';
  }
}
