import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { AlertDelivery, User } from '../src/database/entities';
import { createGatewayApi } from './factories/gateway';
import { createUser, loginUser } from './factories/users';
import { startTestApp, TEST_DATABASES, TestApp } from './harness';
import type { HttpClient } from './http-client';

interface Mail {
  to: string[];
  text: string;
}
interface Hook {
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

/** A real SMTP server on loopback that keeps every message it is given. */
async function startSmtp() {
  const mails: Mail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let text = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (text += chunk));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    mails,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => smtp.close(r)),
  };
}

/** A webhook receiver answering each request with the next status of `statuses` (then 200). */
async function startReceiver() {
  const hooks: Hook[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      hooks.push({ headers: req.headers, body, at: Date.now() });
      res.statusCode = statuses.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    hooks,
    statuses,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** README's verification recipe, written out exactly as documented there. */
function verifySignature(secret: string, headers: IncomingMessage['headers'], rawBody: string) {
  const timestamp = String(headers['x-portico-timestamp']);
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return headers['x-portico-signature'] === `sha256=${expected}`;
}

async function until<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 10_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(TEST_DATABASES)('low-balance alerts [%s]', (db) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    receiver = await startReceiver();
    t = await startTestApp(db, {
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

  const call = (client: HttpClient, name: string, apiKey: string) =>
    client.get(`/apis/${name}`, { headers: { 'x-api-key': apiKey } });

  it('refuses bad settings with a 400 naming the field, and needs the XSRF header', async () => {
    const { client } = await account(0);
    const cases: [object, string][] = [
      [{ threshold: 'abc' }, 'threshold'],
      [{ threshold: '1.0001' }, 'threshold'],
      [{ threshold: 5 }, 'threshold'],
      [{ threshold: '1', email: 'not-an-address' }, 'email'],
      [{ threshold: '1', webhook_url: 'http://hooks.example.com/x' }, 'webhook_url'],
      [{ threshold: '1', webhook_url: 'https://10.0.0.8/x' }, 'webhook_url'],
      [{ threshold: '1', webhook_url: 'https://169.254.169.254/latest/meta-data' }, 'webhook_url'],
      [{ threshold: '1', webhook_url: 'https://u:p@hooks.example.com/x' }, 'webhook_url'],
    ];
    for (const [body, field] of cases) {
      const res = await client.post('/api/user/set_balance_alert.php', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'request.validation', field });
    }
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

    // Back above the threshold: no banner; the next crossing alerts again.
    await t.dataSource.getRepository(User).update({ id: user.id }, { balance_milli: 20 });
    expect((await client.get('/api/user/get_balance_alert.php')).body.data.low).toBe(false);
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
});
