import { describeEachDb } from './harness';
import { createGatewayApi } from './factories/gateway';
import { HISTORY, RECHARGE_INFO, VERIFY, signedInUser } from './factories/recharge';
import { primeCsrf } from './factories/users';

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
    const sponsor = info.body.data.sponsor_url as string;
    expect(sponsor).toBe(
      `/afdian-sandbox/pay?custom_order_id=${encodeURIComponent(info.body.data.custom_order_id)}`,
    );

    const page = await ctx.t.client().get(sponsor);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.text).not.toMatch(/<script/i);
    expect(page.text).toMatch(/sandbox/i);

    const form = new URLSearchParams({
      custom_order_id: info.body.data.custom_order_id,
      amount: '2.50',
    }).toString();
    const paid = await ctx.t.client().post('/afdian-sandbox/pay', undefined, {
      raw: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.status).toBe(200);
    const orderNumber = /id="order-number">(\d+)</.exec(paid.text)![1];

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

  it('refuses a pay form for no known user or with a bad amount', async () => {
    const post = (body: Record<string, string>) =>
      ctx.t.client().post('/afdian-sandbox/pay', undefined, {
        raw: new URLSearchParams(body).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect((await post({ custom_order_id: 'u1-0000000000', amount: '1' })).status).toBe(400);
    expect((await ctx.t.client().get('/afdian-sandbox/pay')).status).toBe(400);
  });
});

describeEachDb(
  'recharge in production without Afdian settings',
  (ctx) => {
    it('keeps the sandbox off and still gives the sponsor link', async () => {
      expect((await ctx.t.client().get('/afdian-sandbox/pay')).status).not.toBe(200);
      const { client } = await signedInUser(ctx.t);
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
    it('routes no sandbox page or query-order and pays nothing with play money', async () => {
      const pay = await ctx.t.client().get('/afdian-sandbox/pay');
      expect(pay.status).toBe(404);
      const form = await ctx.t.client().post('/afdian-sandbox/pay', undefined, {
        raw: 'custom_order_id=u1-0000000000&amount=999999.99',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.status).toBeGreaterThanOrEqual(400);
      expect(form.text).not.toMatch(/order-number/);
      const query = await ctx.t.client().post('/afdian-sandbox/api/open/query-order', {});
      expect(query.status).toBe(404);
      const { client } = await signedInUser(ctx.t);
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
