import { Column, ColumnOptions, CreateDateColumn, UpdateDateColumn } from 'typeorm';

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
