import { createServer } from 'node:net';
import { AfdianFake } from '../../../test/fakes/afdian-fake';
import { AppError } from '../../common/app-error';
import { AfdianClient, afdianSign, verifyWebhookSign, webhookKey } from './afdian.client';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('AfdianClient against the fake Afdian', () => {
  const fake = new AfdianFake();
  let client: AfdianClient;

  beforeAll(async () => {
    await fake.start();
    client = new AfdianClient({
      baseUrls: [fake.url],
      userId: fake.userId,
      token: fake.token,
      timeoutMs: 300,
    });
  });
  afterEach(() => fake.reset());
  afterAll(() => fake.close());

  it('signs like Afdian documents: md5(token + params + ts + user_id) in lowercase hex', () => {
    expect(afdianSign('tok', '{"out_trade_no":"1"}', 1700000000, 'uid')).toBe(
      '663575386c4fc9ff2fd087e9bb150ceb',
    );
  });

  it('returns the order with the asked out_trade_no, not the first one listed', async () => {
    const order = fake.addOrder({ total_amount: '12.34' });
    const found = await client.queryOrder(order.out_trade_no);
    expect(found).toMatchObject({ out_trade_no: order.out_trade_no, total_amount: '12.34' });
  });

  it('sends user_id, params as JSON text, ts in seconds and the sign, never the token', async () => {
    const order = fake.addOrder();
    await client.queryOrder(order.out_trade_no);
    const [sent] = fake.queries;
    expect(Object.keys(sent).sort()).toEqual(['params', 'sign', 'ts', 'user_id']);
    expect(sent.params).toBe(JSON.stringify({ out_trade_no: order.out_trade_no }));
    expect(Math.abs((sent.ts as number) - Date.now() / 1000)).toBeLessThan(5);
    expect(JSON.stringify(sent)).not.toContain(fake.token);
  });

  it('answers null for an order Afdian does not list', async () => {
    expect(await client.queryOrder(fake.unknownOrderNumber())).toBeNull();
  });

  it('maps a sign validation failure (wrong token) to a clear 502', async () => {
    const wrong = new AfdianClient({
      baseUrls: [fake.url],
      userId: fake.userId,
      token: 'nope',
      timeoutMs: 300,
    });
    const error = await failure(wrong.queryOrder(fake.addOrder().out_trade_no));
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/sign validation failed/);
  });

  it('maps an expired ts to a clear 502', async () => {
    fake.behaviour = { clockSkewSeconds: 601 };
    const error = await failure(client.queryOrder(fake.addOrder().out_trade_no));
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/time expired/);
  });

  it.each([
    [400001, /parameters incomplete/],
    [400003, /not valid JSON/],
    [400004, /no valid token found/],
    [123456, /^recharge failed!$/],
  ])('maps ec %d to its message', async (ec, message) => {
    fake.behaviour = { ec };
    const error = await failure(client.queryOrder('1'));
    expect(error.status).toBe(502);
    expect(error.message).toMatch(message);
  });

  it('gives up after the timeout with a 504', async () => {
    fake.behaviour = { delayMs: 1000 };
    const error = await failure(client.queryOrder(fake.addOrder().out_trade_no));
    expect(error.status).toBe(504);
    expect(error.message).toBe(
      `Afdian did not answer in time, try again later (${fake.url} timed out)`,
    );
  });

  it('reports an unreachable host or a reply that is not JSON as a request error naming the host', async () => {
    const downUrl = `http://127.0.0.1:${await closedPort()}`;
    const down = new AfdianClient({ baseUrls: [downUrl], userId: 'u', token: 't', timeoutMs: 300 });
    expect((await failure(down.queryOrder('1'))).message).toBe(
      `recharge request error, try again later (${downUrl} unreachable)`,
    );
    fake.behaviour = { garbage: true };
    const error = await failure(client.queryOrder('1'));
    expect([error.status, error.message]).toEqual([
      502,
      `recharge request error, try again later (${fake.url} unreachable)`,
    ]);
  });

  it('moves to the next host when one cannot be reached, not when Afdian answers an error', async () => {
    const downUrl = `http://127.0.0.1:${await closedPort()}`;
    const order = fake.addOrder();
    const both = new AfdianClient({
      baseUrls: [downUrl, fake.url],
      userId: fake.userId,
      token: fake.token,
      timeoutMs: 300,
    });
    expect(await both.queryOrder(order.out_trade_no)).toMatchObject({
      out_trade_no: order.out_trade_no,
    });

    const wrongFirst = new AfdianClient({
      baseUrls: [fake.url, downUrl],
      userId: fake.userId,
      token: 'nope',
      timeoutMs: 300,
    });
    expect((await failure(wrongFirst.queryOrder(order.out_trade_no))).code).toBe(
      'recharge.afdian_rejected',
    );

    const allDown = new AfdianClient({
      baseUrls: [downUrl, `${downUrl}/again`],
      userId: 'u',
      token: 't',
      timeoutMs: 300,
    });
    const error = await failure(allDown.queryOrder('1'));
    expect([error.code, error.message]).toEqual([
      'recharge.afdian_hosts_down',
      `recharge request error, try again later (${downUrl} unreachable, ${downUrl}/again unreachable)`,
    ]);
  });

  it('verifies webhook signatures with the configured public key', () => {
    const key = webhookKey(fake.publicKeyPem)!;
    const order = fake.addOrder({ total_amount: '5.00' });
    const { data } = fake.webhookPayload(order);
    expect(verifyWebhookSign(key, data.order, data.sign)).toBe(true);
    expect(verifyWebhookSign(key, { ...data.order, total_amount: '500.00' }, data.sign)).toBe(
      false,
    );
    expect(verifyWebhookSign(key, data.order, 'not-a-signature')).toBe(false);
    expect(webhookKey(undefined)).toBeNull();
    expect(() => webhookKey('-----BEGIN PUBLIC KEY-----\nxx\n-----END PUBLIC KEY-----')).toThrow(
      /AFDIAN_WEBHOOK_PUBLIC_KEY/,
    );
  });
});
