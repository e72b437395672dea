import { AlertDelivery, BalanceAlert } from '../src/database/entities';
import { AlertsService } from '../src/modules/alerts/alerts.service';
import { adminClient } from './factories/admin';
import { createGatewayApi } from './factories/gateway';
import { ADJUST, useAfdianFake, VERIFY } from './factories/recharge';
import { createUser, loginUser } from './factories/users';
import { startTestApp, TEST_DATABASES, TestApp } from './harness';
import type { HttpClient } from './http-client';
import { startSmtp } from './smtp';
import { startReceiver, until, verifySignature } from './webhook-receiver';

describe.each(TEST_DATABASES)('low-balance alerts [%s]', (db) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  const { fake: afdian, env: afdianEnv } = useAfdianFake();

  beforeAll(async () => {
    smtp = await startSmtp();
    receiver = await startReceiver();
    t = await startTestApp(db, {
      ...afdianEnv,
      SMTP_URL: smtp.url,
      SMTP_FROM: 'Portico <alerts@portico.test>',
      ALERT_RETRY_MS: '100',
      ALERT_ATTEMPTS: '3',
      ALERT_WEBHOOK_ALLOW_LOOPBACK: 'true',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await receiver?.close();
  });

  async function account(balanceMilli: number, email: string | null = null) {
    const { user, apiKey } = await createUser(t, { balance_milli: balanceMilli, email });
    const client = t.client();
    await loginUser(t, client, user.username);
    return { user, apiKey, client };
  }

  const call = (client: HttpClient, name: string, apiKey: string, query = '') =>
    client.get(`/apis/${name}${query}`, { headers: { 'x-api-key': apiKey } });

  /** Money coming in through the admin's balance adjustment. */
  async function credit(userId: number, amount: string) {
    const admin = await adminClient(t);
    const res = await admin.post(ADJUST, { user_id: userId, amount, reason: 'top-up' });
    expect(res.status).toBe(200);
  }

  /** Moves the user's past deliveries back by `ms`, as if that much time had passed. */
  async function backdate(userId: number, ms = 61 * 60 * 1000) {
    const repo = t.dataSource.getRepository(AlertDelivery);
    for (const d of await repo.findBy({ user_id: userId })) {
      await repo.update({ id: d.id }, { created_at: new Date(d.created_at.getTime() - ms) });
    }
  }

  /** Paid calls the dice API refuses (400): each is charged, crossing, then refunded. */
  async function refusedCalls(client: HttpClient, name: string, apiKey: string, times: number) {
    for (let i = 0; i < times; i += 1) {
      expect((await call(client, name, apiKey, '?sides=abc')).status).toBe(400);
    }
  }

  const crossedAt = async (userId: number) =>
    (await t.dataSource.getRepository(BalanceAlert).findOneByOrFail({ user_id: userId }))
      .crossed_at;

  const deliveriesOf = (userId: number) =>
    t.dataSource
      .getRepository(AlertDelivery)
      .find({ where: { user_id: userId }, order: { id: 'ASC' } });

  it('refuses bad settings with a 400 naming the field, and needs the XSRF header', async () => {
    const { client } = await account(0);
    const invalidUrl = 'alerts.webhook_url_invalid';
    const privateUrl = 'alerts.webhook_url_private';
    const cases: [object, string, string][] = [
      [{ threshold: 'abc' }, 'threshold', 'request.validation'],
      [{ threshold: '1.0001' }, 'threshold', 'request.validation'],
      [{ threshold: 5 }, 'threshold', 'request.validation'],
      [{ threshold: '1', email: 'not-an-address' }, 'email', 'request.validation'],
      [{ threshold: '1', webhook_url: 'http://hooks.example.com/x' }, 'webhook_url', invalidUrl],
      [{ threshold: '1', webhook_url: 'https://10.0.0.8/x' }, 'webhook_url', privateUrl],
      [
        { threshold: '1', webhook_url: 'https://169.254.169.254/latest/meta-data' },
        'webhook_url',
        privateUrl,
      ],
      [
        { threshold: '1', webhook_url: 'https://u:p@hooks.example.com/x' },
        'webhook_url',
        invalidUrl,
      ],
      // EMAIL_MAX_LENGTH + 1 characters, each part of the address within its own limits.
      [
        { threshold: '1', email: `${'a'.repeat(64)}@${'b'.repeat(61)}.${'c'.repeat(61)}.com` },
        'email',
        'request.validation',
      ],
    ];
    for (const [body, field, code] of cases) {
      const res = await client.post('/api/user/set_balance_alert.php', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code, field });
    }
    expect((await client.post('/api/user/set_balance_alert.php', cases[4][0])).body.message).toBe(
      'webhook_url must be an https:// URL',
    );
    const noXsrf = await client.post(
      '/api/user/set_balance_alert.php',
      { threshold: '1' },
      { noXsrf: true },
    );
    expect(noXsrf.status).toBe(403);
    const after = await client.get('/api/user/get_balance_alert.php');
    expect(after.body.data).toMatchObject({ threshold: null, webhook_secret: null, low: false });
  });

  it('fires once per crossing: e-mail at the SMTP server, signed webhook, banner; again only after the balance was back above', async () => {
    const api = await createGatewayApi(t, { is_paid: 1, price_per_call_milli: 5 });
    const { user, apiKey, client } = await account(30, 'owner@portico.test');
    const set = await client.post('/api/user/set_balance_alert.php', {
      threshold: '0.012',
      webhook_url: receiver.url('/hook'),
    });
    expect(set.status).toBe(200);
    const secret: string = set.body.data.webhook_secret;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(set.body.data).toMatchObject({
      threshold: '0.012',
      account_email: 'owner@portico.test',
      low: false,
    });

    // 30 → 25 → 20 → 15 → 10 (crosses 12) → 5 → 0
    for (let i = 0; i < 6; i += 1)
      expect((await call(client, api.name_en, apiKey)).status).toBe(200);
    const hook = await until(() =>
      receiver.hooks.find((h) => h.body.includes(`"user_id":${user.id}`)),
    );
    expect(verifySignature(secret, hook.headers, hook.body)).toBe(true);
    expect(verifySignature('0'.repeat(64), hook.headers, hook.body)).toBe(false);
    expect(JSON.parse(hook.body)).toMatchObject({
      event: 'balance.low',
      user_id: user.id,
      username: user.username,
      balance: '0.01',
      threshold: '0.012',
    });
    const mail = await until(() => smtp.mails.find((m) => m.to.includes('owner@portico.test')));
    expect(mail.text).toContain('0.012 yuan');
    const deliveries = await until(async () => {
      const res = await client.get('/api/user/get_balance_alert.php');
      const list = res.body.data.deliveries as { state: string }[];
      return list.length === 2 && list.every((d) => d.state === 'delivered')
        ? res.body.data
        : undefined;
    });
    expect(deliveries.low).toBe(true);
    expect(deliveries.deliveries.map((d: { channel: string }) => d.channel).sort()).toEqual([
      'email',
      'webhook',
    ]);

    // Refused calls at 0 and more charges below the threshold send nothing more.
    expect((await call(client, api.name_en, apiKey)).status).toBe(402);
    await new Promise((r) => setTimeout(r, 300));
    const count = () => t.dataSource.getRepository(AlertDelivery).countBy({ user_id: user.id });
    expect(await count()).toBe(2);

    // A recharge lifts it back above: no banner; an hour later the next crossing alerts.
    const order = afdian.addOrder({ total_amount: '0.02' });
    const recharged = await client.post(VERIFY, { order_number: order.out_trade_no });
    expect(recharged.body.data).toMatchObject({ balance: '0.02' });
    expect((await client.get('/api/user/get_balance_alert.php')).body.data.low).toBe(false);
    await backdate(user.id);
    expect((await call(client, api.name_en, apiKey)).status).toBe(200); // 20 → 15
    expect((await call(client, api.name_en, apiKey)).status).toBe(200); // 15 → 10: crossing
    await until(async () => ((await count()) === 4 ? true : undefined));
    await until(() =>
      smtp.mails.filter((m) => m.to.includes('owner@portico.test')).length === 2 ? true : undefined,
    );
    expect((await client.get('/api/user/get_balance_alert.php')).body.data.low).toBe(true);
  });

  it('retries a failing webhook with a growing pause and logs each attempt', async () => {
    const api = await createGatewayApi(t, { is_paid: 1, price_per_call_milli: 10 });
    const { user, apiKey, client } = await account(15);
    await client.post('/api/user/set_balance_alert.php', {
      threshold: '0.010',
      webhook_url: receiver.url('/flaky'),
    });
    receiver.statuses.push(500, 503);
    expect((await call(client, api.name_en, apiKey)).status).toBe(200); // 15 → 5
    const delivered = await until(async () => {
      const res = await client.get('/api/user/get_balance_alert.php');
      const [d] = res.body.data.deliveries as { state: string; attempts: number }[];
      return d?.state === 'delivered' ? d : undefined;
    });
    expect(delivered.attempts).toBe(3);
    const tries = receiver.hooks.filter((h) => h.body.includes(`"user_id":${user.id}`));
    expect(tries).toHaveLength(3);
    // Pauses of ALERT_RETRY_MS, then twice that; the same signed bytes every time.
    expect(tries[1].at - tries[0].at).toBeGreaterThanOrEqual(90);
    expect(tries[2].at - tries[1].at).toBeGreaterThanOrEqual(190);
    expect(new Set(tries.map((h) => h.body)).size).toBe(1);
  });

  it('marks a delivery failed after the last attempt, and the charge never waits for it', async () => {
    const api = await createGatewayApi(t, { is_paid: 1, price_per_call_milli: 10 });
    const { apiKey, client } = await account(15);
    await client.post('/api/user/set_balance_alert.php', {
      threshold: '0.010',
      webhook_url: receiver.url('/down'),
    });
    receiver.statuses.push(500, 500, 500);
    const started = Date.now();
    expect((await call(client, api.name_en, apiKey)).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    const failed = await until(async () => {
      const res = await client.get('/api/user/get_balance_alert.php');
      const [d] = res.body.data.deliveries as {
        state: string;
        attempts: number;
        last_error: string;
      }[];
      return d?.state === 'failed' ? d : undefined;
    });
    expect(failed).toMatchObject({ attempts: 3, last_error: 'answered 500' });
  });

  it('a charged-then-refunded call re-crossing the threshold alerts once; only money coming in re-arms', async () => {
    const api = await createGatewayApi(t, { handler: 'dice', is_paid: 1, price_per_call_milli: 5 });
    const { user, apiKey, client } = await account(14, 'flood@portico.test');
    await client.post('/api/user/set_balance_alert.php', {
      threshold: '0.012',
      webhook_url: receiver.url('/flood'),
    });
    // Each refused call is charged (14 → 9: a crossing) and then refunded (back to 14).
    for (let i = 0; i < 10; i += 1) {
      await refusedCalls(client, api.name_en, apiKey, 1);
      if (i % 3 === 0) {
        expect((await call(client, api.name_en, apiKey)).status).toBe(200); // 14 → 9
        await credit(user.id, '0.005'); // 9 → 14: back above, re-armed…
      }
    }
    await until(async () => ((await deliveriesOf(user.id)).length >= 2 ? true : undefined));
    await new Promise((r) => setTimeout(r, 300));
    // …but within the hour nothing more is sent: one e-mail and one webhook in all.
    const sent = await deliveriesOf(user.id);
    expect(sent.map((d) => d.channel).sort()).toEqual(['email', 'webhook']);
    expect(smtp.mails.filter((m) => m.to.includes('flood@portico.test'))).toHaveLength(1);
  });

  it('refunds alone never re-arm; a credit above the threshold does, a credit still below does not', async () => {
    const api = await createGatewayApi(t, { handler: 'dice', is_paid: 1, price_per_call_milli: 5 });
    const { user, apiKey, client } = await account(14);
    await client.post('/api/user/set_balance_alert.php', {
      threshold: '0.012',
      webhook_url: receiver.url('/rearm'),
    });
    await refusedCalls(client, api.name_en, apiKey, 5);
    await until(async () => ((await deliveriesOf(user.id)).length === 1 ? true : undefined));
    // Past the hour's gap, so only the disarmed alert holds back more refunded crossings.
    await backdate(user.id);
    await refusedCalls(client, api.name_en, apiKey, 5);
    await new Promise((r) => setTimeout(r, 300));
    expect(await deliveriesOf(user.id)).toHaveLength(1);
    expect(await crossedAt(user.id)).not.toBeNull();
    expect((await call(client, api.name_en, apiKey)).status).toBe(200); // 14 → 9
    await credit(user.id, '0.001'); // 9 → 10: still below, stays disarmed
    expect(await crossedAt(user.id)).not.toBeNull();
    await credit(user.id, '0.004'); // 10 → 14: re-armed
    expect(await crossedAt(user.id)).toBeNull();
    await backdate(user.id);
    await refusedCalls(client, api.name_en, apiKey, 1);
    await until(async () => ((await deliveriesOf(user.id)).length === 2 ? true : undefined));
    await backdate(user.id);
    await refusedCalls(client, api.name_en, apiKey, 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(await deliveriesOf(user.id)).toHaveLength(2);
  });

  it('holds the gap of an hour and at most five deliveries a day per channel', async () => {
    const api = await createGatewayApi(t, { is_paid: 1, price_per_call_milli: 5 });
    const { user, apiKey, client } = await account(14);
    await client.post('/api/user/set_balance_alert.php', {
      threshold: '0.012',
      webhook_url: receiver.url('/cap'),
    });
    const cross = async () => {
      expect((await call(client, api.name_en, apiKey)).status).toBe(200); // 14 → 9
      await new Promise((r) => setTimeout(r, 200));
      await credit(user.id, '0.005'); // back to 14, re-armed
    };
    await cross();
    await until(async () => ((await deliveriesOf(user.id)).length === 1 ? true : undefined));
    await cross(); // within the hour: the crossing is noted, nothing is sent
    expect(await deliveriesOf(user.id)).toHaveLength(1);
    for (let n = 2; n <= 5; n += 1) {
      await backdate(user.id, 2 * 60 * 60 * 1000);
      await cross();
      await until(async () => ((await deliveriesOf(user.id)).length === n ? true : undefined));
    }
    // Five in the last day (the oldest ten hours ago): the sixth waits for the day to pass.
    await backdate(user.id, 2 * 60 * 60 * 1000);
    await cross();
    expect(await deliveriesOf(user.id)).toHaveLength(5);
    await backdate(user.id, 24 * 60 * 60 * 1000);
    await cross();
    await until(async () => ((await deliveriesOf(user.id)).length === 6 ? true : undefined));
  });

  it('a changed threshold re-arms; changing only where it goes does not', async () => {
    const api = await createGatewayApi(t, { is_paid: 1, price_per_call_milli: 5 });
    const { user, apiKey, client } = await account(14);
    const set = (body: object) => client.post('/api/user/set_balance_alert.php', body);
    await set({ threshold: '0.012', webhook_url: receiver.url('/a') });
    expect((await call(client, api.name_en, apiKey)).status).toBe(200); // 14 → 9
    await until(async () => ((await deliveriesOf(user.id)).length === 1 ? true : undefined));
    const secret = (await set({ threshold: '0.012', webhook_url: receiver.url('/b') })).body.data
      .webhook_secret;
    expect(await crossedAt(user.id)).not.toBeNull();
    const changed = await set({ threshold: '0.008', webhook_url: receiver.url('/b') });
    expect(changed.body.data).toMatchObject({ threshold: '0.008', webhook_secret: secret });
    expect(await crossedAt(user.id)).toBeNull();
  });

  it('twenty concurrent first saves all succeed and leave one row with one secret', async () => {
    const { user, client } = await account(0);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        client.post('/api/user/set_balance_alert.php', { threshold: `${i + 1}` }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const rows = await t.dataSource.getRepository(BalanceAlert).findBy({ user_id: user.id });
    expect(rows).toHaveLength(1);
    const secrets = new Set(answers.map((a) => a.body.data.webhook_secret as string));
    expect(secrets).toEqual(new Set([rows[0].webhook_secret]));

    // HTTP spreads the requests out; called directly, every first save surely meets the race.
    const other = await account(0);
    const service = t.app.get(AlertsService);
    const views = await Promise.all(
      Array.from({ length: 20 }, (_, i) => service.set(other.user.id, { threshold: `${i + 1}` })),
    );
    expect(new Set(views.map((v) => v.webhook_secret)).size).toBe(1);
  });
});
