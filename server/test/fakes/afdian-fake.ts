import { createHash, generateKeyPairSync, randomBytes, sign as rsaSign } from 'node:crypto';
import type { KeyPairKeyObjectResult } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An order as Afdian's open API returns it (the fields Portico reads, plus a few it ignores). */
export interface FakeOrder {
  out_trade_no: string;
  custom_order_id: string;
  user_id: string;
  plan_id: string;
  month: number;
  total_amount: string;
  show_amount: string;
  status: number;
  remark: string;
  product_type: number;
}

/** How the fake misbehaves, when told to. */
export interface FakeBehaviour {
  /** Answer this ec (with `em`) to every query instead of looking at it. */
  ec?: number;
  em?: string;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Shift the fake's clock, so the caller's ts falls outside the ±600 s window. */
  clockSkewSeconds?: number;
  /** Answer with a body that is not JSON. */
  garbage?: boolean;
}

const TS_WINDOW_SECONDS = 600;

/** Afdian's signature: md5 of token + "params" + params + "ts" + ts + "user_id" + user_id. */
export const afdianSign = (token: string, params: string, ts: number, userId: string) =>
  createHash('md5').update(`${token}params${params}ts${ts}user_id${userId}`).digest('hex');

/** The body Afdian POSTs to a creator's webhook. */
export interface WebhookPayload {
  ec: number;
  em: string;
  data: { type: string; order: FakeOrder; sign: string };
}

/**
 * A loopback stand-in for one Afdian (爱发电) creator: the open API's query-order with its signature
 * and ts checks, scripted orders, a sponsor page that "pays" an order, and webhook payloads signed
 * with the platform's RSA key pair (Afdian signs every creator's webhooks with one key; see
 * `anotherCreator`). Every answer puts a decoy order first, so callers must match out_trade_no.
 */
export class AfdianFake {
  readonly userId: string;
  readonly token: string;
  readonly orders = new Map<string, FakeOrder>();
  /** Bodies of every query-order request received. */
  readonly queries: Record<string, unknown>[] = [];
  behaviour: FakeBehaviour = {};

  private readonly keys: KeyPairKeyObjectResult;
  private readonly decoy: FakeOrder;
  private server?: Server;
  private sequence = 0;

  constructor(
    credentials: { userId?: string; token?: string } = {},
    platformKeys?: KeyPairKeyObjectResult,
  ) {
    this.userId = credentials.userId ?? `fake${randomBytes(8).toString('hex')}`;
    this.token = credentials.token ?? randomBytes(16).toString('hex');
    this.keys = platformKeys ?? generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.decoy = this.order({ total_amount: '888.00' });
  }

  /**
   * Another creator on the same Afdian: its own orders and credentials, webhooks signed with the
   * same platform key, so anyone who sponsors it holds validly signed bodies for its orders.
   */
  anotherCreator(): AfdianFake {
    return new AfdianFake({}, this.keys);
  }

  /** The public key the site verifies webhooks with (AFDIAN_WEBHOOK_PUBLIC_KEY). */
  get publicKeyPem(): string {
    return this.keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  }

