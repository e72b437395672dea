import { describeEachDb, TestApp } from './harness';
import { adminClient } from './factories/admin';
import { createGatewayApi, ledgerOf } from './factories/gateway';
import { ADJUST, balanceOf, signedInUser, useAfdianFake, VERIFY } from './factories/recharge';
import { createUser, loginUser } from './factories/users';

const { fake, env } = useAfdianFake();

async function adjustments(t: TestApp, userId: number) {
  return t.dataSource.query<{ admin_id: number; delta_milli: string | number; reason: string }[]>(
    'SELECT admin_id, delta_milli, reason FROM balance_adjustments WHERE user_id = ? ORDER BY id',
    [userId],
  );
}

describeEachDb(
  'admin balance adjustments',
  (ctx) => {
    it('adds and takes money with a reason, audited with the admin id', async () => {
      const admin = await adminClient(ctx.t);
      const { user } = await createUser(ctx.t);
      const up = await admin.post(ADJUST, {
        user_id: user.id,
        amount: '10.5',
        reason: 'compensation',
      });
      expect([up.status, up.body.data]).toEqual([200, { balance: '10.50' }]);
      const down = await admin.post(ADJUST, {
        user_id: user.id,
        amount: '-0.125',
        reason: 'correction',
      });
      expect(down.body.data).toEqual({ balance: '10.375' });
      const rows = await adjustments(ctx.t, user.id);
      expect(rows.map((r) => [Number(r.delta_milli), r.reason])).toEqual([
        [10_500, 'compensation'],
        [-125, 'correction'],
      ]);
      const [{ id: adminId }] = await ctx.t.dataSource.query('SELECT id FROM admins', []);
      expect(rows.every((r) => Number(r.admin_id) === Number(adminId))).toBe(true);
    });

    it('never takes a balance below zero, even under concurrent deductions', async () => {
      const admin = await adminClient(ctx.t);
      const { user } = await createUser(ctx.t);
      await admin.post(ADJUST, { user_id: user.id, amount: '1', reason: 'start' });
      const tooMuch = await admin.post(ADJUST, { user_id: user.id, amount: '-1.001', reason: 'x' });
      expect([tooMuch.status, tooMuch.body]).toEqual([
        409,
        {
          success: false,
          code: 'admin.balance_below_zero',
          message: 'the adjustment would take the balance below zero',
          field: 'amount',
        },
      ]);
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          admin.post(ADJUST, { user_id: user.id, amount: '-0.3', reason: 'race' }),
        ),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(3);
      expect(await balanceOf(ctx.t, user.id)).toBe(100);
      expect(await adjustments(ctx.t, user.id)).toHaveLength(4);
    });

    it('checks its input with clear messages', async () => {
      const admin = await adminClient(ctx.t);
      const { user } = await createUser(ctx.t);
      const cases: [Record<string, unknown>, RegExp, string][] = [
        [{ user_id: user.id, amount: '5' }, /please enter the reason/, 'reason'],
        [{ user_id: user.id, amount: '5', reason: '   ' }, /please enter the reason/, 'reason'],
        [{ user_id: user.id, reason: 'r' }, /please enter the amount/, 'amount'],
        [
          { user_id: user.id, amount: '1.2345', reason: 'r' },
          /at most three decimal places/,
          'amount',
        ],
        [{ user_id: user.id, amount: 'ten', reason: 'r' }, /decimal/, 'amount'],
        [{ user_id: user.id, amount: '0', reason: 'r' }, /must not be zero/, 'amount'],
        [
          { user_id: 'x', amount: '1', reason: 'r' },
          /user_id must be a positive integer/,
          'user_id',
        ],
        [{ user_id: user.id, amount: '1', reason: 'r'.repeat(501) }, /too long/, 'reason'],
      ];
      for (const [body, message, field] of cases) {
        const res = await admin.post(ADJUST, body);
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(message);
        expect(res.body.field).toBe(field);
      }
      const missing = await admin.post(ADJUST, { user_id: 999_999, amount: '1', reason: 'r' });
      expect([missing.status, missing.body.message]).toEqual([404, 'user not found']);
      const numeric = await admin.post(ADJUST, { user_id: user.id, amount: 2.5, reason: 'r' });
      expect(numeric.body.data).toEqual({ balance: '2.50' });
    });

    it('is for admins only', async () => {
      const { user, password } = await createUser(ctx.t);
      const asUser = ctx.t.client();
      await loginUser(ctx.t, asUser, user.username, password);
      const body = { user_id: user.id, amount: '100', reason: 'me' };
      expect((await asUser.post(ADJUST, body)).status).toBe(401);
      const anonymous = ctx.t.client();
      await anonymous.get('/api/user/get_user_info.php');
      expect((await anonymous.post(ADJUST, body)).status).toBe(401);
      const admin = await adminClient(ctx.t);
      expect((await admin.post(ADJUST, body, { noXsrf: true })).status).toBe(403);
      expect(await balanceOf(ctx.t, user.id)).toBe(0);
    });

    it('keeps balance = recharges + adjustments - call costs', async () => {
      const admin = await adminClient(ctx.t);
      const users = [await signedInUser(ctx.t), await signedInUser(ctx.t)];
      const api = await createGatewayApi(ctx.t, { is_paid: 1, price_per_call_milli: 250 });
      for (const [i, { client, userId }] of users.entries()) {
        const order = fake.addOrder({ total_amount: `${i + 2}.00` });
        expect((await client.post(VERIFY, { order_number: order.out_trade_no })).status).toBe(200);
        await admin.post(ADJUST, { user_id: userId, amount: '-0.5', reason: 'fee' });
        const info = await client.get('/api/user/get_user_info.php');
        const key = info.body.data.api_key as string;
        for (let call = 0; call < 3; call += 1) {
          expect(
            (await client.get(`/apis/${api.name_en}`, { headers: { 'x-api-key': key } })).status,
          ).toBe(200);
        }
      }
      for (const { userId } of users) {
        const { balance, expected } = await ledgerOf(ctx.t, userId);
        expect(balance).toBe(expected);
      }
      expect(await balanceOf(ctx.t, users[0].userId)).toBe(2_000 - 500 - 750);
    });
  },
  env,
);
