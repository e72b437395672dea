import type { DataSource } from 'typeorm';
import { rowTime, sqlTime } from '../../database/sql-time';

/**
 * How far log retention went (ms; null: it removed nothing): free and refunded calls' rows may be
 * gone before `freeBefore`, every row before `allBefore`.
 */
export interface RetentionBounds {
  freeBefore: number | null;
  allBefore: number | null;
}

const COLUMN = { free: 'free_before', all: 'all_before' } as const;

export async function retentionBounds(dataSource: DataSource): Promise<RetentionBounds> {
  const [row] = await dataSource.query<
    { free_before: Date | string | null; all_before: Date | string | null }[]
  >('SELECT free_before, all_before FROM log_retention WHERE id = 1');
  const at = (value: Date | string | null | undefined) =>
    value === null || value === undefined ? null : rowTime(value).getTime();
  return { freeBefore: at(row?.free_before), allBefore: at(row?.all_before) };
}

/** Records, before removing any, that `kind` rows before `before` may be gone (only ever later). */
export async function recordRetention(
  dataSource: DataSource,
  kind: keyof typeof COLUMN,
  before: Date,
): Promise<void> {
  const column = COLUMN[kind];
  const at = sqlTime(dataSource, before);
  await dataSource.query(
    `UPDATE log_retention SET ${column} = ? WHERE id = 1 AND (${column} IS NULL OR ${column} < ?)`,
    [at, at],
  );
}

/**
 * From when the raw rows are all there (ms): `charged`, charged rows (undefined: all kept); `any`,
 * every row (the later of the two bounds).
 */
export function keptFrom(bounds: RetentionBounds): { charged?: number; any?: number } {
  const both = [bounds.freeBefore, bounds.allBefore].filter((at): at is number => at !== null);
  return {
    charged: bounds.allBefore ?? undefined,
    any: both.length > 0 ? Math.max(...both) : undefined,
  };
}
