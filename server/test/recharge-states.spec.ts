import { createServer } from 'node:net';
import { RechargeAdminService } from '../src/modules/recharge/recharge-admin.service';
import { RechargeRechecker } from '../src/modules/recharge/recharge-rechecker';
import { describeEachDb } from './harness';
import type { TestApp } from './harness';
import { adminClient } from './factories/admin';
import { AfdianFake } from './fakes/afdian-fake';
import {
  balanceOf,
  HISTORY,
  recordsFor,
  signedInUser,
  useAfdianFake,
  VERIFY,
  WEBHOOK,
} from './factories/recharge';

const RECHECK = '/api/user/recheck_aifadian_order.php';
const PENDING = '/api/admin/get_pending_orders.php';
const ASSIGN = '/api/admin/assign_order.php';
const DISMISS = '/api/admin/dismiss_order.php';
const RECONCILIATION = '/api/admin/get_recharge_reconciliation.php';
const EXPORT = '/api/admin/export_recharge_reconciliation.php';

// Reconciliation asks Afdian about every credited order: a loaded machine needs the margin.
const { fake, env } = useAfdianFake({ AFDIAN_RECHECK_MS: '100', AFDIAN_TIMEOUT_MS: '5000' });

async function until(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((done) => setTimeout(done, 50));
  }
}

/**
 * Runs the re-check as if `aheadMs` had passed until the order reaches `state`: the suite's own
 * 100 ms poller may hold the order's lease at that moment, and then this run skips it.
 */
async function dueUntil(
  t: TestApp,
  outTradeNo: string,
  state: string,
  aheadMs: number,
): Promise<void> {
  await until(async () => {
    await t.app.get(RechargeRechecker).runDue(Date.now() + aheadMs);
    return (await recordsFor(t, outTradeNo))[0].state === state;
  });
}

