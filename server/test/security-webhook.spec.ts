import { request as httpRequest } from 'node:http';
import { customOrderIdFor } from '../src/modules/recharge/custom-order-id';
import {
  WEBHOOK_BODY_LIMIT,
  WEBHOOK_HITS_PER_MINUTE,
} from '../src/modules/recharge/afdian-webhook';
import { createUser } from './factories/users';
import { balanceOf, recordsFor, useAfdianFake, WEBHOOK } from './factories/recharge';
import { AfdianFake } from './fakes/afdian-fake';
import type { FakeOrder, WebhookPayload } from './fakes/afdian-fake';
import { inOneMinuteWindow } from './clock';
import { describeEachDb } from './harness';
import type { TestApp } from './harness';

const ACK = { ec: 200, em: '' };

/** A user that exists and the custom_order_id the recharge page gives them. */
async function payer(t: TestApp): Promise<{ userId: number; customOrderId: string }> {
  const { user } = await createUser(t);
  return { userId: user.id, customOrderId: customOrderIdFor(t.env.APP_SECRET, user.id) };
}

/** The same signature over other field values: only the concatenation is signed. */
function recut(payload: WebhookPayload, fields: Partial<FakeOrder>): WebhookPayload {
  return { ...payload, data: { ...payload.data, order: { ...payload.data.order, ...fields } } };
}

async function rowCount(t: TestApp): Promise<number> {
  const rows: { n: string | number }[] = await t.dataSource.query(
    'SELECT COUNT(*) AS n FROM recharge_records',
  );
  return Number(rows[0].n);
}

async function largestRaw(t: TestApp): Promise<number> {
  const rows: { n: string | number | null }[] = await t.dataSource.query(
    'SELECT MAX(LENGTH(raw)) AS n FROM recharge_records',
  );
  return Number(rows[0].n ?? 0);
}

/** POSTs a JSON text to the webhook from a chosen loopback address. */
function postFrom(
  t: TestApp,
  localAddress: string,
  body: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: any }> {
  const { port } = new URL(t.baseUrl);
  return new Promise((done, fail) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        method: 'POST',
        path: WEBHOOK,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          done({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) });
        });
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

const { fake, env } = useAfdianFake();
/** Another creator on the same Afdian: its webhooks carry the same platform signature. */
const stranger = fake.anotherCreator();
beforeAll(() => stranger.start());
afterAll(() => stranger.close());

