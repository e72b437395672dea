import type { DataSource } from 'typeorm';

/**
 * Call rows a test wrote by hand, charged as the ledger would have: each user's costs taken from
 * their balance, so the books the harness checks after every test add up.
 */
export async function chargeWritten(
  dataSource: DataSource,
  rows: readonly { user_id: number; cost_milli?: number }[],
): Promise<void> {
  const costs = new Map<number, number>();
  for (const row of rows) {
    costs.set(row.user_id, (costs.get(row.user_id) ?? 0) + (row.cost_milli ?? 0));
  }
  for (const [userId, cost] of costs) {
    if (cost === 0) continue;
    await dataSource.query('UPDATE users SET balance_milli = balance_milli - ? WHERE id = ?', [
      cost,
      userId,
    ]);
  }
}
