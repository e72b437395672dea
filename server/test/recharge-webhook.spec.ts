import { RechargeRechecker } from '../src/modules/recharge/recharge-rechecker';
import { describeEachDb } from './harness';
import { customOrderIdFor } from '../src/modules/recharge/custom-order-id';
import {
  balanceOf,
  recordsFor,
  signedInUser,
  useAfdianFake,
  VERIFY,
  WEBHOOK,
} from './factories/recharge';

const { fake, env } = useAfdianFake({ RECHARGE_RATE: '1.5' });

describeEachDb(
  'Afdian webhook',
  (ctx) => {
    it('credits a signed order to the user its custom_order_id names, once for repeated delivery', async () => {
      const { userId } = await signedInUser(ctx.t);
      const order = fake.addOrder({
        total_amount: '10.00',
        custom_order_id: customOrderIdFor(ctx.t.env.APP_SECRET, userId),
      });
      const payload = fake.webhookPayload(order);
      // Afdian calls without cookies or an XSRF token.
      const deliveries = await Promise.all(
        Array.from({ length: 5 }, () => ctx.t.client().post(WEBHOOK, payload)),
      );
      for (const res of deliveries)
        expect([res.status, res.body]).toEqual([200, { ec: 200, em: '' }]);
      const again = await ctx.t.client().post(WEBHOOK, payload);
      expect(again.body).toEqual({ ec: 200, em: '' });
      expect(await balanceOf(ctx.t, userId)).toBe(15_000);
      expect(await recordsFor(ctx.t, order.out_trade_no)).toEqual([
        {
          user_id: userId,
          amount_milli: expect.anything(),
          source: 'webhook',
          state: 'credited',
          reason: '',
          admin_id: null,
        },
      ]);
      expect(Number((await recordsFor(ctx.t, order.out_trade_no))[0].amount_milli)).toBe(15_000);
    });

    it('records an order without a known owner, which its payer can then claim once', async () => {
      const order = fake.addOrder({ total_amount: '4.00' });
      const res = await ctx.t.client().post(WEBHOOK, fake.webhookPayload(order));
      expect(res.body).toEqual({ ec: 200, em: '' });
      expect(await recordsFor(ctx.t, order.out_trade_no)).toMatchObject([{ user_id: null }]);

      const payer = await signedInUser(ctx.t);
      const claim = await payer.client.post(VERIFY, { order_number: order.out_trade_no });
      expect(claim.status).toBe(200);
      expect(claim.body.data).toEqual({ amount: '6.00', balance: '6.00' });
      const late = await signedInUser(ctx.t);
      const second = await late.client.post(VERIFY, { order_number: order.out_trade_no });
      expect(second.status).toBe(409);
      expect(await balanceOf(ctx.t, late.userId)).toBe(0);
      // A repeated delivery after the claim changes nothing.
      await ctx.t.client().post(WEBHOOK, fake.webhookPayload(order));
      expect(await balanceOf(ctx.t, payer.userId)).toBe(6_000);
      expect(await recordsFor(ctx.t, order.out_trade_no)).toHaveLength(1);
    });

    it('refuses bad signatures (recorded as refused) and malformed bodies with a 400 JSON answer', async () => {
      const { userId } = await signedInUser(ctx.t);
      const order = fake.addOrder({
        total_amount: '10.00',
        custom_order_id: customOrderIdFor(ctx.t.env.APP_SECRET, userId),
      });
      const tampered = fake.webhookPayload(order, { total_amount: '1000.00' });
      const unsigned = fake.webhookPayload(order);
      const cases: unknown[] = [
        tampered,
        { ...unsigned, data: { ...unsigned.data, sign: '' } },
        { ...unsigned, data: { ...unsigned.data, sign: 'AAAA' } },
        { ec: 200, data: { order: { out_trade_no: 'abc' }, sign: 'x' } },
        {},
        [],
      ];
      for (const body of cases) {
        const res = await ctx.t.client().post(WEBHOOK, body);
        expect(res.status).toBe(400);
        expect(res.body.success).toBe(false);
        expect(res.body.message).toMatch(/invalid webhook/);
      }
      const broken = await ctx.t.client().post(WEBHOOK, undefined, { raw: '{"data":' });
      expect(broken.status).toBe(400);
      expect(await balanceOf(ctx.t, userId)).toBe(0);
      expect(await recordsFor(ctx.t, order.out_trade_no)).toMatchObject([
        { user_id: null, state: 'rejected', reason: 'bad_signature' },
      ]);
      // The genuine push still credits the order the forgery named (RECHARGE_RATE 1.5 here).
      expect((await ctx.t.client().post(WEBHOOK, unsigned)).body).toEqual({ ec: 200, em: '' });
      expect(await balanceOf(ctx.t, userId)).toBe(15_000);
    });

    it('acknowledges and records unpaid orders as pending, zero-amount ones as rejected', async () => {
      const cases = [
        [fake.addOrder({ status: 1 }), 'pending', 'not_paid'],
        [fake.addOrder({ total_amount: '0.00' }), 'rejected', 'no_amount'],
      ] as const;
      for (const [order, state, reason] of cases) {
        const res = await ctx.t.client().post(WEBHOOK, fake.webhookPayload(order));
        expect(res.body).toEqual({ ec: 200, em: '' });
        expect(await recordsFor(ctx.t, order.out_trade_no)).toMatchObject([{ state, reason }]);
      }
    });

    it('records but credits nobody for a custom_order_id this site did not issue', async () => {
      const { userId } = await signedInUser(ctx.t);
      const forged = `u${userId}-0000000000`;
      const order = fake.addOrder({ custom_order_id: forged });
      await ctx.t.client().post(WEBHOOK, fake.webhookPayload(order));
      expect(await balanceOf(ctx.t, userId)).toBe(0);
      expect(await recordsFor(ctx.t, order.out_trade_no)).toMatchObject([
        { user_id: null, state: 'pending', reason: 'unmatched' },
      ]);
    });

    it('refuses a custom_order_id that is not text (Afdian sends text) and records nothing', async () => {
      const order = fake.addOrder();
      const payload = fake.webhookPayload(order);
      const body = {
        ...payload,
        data: { ...payload.data, order: { ...payload.data.order, custom_order_id: 42 } },
      };
      const res = await ctx.t.client().post(WEBHOOK, body);
      expect([res.status, res.body.code]).toEqual([400, 'recharge.webhook_invalid']);
      expect(await recordsFor(ctx.t, order.out_trade_no)).toEqual([]);
    });

    it('leaves an order Afdian cannot be asked about to the re-checks, which credit it', async () => {
      const { userId } = await signedInUser(ctx.t);
      const order = fake.addOrder({
        total_amount: '2.00',
        custom_order_id: customOrderIdFor(ctx.t.env.APP_SECRET, userId),
      });
      fake.behaviour = { ec: 500 };
      const res = await ctx.t.client().post(WEBHOOK, fake.webhookPayload(order));
      expect([res.status, res.body]).toEqual([200, { ec: 200, em: '' }]);
      expect(await recordsFor(ctx.t, order.out_trade_no)).toMatchObject([
        { user_id: null, state: 'pending', reason: 'not_paid' },
      ]);
      expect(await balanceOf(ctx.t, userId)).toBe(0);
      fake.behaviour = {};
      await ctx.t.app.get(RechargeRechecker).runDue(Date.now() + 3_600_000);
      expect(await recordsFor(ctx.t, order.out_trade_no)).toMatchObject([
        { user_id: userId, state: 'credited' },
      ]);
      expect(await balanceOf(ctx.t, userId)).toBe(3_000);
    });
  },
  env,
);

/** Without AFDIAN_WEBHOOK_PUBLIC_KEY a push is still only a hint for query-order. */
const keyless = useAfdianFake({ AFDIAN_WEBHOOK_PUBLIC_KEY: '' });

describeEachDb(
  'Afdian webhook without a public key',
  (ctx) => {
    it('credits what query-order answers, whatever the unsigned body says', async () => {
      const { userId } = await signedInUser(ctx.t);
      const order = keyless.fake.addOrder({
        total_amount: '10.00',
        custom_order_id: customOrderIdFor(ctx.t.env.APP_SECRET, userId),
      });
      const forged = keyless.fake.webhookPayload(order, { total_amount: '1000.00' });
      const res = await ctx.t.client().post(WEBHOOK, forged);
      expect([res.status, res.body]).toEqual([200, { ec: 200, em: '' }]);
      expect(await balanceOf(ctx.t, userId)).toBe(10_000);
      const invalid = await ctx.t.client().post(WEBHOOK, { data: { order: {}, sign: 'x' } });
      expect([invalid.status, invalid.body.code]).toEqual([400, 'recharge.webhook_invalid']);
    });
  },
  keyless.env,
);
