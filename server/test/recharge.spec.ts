import { describeEachDb } from './harness';
import { customOrderIdFor } from '../src/modules/recharge/custom-order-id';
import {
  balanceOf,
  HISTORY,
  RECHARGE_INFO,
  recordsFor,
  signedInUser,
  useAfdianFake,
  VERIFY,
} from './factories/recharge';
import { createUser, loginUser } from './factories/users';

// Its timeout case has the fake answer in 4 s: past this limit, well within Jest's.
const { fake, env } = useAfdianFake({ AFDIAN_TIMEOUT_MS: '2000' });

const EMPTY_ORDER_NUMBER = {
  success: false,
  message: 'please enter the order number',
  code: 'request.validation',
  field: 'order_number',
};

describeEachDb(
  'recharge by Afdian order number',
  (ctx) => {
    it('credits a paid order once and answers the amount and the new balance', async () => {
      const { client, userId } = await signedInUser(ctx.t);
      const order = fake.addOrder({ total_amount: '12.50' });
      const sent = Date.now();
      const res = await client.post(VERIFY, { order_number: order.out_trade_no });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        data: { amount: '12.50', balance: '12.50' },
      });
      expect(await balanceOf(ctx.t, userId)).toBe(12_500);

      // Sent again (its answer lost on the way): refused, and told it is this account's money.
      const again = await client.post(VERIFY, { order_number: order.out_trade_no });
      expect([again.status, again.body]).toEqual([
        409,
        {
          success: false,
          message: 'this order was credited to your account already (12.50 yuan)',
          code: 'recharge.order_used',
          credited_to_you: true,
          amount: '12.50',
          credited_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        },
      ]);
      const creditedAt = Date.parse(again.body.credited_at);
      expect(creditedAt).toBeGreaterThanOrEqual(sent - 1000);
      expect(creditedAt).toBeLessThanOrEqual(Date.now());
      // Another account learns only that the order was used.
      const other = await signedInUser(ctx.t);
      const theirs = await other.client.post(VERIFY, { order_number: order.out_trade_no });
      expect([theirs.status, theirs.body]).toEqual([
        409,
        {
          success: false,
          message: 'this order has already been used',
          code: 'recharge.order_used',
        },
      ]);
      expect(await balanceOf(ctx.t, userId)).toBe(12_500);
      expect(await balanceOf(ctx.t, other.userId)).toBe(0);
      expect(await recordsFor(ctx.t, order.out_trade_no)).toHaveLength(1);
    });

    it('credits an order claimed 50 times at once, by two users, exactly once', async () => {
      const first = await signedInUser(ctx.t);
      const second = await signedInUser(ctx.t);
      const order = fake.addOrder({ total_amount: '30.00' });
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          (i % 2 ? second : first).client.post(VERIFY, { order_number: order.out_trade_no }),
        ),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(49);
      const balances = [
        await balanceOf(ctx.t, first.userId),
        await balanceOf(ctx.t, second.userId),
      ];
      expect(balances.sort((a, b) => a - b)).toEqual([0, 30_000]);
      const rows = await recordsFor(ctx.t, order.out_trade_no);
      expect(rows).toHaveLength(1);
      const won = results.findIndex((r) => r.status === 200) % 2;
      const winner = won ? second : first;
      expect(rows[0].user_id).toBe(winner.userId);
      // The winner's other 24 refusals say the order is theirs; none of the other user's does.
      const told = results.map((r) => r.status === 409 && r.body.credited_to_you === true);
      expect(told.map((yes, i) => yes && i % 2 === won).filter(Boolean)).toHaveLength(24);
      expect(told.map((yes, i) => yes && i % 2 !== won).filter(Boolean)).toHaveLength(0);
    });

    it.each([
      [
        'an unpaid order',
        () => fake.addOrder({ status: 1 }).out_trade_no,
        400,
        'this order has not been paid yet; it is saved and checked again automatically for 24 hours',
        'recharge.order_not_paid',
        ['pending', 'not_paid'],
      ],
      [
        'a zero-amount order',
        () => fake.addOrder({ total_amount: '0.00' }).out_trade_no,
        400,
        'this order has no amount to credit',
        'recharge.order_no_amount',
        ['rejected', 'no_amount'],
      ],
      [
        'an unknown order',
        () => fake.unknownOrderNumber(),
        404,
        'order not found on Afdian, check the order number',
        'recharge.order_not_found',
        ['rejected', 'not_found'],
      ],
      [
        "another user's custom_order_id",
        () => fake.addOrder({ custom_order_id: 'u999999-0123456789' }).out_trade_no,
        403,
        'this order was placed for another account',
        'recharge.order_of_another_user',
        ['rejected', 'other_user'],
      ],
    ])('refuses %s, credits nothing and records why', async (...args) => {
      const [, orderNumber, status, message, code, [state, reason]] = args;
      const { client, userId } = await signedInUser(ctx.t);
      const number = orderNumber();
      const res = await client.post(VERIFY, { order_number: number });
      expect([res.status, res.body]).toEqual([status, { success: false, message, code }]);
      expect(await balanceOf(ctx.t, userId)).toBe(0);
      expect(await recordsFor(ctx.t, number)).toMatchObject([{ user_id: userId, state, reason }]);
      const again = await client.post(VERIFY, { order_number: number });
      expect(again.body.code).toBe(code);
      expect(await recordsFor(ctx.t, number)).toHaveLength(1);
      // A mistyped number or another account's order is an attempt, kept off the history.
      const listed = reason !== 'not_found' && reason !== 'other_user';
      const history = await client.get(HISTORY);
      expect(history.body.data.records).toMatchObject(
        listed ? [{ out_trade_no: number, state, reason }] : [],
      );
    });

    it("accepts the order carrying this user's own custom_order_id, and not for anyone else", async () => {
      const owner = await signedInUser(ctx.t);
      const other = await signedInUser(ctx.t);
      const info = await owner.client.get(RECHARGE_INFO);
      expect(info.status).toBe(200);
      const customOrderId = info.body.data.custom_order_id as string;
      expect(customOrderId).toBe(customOrderIdFor(ctx.t.env.APP_SECRET, owner.userId));
      expect(info.body.data).toEqual({
        configured: true,
        mode: 'live',
        custom_order_id: customOrderId,
        sponsor_url: `${fake.url}/a/portico?custom_order_id=${customOrderId}`,
      });
      const order = fake.addOrder({ total_amount: '8.00', custom_order_id: customOrderId });
      const stolen = await other.client.post(VERIFY, { order_number: order.out_trade_no });
      expect(stolen.status).toBe(403);
      const res = await owner.client.post(VERIFY, { order_number: order.out_trade_no });
      expect(res.body.data).toEqual({ amount: '8.00', balance: '8.00' });
    });

    it.each([
      [{ ec: 400005 }, 502, /sign validation failed/, 'recharge.afdian_rejected'],
      [{ clockSkewSeconds: -700 }, 502, /request time expired/, 'recharge.afdian_rejected'],
      [{ ec: 400004 }, 502, /no valid token found/, 'recharge.afdian_rejected'],
      [{ ec: 500123 }, 502, /^recharge failed!$/, 'recharge.afdian_failed'],
      [{ delayMs: 4000 }, 504, /did not answer in time/, 'recharge.afdian_timeout'],
      [
        { garbage: true },
        502,
        /^recharge request error, try again later \(http:\/\/127\.0\.0\.1:\d+ unreachable\)$/,
        'recharge.afdian_unreachable',
      ],
    ])(
      'maps Afdian trouble %j to a clear message and credits nothing',
      async (behaviour, status, message, code) => {
        const { client, userId } = await signedInUser(ctx.t);
        const order = fake.addOrder();
        fake.behaviour = behaviour;
        const res = await client.post(VERIFY, { order_number: order.out_trade_no });
        expect(res.status).toBe(status);
        expect(res.body).toEqual({ success: false, message: expect.stringMatching(message), code });
        expect(await balanceOf(ctx.t, userId)).toBe(0);
        expect(await recordsFor(ctx.t, order.out_trade_no)).toHaveLength(0);
      },
    );

    it('checks the order number before asking Afdian', async () => {
      const { client } = await signedInUser(ctx.t);
      for (const body of [{}, { order_number: '' }, { order_number: '   ' }]) {
        const res = await client.post(VERIFY, body);
        expect([res.status, res.body]).toEqual([400, EMPTY_ORDER_NUMBER]);
      }
      for (const bad of ['12ab', '1'.repeat(65), '-1', '1.5']) {
        const res = await client.post(VERIFY, { order_number: bad });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          success: false,
          message: expect.stringMatching(/digits only \(at most 64\)/),
          code: 'request.validation',
          field: 'order_number',
        });
      }
      expect((await client.post(VERIFY, { order_number: 12 })).status).toBe(400);
      expect(fake.queries).toHaveLength(0);
    });

    it('needs a signed-in user and the XSRF header', async () => {
      const order = fake.addOrder();
      const anonymous = ctx.t.client();
      await anonymous.get(RECHARGE_INFO);
      const res = await anonymous.post(VERIFY, { order_number: order.out_trade_no });
      expect(res.status).toBe(401);
      expect((await anonymous.get(HISTORY)).status).toBe(401);
      const { client } = await signedInUser(ctx.t);
      const noXsrf = await client.post(
        VERIFY,
        { order_number: order.out_trade_no },
        { noXsrf: true },
      );
      expect(noXsrf.status).toBe(403);
      expect(fake.queries).toHaveLength(0);
    });

    it('lists only the own recharges, newest first, 10 per page', async () => {
      const { user, password } = await createUser(ctx.t);
      const mine = ctx.t.client();
      await loginUser(ctx.t, mine, user.username, password);
      const other = await signedInUser(ctx.t);
      const numbers: string[] = [];
      for (let i = 1; i <= 12; i += 1) {
        const order = fake.addOrder({ total_amount: `${i}.00` });
        numbers.push(order.out_trade_no);
        expect((await mine.post(VERIFY, { order_number: order.out_trade_no })).status).toBe(200);
      }
      const foreign = fake.addOrder();
      expect((await other.client.post(VERIFY, { order_number: foreign.out_trade_no })).status).toBe(
        200,
      );

      const page1 = await mine.get(HISTORY);
      expect(page1.status).toBe(200);
      expect(page1.body.data).toMatchObject({ total: 12, total_pages: 2, current_page: 1 });
      expect(page1.body.data.records).toHaveLength(10);
      expect(page1.body.data.records[0]).toEqual({
        id: expect.any(Number),
        out_trade_no: numbers[11],
        amount: '12.00',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        state: 'credited',
        reason: null,
      });
      const page2 = await mine.get(HISTORY, { query: { page: 2 } });
      expect(page2.body.data.records.map((r: { out_trade_no: string }) => r.out_trade_no)).toEqual([
        numbers[1],
        numbers[0],
      ]);
      const small = await mine.get(HISTORY, { query: { page: 3, per_page: 5 } });
      expect(small.body.data).toMatchObject({ total: 12, total_pages: 3, current_page: 3 });
      expect(small.body.data.records).toHaveLength(2);
      const theirs = await other.client.get(HISTORY);
      expect(theirs.body.data.records.map((r: { out_trade_no: string }) => r.out_trade_no)).toEqual(
        [foreign.out_trade_no],
      );
      for (const query of [{ page: 0 }, { page: 'x' }, { per_page: 101 }]) {
        expect((await mine.get(HISTORY, { query })).status).toBe(400);
      }
    });

    it('lists real orders, not mistyped numbers or orders of another account', async () => {
      const owner = await signedInUser(ctx.t);
      const { client, userId } = await signedInUser(ctx.t);
      const theirs = fake.addOrder({
        total_amount: '50.00',
        custom_order_id: customOrderIdFor(ctx.t.env.APP_SECRET, owner.userId),
      });
      const unpaid = fake.addOrder({ status: 1, total_amount: '3.00' });
      const empty = fake.addOrder({ total_amount: '0.00' });
      const paid = fake.addOrder({ total_amount: '2.00' });
      const typo = fake.unknownOrderNumber();
      const answers = [];
      for (const order_number of [
        typo,
        theirs.out_trade_no,
        unpaid.out_trade_no,
        empty.out_trade_no,
        paid.out_trade_no,
      ]) {
        answers.push((await client.post(VERIFY, { order_number })).status);
      }
      expect(answers).toEqual([404, 403, 400, 400, 200]);
      expect(await recordsFor(ctx.t, typo)).toMatchObject([{ state: 'rejected', user_id: userId }]);

      const history = await client.get(HISTORY);
      expect(history.body.data).toMatchObject({ total: 3, total_pages: 1 });
      expect(
        history.body.data.records.map((r: { out_trade_no: string; state: string }) => [
          r.out_trade_no,
          r.state,
        ]),
      ).toEqual([
        [paid.out_trade_no, 'credited'],
        [empty.out_trade_no, 'rejected'],
        [unpaid.out_trade_no, 'pending'],
      ]);
      // The other account's ¥50 order is nowhere in the list (amounts only: a created_at at
      // second 50 reads "…:50.000Z").
      expect(history.body.data.records.map((r: { amount: string }) => r.amount)).toEqual([
        '2.00',
        '0.00',
        '3.00',
      ]);
    });
  },
  env,
);

describeEachDb(
  'recharge without Afdian settings',
  (ctx) => {
    it('answers 503 recharge is not configured, after checking the input', async () => {
      const { client } = await signedInUser(ctx.t);
      const res = await client.post(VERIFY, { order_number: '2026010100001' });
      expect([res.status, res.body]).toEqual([
        503,
        { success: false, message: 'recharge is not configured', code: 'recharge.not_configured' },
      ]);
      expect((await client.post(VERIFY, { order_number: '' })).body).toEqual(EMPTY_ORDER_NUMBER);
      const info = await client.get(RECHARGE_INFO);
      expect(info.body.data).toMatchObject({
        configured: false,
        mode: 'not_configured',
        sponsor_url: 'https://ifdian.net/',
      });
    });
  },
  { AFDIAN_MODE: 'live' },
);