describeEachDb(
  'recharge order states',
  (ctx) => {
    it('keeps an unpaid order pending and credits it once when a re-check finds it paid', async () => {
      const { client, userId } = await signedInUser(ctx.t);
      const order = fake.addOrder({ status: 1, total_amount: '6.00' });
      const res = await client.post(VERIFY, { order_number: order.out_trade_no });
      expect([res.status, res.body.code]).toEqual([400, 'recharge.order_not_paid']);
      expect(await recordsFor(ctx.t, order.out_trade_no)).toMatchObject([
        { user_id: userId, state: 'pending', reason: 'not_paid' },
      ]);
      fake.orders.get(order.out_trade_no)!.status = 2;
      await until(
        async () => (await recordsFor(ctx.t, order.out_trade_no))[0].state === 'credited',
      );
      const rechecker = ctx.t.app.get(RechargeRechecker);
      await rechecker.runDue(Date.now() + 3_600_000);
      expect(await balanceOf(ctx.t, userId)).toBe(6_000);
      const history = await client.get(HISTORY);
      expect(history.body.data.records).toMatchObject([
        { out_trade_no: order.out_trade_no, state: 'credited', reason: null, amount: '6.00' },
      ]);
    });

    it('lets the user re-check an own pending order, and only that', async () => {
      const { client, userId } = await signedInUser(ctx.t);
      const other = await signedInUser(ctx.t);
      const order = fake.addOrder({ status: 1, total_amount: '3.00' });
      await client.post(VERIFY, { order_number: order.out_trade_no });
      const stillUnpaid = await client.post(RECHECK, { order_number: order.out_trade_no });
      expect(stillUnpaid.body.code).toBe('recharge.order_not_paid');
      expect(
        (await other.client.post(RECHECK, { order_number: order.out_trade_no })).body.code,
      ).toBe('recharge.order_not_pending');
      fake.orders.get(order.out_trade_no)!.status = 2;
      const paid = await client.post(RECHECK, { order_number: order.out_trade_no });
      expect([paid.status, paid.body.data]).toEqual([200, { amount: '3.00', balance: '3.00' }]);
      expect((await client.post(RECHECK, { order_number: order.out_trade_no })).status).toBe(404);
      for (const bad of [' 12 3', '1'.repeat(65), 'abc']) {
        expect((await client.post(RECHECK, { order_number: bad })).body.code).toBe(
          'request.validation',
        );
      }
      expect(await balanceOf(ctx.t, userId)).toBe(3_000);
    });

    it('answers a re-check that the automatic re-check overtakes with the credit, once', async () => {
      const { client, userId } = await signedInUser(ctx.t);
      const order = fake.addOrder({ status: 1, total_amount: '4.00' });
      await client.post(VERIFY, { order_number: order.out_trade_no });
      fake.orders.get(order.out_trade_no)!.status = 2;
      fake.behaviour = { delayMs: 400 };
      const userRecheck = client.post(RECHECK, { order_number: order.out_trade_no });
      await new Promise((done) => setTimeout(done, 100));
      fake.behaviour = {};
      await dueUntil(ctx.t, order.out_trade_no, 'credited', 3_600_000);
      const res = await userRecheck;
      expect([res.status, res.body.data]).toEqual([200, { amount: '4.00', balance: '4.00' }]);
      expect(await balanceOf(ctx.t, userId)).toBe(4_000);
    });

    it('gives up on an order still unpaid after 24 hours', async () => {
      const { client } = await signedInUser(ctx.t);
      const order = fake.addOrder({ status: 1 });
      await client.post(VERIFY, { order_number: order.out_trade_no });
      await dueUntil(ctx.t, order.out_trade_no, 'rejected', 25 * 3_600_000);
      expect(await recordsFor(ctx.t, order.out_trade_no)).toMatchObject([
        { state: 'rejected', reason: 'not_paid' },
      ]);
    });

    it('queues a webhook order naming nobody; an admin assigns it once, audited', async () => {
      const admin = await adminClient(ctx.t);
      const { userId } = await signedInUser(ctx.t);
      const order = fake.addOrder({ total_amount: '20.00', remark: 'for alice' });
      expect((await ctx.t.client().post(WEBHOOK, fake.webhookPayload(order))).body.ec).toBe(200);
      const queue = await admin.get(PENDING);
      expect(queue.body.data.orders).toContainEqual(
        expect.objectContaining({
          out_trade_no: order.out_trade_no,
          amount: '20.00',
          paid_amount: '20.00',
          remark: 'for alice',
          afdian_user_id: order.user_id,
        }),
      );
      const user = await signedInUser(ctx.t);
      expect((await user.client.get(PENDING)).status).toBe(401);
      const assigned = await admin.post(ASSIGN, {
        out_trade_no: order.out_trade_no,
        user_id: userId,
      });
      expect([assigned.status, assigned.body.data]).toEqual([
        200,
        { amount: '20.00', balance: '20.00' },
      ]);
      const again = await admin.post(ASSIGN, { out_trade_no: order.out_trade_no, user_id: userId });
      expect([again.status, again.body.code]).toEqual([409, 'recharge.order_used']);
      expect(await balanceOf(ctx.t, userId)).toBe(20_000);
      const [row] = await recordsFor(ctx.t, order.out_trade_no);
      expect(row).toMatchObject({ user_id: userId, state: 'credited' });
      expect(row.admin_id).not.toBeNull();
      const audit: { action: string }[] = await ctx.t.dataSource.query(
        'SELECT a.action FROM audit_log a JOIN recharge_records r ON r.id = a.target_id ' +
          "WHERE a.target_type = 'recharge_order' AND r.out_trade_no = ?",
        [order.out_trade_no],
      );
      expect(audit.map((entry) => entry.action)).toEqual(['assign_order']);
      expect(
        (await admin.post(ASSIGN, { out_trade_no: fake.unknownOrderNumber(), user_id: userId }))
          .body.code,
      ).toBe('recharge.order_not_pending');
    });

    it('credits an order once when an admin assignment races the payer claiming it', async () => {
      const admin = await adminClient(ctx.t);
      for (let round = 0; round < 5; round += 1) {
        const claimant = await signedInUser(ctx.t);
        const chosen = await signedInUser(ctx.t);
        const order = fake.addOrder({ total_amount: '7.00' });
        await ctx.t.client().post(WEBHOOK, fake.webhookPayload(order));
        const [claim, assign] = await Promise.all([
          claimant.client.post(VERIFY, { order_number: order.out_trade_no }),
          admin.post(ASSIGN, { out_trade_no: order.out_trade_no, user_id: chosen.userId }),
        ]);
        expect([claim.status, assign.status].sort()).toEqual([200, 409]);
        const total =
          (await balanceOf(ctx.t, claimant.userId)) + (await balanceOf(ctx.t, chosen.userId));
        expect(total).toBe(7_000);
        expect(await recordsFor(ctx.t, order.out_trade_no)).toHaveLength(1);
      }
    });

    it('lets an admin dismiss a queued order for good', async () => {
      const admin = await adminClient(ctx.t);
      const { client } = await signedInUser(ctx.t);
      const order = fake.addOrder();
      await ctx.t.client().post(WEBHOOK, fake.webhookPayload(order));
      expect(
        (await admin.post(DISMISS, { out_trade_no: order.out_trade_no, reason: '' })).status,
      ).toBe(400);
      const res = await admin.post(DISMISS, {
        out_trade_no: order.out_trade_no,
        reason: 'refunded',
      });
      expect(res.status).toBe(200);
      expect(await recordsFor(ctx.t, order.out_trade_no)).toMatchObject([
        { state: 'rejected', reason: 'dismissed' },
      ]);
      expect((await client.post(VERIFY, { order_number: order.out_trade_no })).status).toBe(409);
      expect(
        (await admin.post(DISMISS, { out_trade_no: order.out_trade_no, reason: 'x' })).status,
      ).toBe(404);
    });

    it('reconciles per day and exports CSV with a BOM, flagging unexplained balances', async () => {
      const admin = await adminClient(ctx.t);
      const { userId } = await signedInUser(ctx.t);
      await ctx.t.dataSource.query('UPDATE users SET balance_milli = 1234 WHERE id = ?', [userId]);
      const today = new Date().toISOString().slice(0, 10);
      const res = await admin.get(RECONCILIATION, { query: { from: today, to: today } });
      expect(res.status).toBe(200);
      expect(res.body.data.days).toHaveLength(1);
      expect(res.body.data.days[0].seen).toBeGreaterThan(0);
      expect(res.body.data.mismatches).toContainEqual({
        kind: 'balance_unexplained',
        out_trade_no: null,
        user_id: userId,
        expected: '0.00',
        actual: '1.234',
      });
      const csv = await admin.get(EXPORT, { query: { from: today, to: today } });
      expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
      // fetch's text() drops the BOM; the bytes the service answers carry it.
      expect(csv.text.startsWith('date,seen,credited')).toBe(true);
      const bytes = await ctx.t.app.get(RechargeAdminService).reconciliationCsv({});
      expect(bytes.startsWith('\uFEFFdate,')).toBe(true);
      expect(
        (await admin.get(RECONCILIATION, { query: { from: today, to: '2000-01-01' } })).body.code,
      ).toBe('recharge.bad_period');
      await ctx.t.dataSource.query('UPDATE users SET balance_milli = 0 WHERE id = ?', [userId]);
    });

    it('flags a user whose credit its grants do not explain', async () => {
      const admin = await adminClient(ctx.t);
      const { userId } = await signedInUser(ctx.t);
      await ctx.t.dataSource.query('UPDATE users SET credit_milli = 40 WHERE id = ?', [userId]);
      const today = new Date().toISOString().slice(0, 10);
      const res = await admin.get(RECONCILIATION, { query: { from: today, to: today } });
      expect(res.body.data.mismatches).toContainEqual({
        kind: 'credit_unexplained',
        out_trade_no: null,
        user_id: userId,
        expected: '0.00',
        actual: '0.04',
      });
      await ctx.t.dataSource.query('UPDATE users SET credit_milli = 0 WHERE id = ?', [userId]);
    });

    it('reconciles each credited order with Afdian’s query-order answer, not its own row', async () => {
      const admin = await adminClient(ctx.t);
      const { client, userId } = await signedInUser(ctx.t);
      const kept = fake.addOrder({ total_amount: '5.00' });
      const changed = fake.addOrder({ total_amount: '10.00' });
      for (const order of [kept, changed]) {
        expect((await client.post(VERIFY, { order_number: order.out_trade_no })).status).toBe(200);
      }
      // Afdian now says otherwise of one order (a partial refund, say).
      fake.orders.get(changed.out_trade_no)!.total_amount = '1.00';
      // A credit written as the forged webhooks did: its row agrees with itself, Afdian has no such order.
      const forged = fake.unknownOrderNumber();
      await ctx.t.dataSource.query(
        "INSERT INTO recharge_records (user_id, out_trade_no, amount_milli, paid_amount, source, raw, state) VALUES (?, ?, 805000, '805.00', 'webhook', ?, 'credited')",
        [
          userId,
          forged,
          JSON.stringify({ out_trade_no: forged, total_amount: '805.00', status: 2 }),
        ],
      );
      const today = new Date().toISOString().slice(0, 10);
      const res = await admin.get(RECONCILIATION, { query: { from: today, to: today } });
      expect(res.status).toBe(200);
      const orders = (res.body.data.mismatches as { kind: string; out_trade_no: string }[]).filter(
        (m) => m.kind === 'amount_differs',
      );
      expect(orders).toEqual(
        expect.arrayContaining([
          {
            kind: 'amount_differs',
            out_trade_no: forged,
            user_id: userId,
            expected: '0.00',
            actual: '805.00',
          },
          {
            kind: 'amount_differs',
            out_trade_no: changed.out_trade_no,
            user_id: userId,
            expected: '1.00',
            actual: '10.00',
          },
        ]),
      );
      expect(orders.map((m) => m.out_trade_no)).not.toContain(kept.out_trade_no);
      await ctx.t.dataSource.query('DELETE FROM recharge_records WHERE out_trade_no = ?', [forged]);
      fake.orders.get(changed.out_trade_no)!.total_amount = '10.00';
    });
  },
  env,
);

function closedPort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

const failover = new AfdianFake();
const failoverEnv: Record<string, string> = {};
beforeAll(async () => {
  await failover.start();
  const down = `http://127.0.0.1:${await closedPort()}`;
  Object.assign(failoverEnv, failover.env(), { AFDIAN_BASE_URL: `${down},${failover.url}` });
});
afterAll(() => failover.close());

describeEachDb(
  'recharge with a host down',
  (ctx) => {
    it('moves on to the next Afdian host', async () => {
      const { client, userId } = await signedInUser(ctx.t);
      const order = failover.addOrder({ total_amount: '4.00' });
      const res = await client.post(VERIFY, { order_number: order.out_trade_no });
      expect([res.status, res.body.data]).toEqual([200, { amount: '4.00', balance: '4.00' }]);
      expect(await balanceOf(ctx.t, userId)).toBe(4_000);
    });
  },
  failoverEnv,
);
