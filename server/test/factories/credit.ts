import { CREDIT_BOOK } from '../../src/modules/ledger';
import type { CreditBook } from '../../src/modules/ledger';
import type { TestApp } from '../harness';

/** Grants a user credit as the back office does (without its audit row), until an hour from now. */
export async function grantCredit(
  t: TestApp,
  userId: number,
  amountMilli: number,
  expiresAt = new Date(Date.now() + 3_600_000),
) {
  const granted = await t.app.get<CreditBook>(CREDIT_BOOK).grant({
    userId,
    amountMilli,
    expiresAt,
    reason: 'admin',
    note: '',
    adminId: null,
  });
  if (!granted.ok) throw new Error(`credit not granted: ${granted.reason}`);
  return granted;
}
