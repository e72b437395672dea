import { setTimeout as sleep } from 'node:timers/promises';
import { MAX_BALANCE_MILLI } from '../src/common/money';
import { adminClient } from './factories/admin';
import { createGatewayApi, createKeyedUser, ledgerOf } from './factories/gateway';
import {
  ADJUST,
  balanceOf,
  recordsFor,
  signedInUser,
  useAfdianFake,
  VERIFY,
} from './factories/recharge';
import { createUser } from './factories/users';
import { startUpstreamFake } from './fakes/upstream-fake';
import { describeEachDb, TestApp } from './harness';
import type { EachDbContext } from './harness';

const { fake, env } = useAfdianFake();

/** A balance set by hand, next to the ceiling: that user's books are out of the harness's check. */
const setBalance = (ctx: EachDbContext, userId: number, milli: number) => {
  ctx.unbalanced(userId);
  return ctx.t.dataSource.query('UPDATE users SET balance_milli = ? WHERE id = ?', [milli, userId]);
};

const adjustmentCount = async (t: TestApp, userId: number) =>
  Number(
    (
      await t.dataSource.query<{ n: string | number }[]>(
        'SELECT COUNT(*) AS n FROM balance_adjustments WHERE user_id = ?',
        [userId],
      )
    )[0].n,
  );

describeEachDb(
  'balance ceiling',
  (ctx) => {
    it('refuses an admin adjustment past the ceiling and leaves the balance alone', async () => {
      const admin = await adminClient(ctx.t);
      const { user } = await createUser(ctx.t);
      await setBalance(ctx, user.id, MAX_BALANCE_MILLI - 500);

      const over = await admin.post(ADJUST, { user_id: user.id, amount: '1', reason: 'too much' });
      expect(over.status).toBe(409);
      expect(over.body).toMatchObject({
        success: false,
        code: 'admin.balance_ceiling',
        field: 'amount',
      });
      expect(await balanceOf(ctx.t, user.id)).toBe(MAX_BALANCE_MILLI - 500);
      expect(await adjustmentCount(ctx.t, user.id)).toBe(0);

      const upTo = await admin.post(ADJUST, { user_id: user.id, amount: '0.5', reason: 'fill' });
      expect([upTo.status, upTo.body.data]).toEqual([200, { balance: '1000000000000.00' }]);
      const down = await admin.post(ADJUST, { user_id: user.id, amount: '-0.001', reason: 'x' });
      expect([down.status, down.body.data]).toEqual([200, { balance: '999999999999.999' }]);
    });

    it('lets exactly the adjustments that fit under the ceiling through when they race', async () => {
      const admin = await adminClient(ctx.t);
      const { user } = await createUser(ctx.t);
      await setBalance(ctx, user.id, MAX_BALANCE_MILLI - 1000);
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          admin.post(ADJUST, { user_id: user.id, amount: '0.3', reason: 'race' }),
        ),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(3);
      expect(results.filter((r) => r.status === 409)).toHaveLength(7);
      expect(await balanceOf(ctx.t, user.id)).toBe(MAX_BALANCE_MILLI - 100);
      expect(await adjustmentCount(ctx.t, user.id)).toBe(3);
    });

    it('refuses a recharge past the ceiling without using up the order', async () => {
      const admin = await adminClient(ctx.t);
      const { client, userId } = await signedInUser(ctx.t);
      await setBalance(ctx, userId, MAX_BALANCE_MILLI - 1000);
      const order = fake.addOrder({ total_amount: '1.01' });

      const over = await client.post(VERIFY, { order_number: order.out_trade_no });
      expect(over.status).toBe(409);
      expect(over.body).toMatchObject({ success: false, code: 'recharge.balance_ceiling' });
      expect(await balanceOf(ctx.t, userId)).toBe(MAX_BALANCE_MILLI - 1000);
      expect(await recordsFor(ctx.t, order.out_trade_no)).toHaveLength(0);

      await admin.post(ADJUST, { user_id: userId, amount: '-0.01', reason: 'spent' });
      const later = await client.post(VERIFY, { order_number: order.out_trade_no });
      expect([later.status, later.body.data]).toEqual([
        200,
        { amount: '1.01', balance: '1000000000000.00' },
      ]);
    });

    it('keeps a failed call charged when its refund would pass the ceiling', async () => {
      const upstream = await startUpstreamFake();
      try {
        const api = await createGatewayApi(ctx.t, {
          handler: null,
          upstream_url: upstream.url,
          upstream_timeout_ms: 1000,
          is_paid: 1,
          price_per_call_milli: 7,
        });
        const { user, apiKey } = await createKeyedUser(ctx.t, MAX_BALANCE_MILLI);
        const admin = await adminClient(ctx.t);
        const call = ctx.t.client().get(`/apis/${api.name_en}/slow`, { query: { key: apiKey } });
        while ((await balanceOf(ctx.t, user.id)) === MAX_BALANCE_MILLI) await sleep(10);
        // While the upstream is still thinking, the balance is topped up to the ceiling again.
        const refill = await admin.post(ADJUST, { user_id: user.id, amount: '0.007', reason: 'x' });
        expect(refill.status).toBe(200);

        const res = await call;
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({ success: false, code: 'gateway.balance_ceiling' });
        const ledger = await ledgerOf(ctx.t, user.id);
        expect(ledger).toEqual({ balance: MAX_BALANCE_MILLI, expected: MAX_BALANCE_MILLI });
      } finally {
        await upstream.close();
      }
    });
  },
  env,
);
