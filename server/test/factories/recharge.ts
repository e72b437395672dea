import { AfdianFake } from '../fakes/afdian-fake';
import type { TestApp } from '../harness';
import type { HttpClient } from '../http-client';
import { createUser, loginUser } from './users';

export const VERIFY = '/api/user/verify_aifadian_order.php';
export const HISTORY = '/api/user/get_aifadian_recharge_history.php';
export const RECHARGE_INFO = '/api/user/get_recharge_info.php';
export const WEBHOOK = '/api/afdian/webhook';
export const ADJUST = '/api/admin/adjust_user_balance.php';

/**
 * A fake Afdian on loopback for a whole spec file, and the environment that points the app at it.
 * The environment object is filled in when the fake starts, before describeEachDb boots the app.
 */
export function useAfdianFake(extra: Record<string, string> = {}) {
  const fake = new AfdianFake();
  const env: Record<string, string> = {};
  beforeAll(async () => {
    await fake.start();
    // Well past what the fake takes on a loaded CI machine (a 500 ms limit once answered a check
    // of several orders with a 504); the timeout's own test sets a shorter one.
    Object.assign(env, fake.env(), { AFDIAN_TIMEOUT_MS: '5000' }, extra);
  });
  afterEach(() => fake.reset());
  afterAll(() => fake.close());
  return { fake, env };
}

/** A new user signed in on its own client. */
export async function signedInUser(t: TestApp): Promise<{ client: HttpClient; userId: number }> {
  const { user, password } = await createUser(t);
  const client = t.client();
  await loginUser(t, client, user.username, password);
  return { client, userId: user.id };
}

/** The user's balance as stored, in milli-yuan. */
export async function balanceOf(t: TestApp, userId: number): Promise<number> {
  const rows: { v: string | number }[] = await t.dataSource.query(
    'SELECT balance_milli AS v FROM users WHERE id = ?',
    [userId],
  );
  return Number(rows[0].v);
}

/** The recharge rows that name this order (one at most), with their state and why. */
export async function recordsFor(t: TestApp, outTradeNo: string) {
  return t.dataSource.query<
    {
      user_id: number | null;
      amount_milli: string | number;
      source: string;
      state: string;
      reason: string;
      admin_id: number | null;
    }[]
  >(
    'SELECT user_id, amount_milli, source, state, reason, admin_id FROM recharge_records WHERE out_trade_no = ?',
    [outTradeNo],
  );
}