describeEachDb(
  'security: the Afdian webhook is a hint, never a credit',
  (ctx) => {
    it('credits nothing for another creator’s validly signed order naming our user', async () => {
      const { userId, customOrderId } = await payer(ctx.t);
      const foreign = stranger.addOrder({ total_amount: '100.00', custom_order_id: customOrderId });
      const res = await ctx.t.client().post(WEBHOOK, stranger.webhookPayload(foreign));
      expect([res.status, res.body]).toEqual([200, ACK]);
      expect(await balanceOf(ctx.t, userId)).toBe(0);
      expect(await recordsFor(ctx.t, foreign.out_trade_no)).toMatchObject([
        { user_id: null, state: 'rejected', reason: 'not_found', amount_milli: expect.anything() },
      ]);
      expect(Number((await recordsFor(ctx.t, foreign.out_trade_no))[0].amount_milli)).toBe(0);
    });

    it('credits an order of ours to the buyer query-order names, never the body’s', async () => {
      const attacker = await payer(ctx.t);
      const buyer = await payer(ctx.t);
      // Paid by someone who left no custom_order_id: the attacker writes theirs in (unsigned).
      const anonymous = fake.addOrder({ total_amount: '30.00' });
      const res = await ctx.t
        .client()
        .post(WEBHOOK, fake.webhookPayload(anonymous, { custom_order_id: attacker.customOrderId }));
      expect([res.status, res.body]).toEqual([200, ACK]);
      expect(await recordsFor(ctx.t, anonymous.out_trade_no)).toMatchObject([
        { user_id: null, state: 'pending', reason: 'unmatched' },
      ]);
      // Paid by the buyer: the attacker's id in the body does not redirect it.
      const owned = fake.addOrder({ total_amount: '20.00', custom_order_id: buyer.customOrderId });
      await ctx.t
        .client()
        .post(WEBHOOK, fake.webhookPayload(owned, { custom_order_id: attacker.customOrderId }));
      expect(await balanceOf(ctx.t, attacker.userId)).toBe(0);
      expect(await balanceOf(ctx.t, buyer.userId)).toBe(20_000);
      expect(await recordsFor(ctx.t, owned.out_trade_no)).toMatchObject([
        { user_id: buyer.userId, state: 'credited', source: 'webhook' },
      ]);
    });

    it('credits a re-cut signature (digits moved across fields) as the real order, once', async () => {
      const { userId, customOrderId } = await payer(ctx.t);
      const real = fake.addOrder({
        total_amount: '5.00',
        custom_order_id: customOrderId,
        user_id: `12${'a'.repeat(31)}`,
        plan_id: `${'b'.repeat(30)}80`,
      });
      const signed = fake.webhookPayload(real);
      const no = real.out_trade_no;
      const plan = real.plan_id;
      const variants = [
        // 805.00 for the real order number, sent before the genuine push.
        recut(signed, { plan_id: plan.slice(0, -2), total_amount: '805.00' }),
        recut(signed, { plan_id: plan.slice(0, -1), total_amount: '05.00' }),
        // New order numbers made of the real one and the payer id's leading digits.
        recut(signed, { out_trade_no: `${no}1`, user_id: real.user_id.slice(1) }),
        recut(signed, { out_trade_no: `${no}12`, user_id: real.user_id.slice(2) }),
        recut(signed, {
          out_trade_no: `${no}12`,
          user_id: real.user_id.slice(2),
          plan_id: plan.slice(0, -2),
          total_amount: '805.00',
        }),
      ];
      for (const body of variants) {
        const res = await ctx.t.client().post(WEBHOOK, body);
        expect(res.status).toBeLessThan(500);
      }
      expect((await ctx.t.client().post(WEBHOOK, signed)).body).toEqual(ACK);
      expect(await balanceOf(ctx.t, userId)).toBe(5_000);
      const credited: { n: string | number }[] = await ctx.t.dataSource.query(
        "SELECT COUNT(*) AS n FROM recharge_records WHERE user_id = ? AND state = 'credited'",
        [userId],
      );
      expect(Number(credited[0].n)).toBe(1);
      expect(await recordsFor(ctx.t, no)).toMatchObject([{ state: 'credited', user_id: userId }]);
      expect(Number((await recordsFor(ctx.t, no))[0].amount_milli)).toBe(5_000);
    });

    it('credits a replayed order once, and a replay cannot claim a queued order', async () => {
      const owner = await payer(ctx.t);
      const order = fake.addOrder({ total_amount: '10.00', custom_order_id: owner.customOrderId });
      const payload = fake.webhookPayload(order);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => ctx.t.client().post(WEBHOOK, payload)),
      );
      for (const res of answers) expect([res.status, res.body]).toEqual([200, ACK]);
      expect((await ctx.t.client().post(WEBHOOK, payload)).body).toEqual(ACK);
      expect(await balanceOf(ctx.t, owner.userId)).toBe(10_000);

      const queued = fake.addOrder({ total_amount: '40.00' });
      await ctx.t.client().post(WEBHOOK, fake.webhookPayload(queued));
      const thief = await payer(ctx.t);
      const replays = await Promise.all(
        Array.from({ length: 4 }, () =>
          ctx.t
            .client()
            .post(WEBHOOK, fake.webhookPayload(queued, { custom_order_id: thief.customOrderId })),
        ),
      );
      for (const res of replays) expect(res.status).toBeLessThan(500);
      expect(await balanceOf(ctx.t, thief.userId)).toBe(0);
      expect(await recordsFor(ctx.t, queued.out_trade_no)).toMatchObject([
        { user_id: null, state: 'pending', reason: 'unmatched' },
      ]);
    });

    it('refuses an oversized body with a 413 envelope and stores nothing big', async () => {
      const { userId, customOrderId } = await payer(ctx.t);
      const before = await rowCount(ctx.t);
      const order = fake.addOrder({ total_amount: '10.00', custom_order_id: customOrderId });
      const signed = fake.webhookPayload(order);
      for (const size of [WEBHOOK_BODY_LIMIT + 1, 1024 * 1024]) {
        const padded = recut(signed, { remark: 'x'.repeat(size) });
        const res = await ctx.t.client().post(WEBHOOK, padded);
        expect(res.status).toBe(413);
        expect(res.body).toMatchObject({ success: false, code: 'request.body_too_large' });
        expect(res.body.message).toMatch(/16 KB/);
      }
      expect(await rowCount(ctx.t)).toBe(before);
      expect(await balanceOf(ctx.t, userId)).toBe(0);

      // Under the cap, the unsigned remark still never reaches the database whole.
      const filler = 'y'.repeat(WEBHOOK_BODY_LIMIT - 2048);
      const forged = recut(signed, { total_amount: '99.00', remark: filler });
      expect((await ctx.t.client().post(WEBHOOK, forged)).status).toBe(400);
      const genuine = recut(signed, { remark: filler });
      expect((await ctx.t.client().post(WEBHOOK, genuine)).body).toEqual(ACK);
      expect(await balanceOf(ctx.t, userId)).toBe(10_000);
      expect(await largestRaw(ctx.t)).toBeLessThan(2048);
    });
  },
  env,
);

