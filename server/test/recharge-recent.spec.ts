import { customOrderIdFor } from '../src/modules/recharge/custom-order-id';
import { balanceOf, recordsFor, signedInUser, useAfdianFake, VERIFY } from './factories/recharge';
import { primeCsrf } from './factories/users';
import { describeEachDb, TestApp } from './harness';

const CHECK = '/api/user/check_recent_orders.php';
const { fake, env } = useAfdianFake();

/** A paid order of `userId`'s, made on Afdian with the custom_order_id the recharge page gives. */
const paidBy = (t: TestApp, userId: number, amount: string, extra: object = {}) =>
  fake.addOrder({
    total_amount: amount,
    custom_order_id: customOrderIdFor(t.env.APP_SECRET, userId),
    ...extra,
  });

describeEachDb(
  'recharge: a payer back from Afdian without an order number',
  (ctx) => {
    it("credits the user's new paid orders among the newest, once, and nobody else's", async () => {
      const t = ctx.t;
      const { client, userId } = await signedInUser(t);
      const other = await signedInUser(t);
      const first = paidBy(t, userId, '6.00');
      const second = paidBy(t, userId, '4.50');
      const unpaid = paidBy(t, userId, '9.00', { status: 1 });
      const theirs = paidBy(t, other.userId, '7.00');
      const anonymous = fake.addOrder({ total_amount: '11.00' });
      // Already credited by its number: looked at, not credited again.
      const claimed = paidBy(t, userId, '1.00');
      expect((await client.post(VERIFY, { order_number: claimed.out_trade_no })).status).toBe(200);

      const res = await client.post(CHECK, {});
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        message: 'recharge successful: 4.50, 6.00 credited',
        data: {
          credited: [
            { out_trade_no: second.out_trade_no, amount: '4.50' },
            { out_trade_no: first.out_trade_no, amount: '6.00' },
          ],
          balance: '11.50',
        },
      });
      expect(await balanceOf(t, userId)).toBe(11_500);
      expect(await balanceOf(t, other.userId)).toBe(0);
      for (const order of [unpaid, theirs, anonymous]) {
        expect(await recordsFor(t, order.out_trade_no)).toHaveLength(0);
      }
      expect(await recordsFor(t, first.out_trade_no)).toMatchObject([
        { user_id: userId, state: 'credited' },
      ]);
      // One signed query-order for the newest orders: no number travels from the browser.
      expect(fake.queries.map((q) => JSON.parse(q.params as string))).toContainEqual({
        page: 1,
        per_page: 100,
      });

      // The other account's look finds its own order only.
      const theirLook = await other.client.post(CHECK, {});
      expect(theirLook.body.data).toEqual({
        credited: [{ out_trade_no: theirs.out_trade_no, amount: '7.00' }],
        balance: '7.00',
      });
    });

    it('asks Afdian at most once per user in five seconds; looks at once share one', async () => {
      const t = ctx.t;
      const { client, userId } = await signedInUser(t);
      paidBy(t, userId, '3.00');
      const together = await Promise.all(Array.from({ length: 5 }, () => client.post(CHECK, {})));
      // Those that came while the first ran joined it; any that came after it were told to wait.
      const answered = together.filter((res) => res.status === 200);
      expect(answered.length).toBeGreaterThanOrEqual(1);
      expect(together.every((res) => res.status === 200 || res.status === 429)).toBe(true);
      for (const res of answered) expect(res.body.data.balance).toBe('3.00');
      expect(await balanceOf(t, userId)).toBe(3_000);
      expect(fake.queries.filter((q) => (q.params as string).includes('"page"'))).toHaveLength(1);

      const soon = await client.post(CHECK, {});
      expect(soon.status).toBe(429);
      expect(soon.body.code).toBe('request.rate_limited');
      expect(Number(soon.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    });

    it('finds nothing new without error, and says so when Afdian cannot be asked', async () => {
      const t = ctx.t;
      const quiet = await signedInUser(t);
      const res = await quiet.client.post(CHECK, {});
      expect(res.body).toEqual({
        success: true,
        message: 'no new payment found',
        data: { credited: [], balance: '0.00' },
      });

      const { client, userId } = await signedInUser(t);
      paidBy(t, userId, '5.00');
      fake.behaviour = { ec: 400005 };
      const refused = await client.post(CHECK, {});
      expect([refused.status, refused.body.code]).toEqual([502, 'recharge.afdian_rejected']);
      expect(await balanceOf(t, userId)).toBe(0);
      const stranger = t.client();
      await primeCsrf(stranger);
      expect((await stranger.post(CHECK, {})).status).toBe(401);
    });
  },
  env,
);