  get url(): string {
    const address = this.server?.address() as AddressInfo | null | undefined;
    if (!address) throw new Error('the Afdian fake is not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  /** The environment that points a Portico server at this fake. */
  env(): Record<string, string> {
    return {
      AFDIAN_BASE_URL: this.url,
      AFDIAN_USER_ID: this.userId,
      AFDIAN_TOKEN: this.token,
      AFDIAN_SPONSOR_URL: `${this.url}/a/portico`,
      AFDIAN_WEBHOOK_PUBLIC_KEY: this.publicKeyPem,
    };
  }

  /** Adds an order Afdian knows about: paid (status 2), 10.00 yuan, no custom_order_id unless told. */
  addOrder(overrides: Partial<FakeOrder> = {}): FakeOrder {
    const order = this.order(overrides);
    this.orders.set(order.out_trade_no, order);
    return order;
  }

  /** An order number nobody has used, for "unknown order" cases. */
  unknownOrderNumber(): string {
    return this.order().out_trade_no;
  }

  /** The body Afdian POSTs to the webhook for this order, signed unless `tamper` alters it after signing. */
  webhookPayload(order: FakeOrder, tamper: Partial<FakeOrder> = {}): WebhookPayload {
    const signed = `${order.out_trade_no}${order.user_id}${order.plan_id}${order.total_amount}`;
    const sign = rsaSign('sha256', Buffer.from(signed), this.keys.privateKey).toString('base64');
    return { ec: 200, em: 'ok', data: { type: 'order', order: { ...order, ...tamper }, sign } };
  }

  reset(): void {
    this.behaviour = {};
    this.queries.length = 0;
  }

  async start(port = 0, host = '127.0.0.1'): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((done) => this.server!.listen(port, host, done));
    return this;
  }

  close(): Promise<void> {
    return new Promise((done) => {
      if (!this.server) return done();
      this.server.closeAllConnections();
      this.server.close(() => done());
    });
  }

  private order(overrides: Partial<FakeOrder> = {}): FakeOrder {
    this.sequence += 1;
    const amount = overrides.total_amount ?? '10.00';
    return {
      out_trade_no: `2026${Date.now()}${String(this.sequence).padStart(6, '0')}`,
      custom_order_id: '',
      // Afdian's ids are lower-case hex: a payer's is 33 characters, a plan's 32.
      user_id: randomBytes(17).toString('hex').slice(0, 33),
      plan_id: randomBytes(16).toString('hex'),
      month: 1,
      total_amount: amount,
      show_amount: amount,
      status: 2,
      remark: '',
      product_type: 0,
      ...overrides,
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'POST' && url.pathname === '/api/open/query-order') {
      return this.queryOrder(body, res);
    }
    if (req.method === 'GET' && url.pathname === '/a/portico') {
      return sendHtml(res, sponsorPage(url.searchParams.get('custom_order_id') ?? ''));
    }
    if (req.method === 'POST' && url.pathname === '/a/portico/pay') {
      const form = new URLSearchParams(body);
      const amount = /^\d{1,6}(\.\d{1,2})?$/.test(form.get('amount') ?? '')
        ? form.get('amount')!
        : '10.00';
      const order = this.addOrder({
        total_amount: amount,
        custom_order_id: form.get('custom_order_id') ?? '',
      });
      return sendHtml(res, paidPage(order));
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"ec":404,"em":"not found"}');
  }

  private async queryOrder(text: string, res: ServerResponse): Promise<void> {
    const { delayMs, garbage, ec, em } = this.behaviour;
    if (delayMs) await new Promise((done) => setTimeout(done, delayMs).unref());
    if (res.destroyed) return;
    if (garbage) {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
      return;
    }
    const reply = (payload: unknown): void => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    };
    let request: Record<string, unknown>;
    try {
      request = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return reply({ ec: 400001, em: 'params incomplete', data: {} });
    }
    this.queries.push(request);
    if (ec !== undefined) return reply({ ec, em: em ?? 'scripted error', data: {} });
    const { user_id, params, ts, sign } = request;
    if (typeof user_id !== 'string' || typeof params !== 'string' || typeof sign !== 'string') {
      return reply({ ec: 400001, em: 'params incomplete', data: {} });
    }
    if (typeof ts !== 'number' || !Number.isInteger(ts)) {
      return reply({ ec: 400001, em: 'params incomplete', data: {} });
    }
    const now = Math.floor(Date.now() / 1000) + (this.behaviour.clockSkewSeconds ?? 0);
    if (Math.abs(now - ts) > TS_WINDOW_SECONDS) {
      return reply({ ec: 400002, em: 'time was expired', data: { explain: '', debug: { now } } });
    }
    let query: { out_trade_no?: unknown; page?: unknown; per_page?: unknown };
    try {
      query = JSON.parse(params) as typeof query;
    } catch {
      return reply({ ec: 400003, em: 'params parse error', data: {} });
    }
    if (user_id !== this.userId) return reply({ ec: 400004, em: 'no valid token found', data: {} });
    if (sign !== afdianSign(this.token, params, ts, user_id)) {
      return reply({ ec: 400005, em: 'sign validation failed', data: {} });
    }
    if (query.out_trade_no === undefined && typeof query.page === 'number') {
      // A page of the newest orders first, as Afdian lists them (the decoy is the oldest).
      const newest = [...this.orders.values()].reverse();
      const perPage = typeof query.per_page === 'number' ? query.per_page : 50;
      const list = [...newest, this.decoy].slice((query.page - 1) * perPage, query.page * perPage);
      const total = newest.length + 1;
      return reply({
        ec: 200,
        em: 'ok',
        data: { list, total_count: total, total_page: Math.ceil(total / perPage) },
      });
    }
    const match =
      typeof query.out_trade_no === 'string' ? this.orders.get(query.out_trade_no) : undefined;
    const list = match ? [this.decoy, match] : [this.decoy];
    reply({ ec: 200, em: 'ok', data: { list, total_count: list.length, total_page: 1 } });
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
    req.on('error', fail);
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function sendHtml(res: ServerResponse, body: string): void {
  res
    .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    .end(
      `<!doctype html><html><head><title>Afdian (fake)</title></head><body>${body}</body></html>`,
    );
}

function sponsorPage(customOrderId: string): string {
  return `<h1>Sponsor Portico (fake Afdian)</h1>
<form method="post" action="/a/portico/pay">
  <input type="hidden" name="custom_order_id" value="${escapeHtml(customOrderId)}">
  <label>Amount (yuan) <input name="amount" value="10.00"></label>
  <button type="submit">Pay</button>
</form>
<p>custom_order_id: <code>${escapeHtml(customOrderId || '(none)')}</code></p>`;
}

function paidPage(order: FakeOrder): string {
  return `<h1>Payment complete</h1>
<p>Order number: <code id="order-number">${order.out_trade_no}</code></p>
<p>Amount: ${escapeHtml(order.total_amount)} yuan</p>`;
}

/** `npm run afdian:fake [-- --port N]`: a fake Afdian for local demos, with a few paid orders. */
export async function runCli(argv: string[]): Promise<void> {
  const portIndex = argv.indexOf('--port');
  const port = portIndex >= 0 ? Number(argv[portIndex + 1]) : 8790;
  // Fixed credentials, so restarting the fake does not mean reconfiguring the site.
  const fake = await new AfdianFake({ userId: 'portico-demo', token: 'portico-demo-token' }).start(
    port,
  );
  const seeded = ['5.00', '10.00', '30.00', '100.00'].map((total_amount) =>
    fake.addOrder({ total_amount }),
  );
  const unpaid = fake.addOrder({ status: 1 });
  const env = Object.entries(fake.env())
    .map(
      ([key, value]) =>
        `${key}=${key.endsWith('PUBLIC_KEY') ? value.trim().replace(/\n/g, '\\n') : value}`,
    )
    .join('\n');
  process.stdout.write(
    [
      `Fake Afdian listening on ${fake.url}`,
      '',
      'Start Portico with:',
      env,
      '',
      'Paid orders (no custom_order_id, any user may claim each once):',
      ...seeded.map((o) => `  ${o.out_trade_no}  ${o.total_amount} yuan`),
      `Unpaid order: ${unpaid.out_trade_no}`,
      `Or open ${fake.url}/a/portico (the recharge page links there) to "pay" a new order.`,
      '',
    ].join('\n'),
  );
}