describeEachDb(
  'security: the Afdian webhook per address',
  (ctx) => {
    it('limits webhook calls per IP with a 429 envelope, other addresses unaffected', async () => {
      const { userId, customOrderId } = await payer(ctx.t);
      // A burst of a few dozen requests and its checks fall in one window.
      await inOneMinuteWindow(15_000);
      const junk = JSON.stringify({ data: {} });
      for (let i = 0; i < WEBHOOK_HITS_PER_MINUTE; i += 1) {
        expect((await postFrom(ctx.t, '127.0.0.1', junk)).status).toBe(400);
      }
      const limited = await postFrom(ctx.t, '127.0.0.1', junk);
      expect([limited.status, limited.body]).toEqual([
        429,
        { success: false, message: expect.any(String), code: 'request.rate_limited' },
      ]);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      const order = fake.addOrder({ total_amount: '3.00', custom_order_id: customOrderId });
      const signed = JSON.stringify(fake.webhookPayload(order));
      expect((await postFrom(ctx.t, '127.0.0.1', signed)).status).toBe(429);
      expect(await recordsFor(ctx.t, order.out_trade_no)).toEqual([]);
      const elsewhere = await postFrom(ctx.t, '127.0.0.2', signed);
      expect([elsewhere.status, elsewhere.body]).toEqual([200, ACK]);
      expect(await balanceOf(ctx.t, userId)).toBe(3_000);
    }, 60_000);
  },
  env,
);

/** Afdian's platform key is public knowledge; the credentials that query orders are not set. */
const unconfigured = new AfdianFake();
const unconfiguredEnv = {
  AFDIAN_MODE: 'live',
  AFDIAN_WEBHOOK_PUBLIC_KEY: unconfigured.publicKeyPem,
};

describeEachDb(
  'security: the Afdian webhook with recharge not configured',
  (ctx) => {
    it('credits nothing, answers ec 200 so Afdian stops retrying, and records the hint', async () => {
      const { userId, customOrderId } = await payer(ctx.t);
      const order = unconfigured.addOrder({
        total_amount: '10.00',
        custom_order_id: customOrderId,
      });
      const res = await ctx.t.client().post(WEBHOOK, unconfigured.webhookPayload(order));
      expect([res.status, res.body]).toEqual([200, ACK]);
      expect(await balanceOf(ctx.t, userId)).toBe(0);
      const rows = await recordsFor(ctx.t, order.out_trade_no);
      expect(rows).toMatchObject([{ user_id: null, state: 'pending', source: 'webhook' }]);
      expect(Number(rows[0].amount_milli)).toBe(0);
    });
  },
  unconfiguredEnv,
);
