import { describeEachDb } from './harness';
import { createGatewayApi } from './factories/gateway';
import { HISTORY, RECHARGE_INFO, VERIFY, signedInUser } from './factories/recharge';
import { primeCsrf } from './factories/users';

const SANDBOX_PAY = '/api/user/sandbox_pay.php';

/** What a fresh install does: no Afdian settings outside production means the sandbox. */
describeEachDb('recharge on a fresh install (Afdian sandbox)', (ctx) => {
  it('registers, pays a sandbox order, credits it once and spends it on a paid API', async () => {
    const api = await createGatewayApi(ctx.t, { is_paid: 1, price_per_call_milli: 500 });
    const client = ctx.t.client();
    await primeCsrf(client);
    const registered = await client.post('/api/register.php', {
      username: 'sandbox_user',
      password: 'sandbox-pass-1',
    });
    expect(registered.status).toBe(200);
    const apiKey = registered.body.api_key as string;
    expect(
      (
        await client.post('/api/login.php', {
          username: 'sandbox_user',
          password: 'sandbox-pass-1',
        })
      ).status,
    ).toBe(200);

    const info = await client.get(RECHARGE_INFO);
    expect(info.body.data).toMatchObject({ configured: true, mode: 'sandbox' });
    // The sponsor link is the app's own checkout page, which pays through sandbox_pay.php.
    expect(info.body.data.sponsor_url).toBe('/user/recharge/sandbox');
    const paid = await client.post(SANDBOX_PAY, { amount: ' 2.50 ' });
    expect(paid.status).toBe(200);
    const orderNumber = paid.body.data.order_number as string;
    expect(orderNumber).toMatch(/^\d{38}$/);

    const verified = await client.post(VERIFY, { order_number: orderNumber });
    expect([verified.status, verified.body.data]).toEqual([
      200,
      { amount: '2.50', balance: '2.50' },
    ]);
    const replay = await client.post(VERIFY, { order_number: orderNumber });
    expect([replay.status, replay.body.code]).toEqual([409, 'recharge.order_used']);
    const forged = `${orderNumber.slice(0, -1)}${(Number(orderNumber.slice(-1)) + 1) % 10}`;
    expect((await client.post(VERIFY, { order_number: forged })).body.code).toBe(
      'recharge.order_not_found',
    );

    const call = await ctx.t.client().get(`/apis/${api.name_en}`, {
      headers: { 'x-api-key': apiKey },
    });
    expect(call.status).toBe(200);
    const user = await client.get('/api/user/get_user_info.php');
    expect(user.body.data.balance).toBe('2.00');
    const history = await client.get(HISTORY);
    // The forged number was an attempt, not an order: it is not in the user's history.
    expect(history.body.data.records).toMatchObject([
      { out_trade_no: orderNumber, amount: '2.50', state: 'credited', reason: null },
    ]);
    expect(history.body.data.records).toHaveLength(1);
  });

  it.each([
    ['', 'please enter the amount'],
    ['0', 'between 0.01 and 999999.99'],
    ['0.00', 'between 0.01 and 999999.99'],
    ['-1', 'between 0.01 and 999999.99'],
    ['1.234', 'between 0.01 and 999999.99'],
    ['1000000', 'between 0.01 and 999999.99'],
    ['1e3', 'between 0.01 and 999999.99'],
  ])('refuses to pay %j at the amount field, issuing nothing', async (amount, text) => {
    const { client } = await signedInUser(ctx.t);
    const paid = await client.post(SANDBOX_PAY, { amount });
    expect(paid.status).toBe(400);
    expect(paid.body).toMatchObject({
      success: false,
      code: 'request.validation',
      field: 'amount',
    });
    expect(paid.body.message).toContain(text);
    expect(paid.body.data).toBeUndefined();
  });

  it('pays only for a signed-in user, and routes no old HTML pay page', async () => {
    const anonymous = ctx.t.client();
    await primeCsrf(anonymous);
    const paid = await anonymous.post(SANDBOX_PAY, { amount: '1' });
    expect([paid.status, paid.body.code]).toEqual([401, 'auth.unauthenticated']);
    expect((await ctx.t.client().get('/afdian-sandbox/pay')).status).toBe(404);
  });
});

describeEachDb(
  'recharge in production without Afdian settings',
  (ctx) => {
    it('keeps the sandbox off and still gives the sponsor link', async () => {
      const { client } = await signedInUser(ctx.t);
      const paid = await client.post(SANDBOX_PAY, { amount: '1' });
      expect([paid.status, paid.body.code]).toEqual([404, 'recharge.sandbox_off']);
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

describeEachDb(
  'recharge in production with AFDIAN_MODE=sandbox forced past the start-up check',
  (ctx) => {
    it('routes no sandbox query-order and pays nothing with play money', async () => {
      const query = await ctx.t.client().post('/afdian-sandbox/api/open/query-order', {});
      expect(query.status).toBe(404);
      const { client } = await signedInUser(ctx.t);
      const paid = await client.post(SANDBOX_PAY, { amount: '999999.99' });
      expect([paid.status, paid.body.code]).toEqual([404, 'recharge.sandbox_off']);
      expect(paid.body.data).toBeUndefined();
      const info = await client.get(RECHARGE_INFO);
      expect(info.body.data).toMatchObject({ configured: false, mode: 'not_configured' });
      expect(info.body.data.sponsor_url).not.toMatch(/sandbox/);
    });
  },
  {
    NODE_ENV: 'production',
    AFDIAN_MODE: 'sandbox',
    I_UNDERSTAND_TEST_SWITCHES_IN_PRODUCTION: 'true',
    MIGRATE_ON_START: 'true',
    APP_SECRET: 'production-test-secret-0123456789abcdef',
  },
);
