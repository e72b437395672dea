import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * A SELECT's SQL and parameters with `index` forced for the table it reads from on MySQL/MariaDB
 * (SQLite: as built). TypeORM writes only `USE INDEX`, which leaves the optimizer its choice
 * between a ref on the index's first column and a range on more of its columns: on the log in
 * month partitions MariaDB costs the ref on one user's rows in the months left after pruning as the
 * cheaper, and then walks them from the month's (or the log's) start to the bound on every page.
 * Forced, the index is read as a range to the bound (ledger-scale-plans.spec).
 */
export function forcingIndex<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  index: string,
): [string, unknown[]] {
  const [sql, params] = qb.useIndex(index).getQueryAndParameters();
  return [sql.replace(' USE INDEX (', ' FORCE INDEX ('), params];
}
