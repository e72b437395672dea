import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { MAX_BALANCE_MILLI } from '../src/common/money';
import { INVITE_CODE } from '../src/contracts/referrals';
import { DatabaseTimeout } from '../src/database/db-timeouts';
import { rowTime, sqlTime } from '../src/database/sql-time';
import { Referral, ReferralInviter, User } from '../src/database/entities';
import { checkBalances, checkCredit, ORDER_LEDGER } from '../src/modules/ledger';
import type { OrderLedger } from '../src/modules/ledger';
import { adminClient, anonymousClient } from './factories/admin';
import { ledgerOf } from './factories/gateway';
import { grantCredit } from './factories/credit';
import { balanceOf } from './factories/recharge';
import { numbers } from './factories/numbers';
import { createUser, loginUser } from './factories/users';
import { describeEachDb, TestApp } from './harness';
import type { HttpClient, HttpResult } from './http-client';
import { explain, recorded } from './query-plan';

const INVITE = '/api/user/get_invite.php';
const LIST = '/api/user/get_referrals.php';
const SETTINGS = '/api/admin/get_referral_settings.php';
const SAVE = '/api/admin/save_referral_settings.php';
const ADMIN_LIST = '/api/admin/get_referrals.php';

let addresses = 0;
/** A documentation address (RFC 5737) no other registration of the file has used. */
const newAddress = () => {
  addresses += 1;
  return `198.51.${100 + Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

/** Signs in from `ip` (behind the trusted proxy) and answers the client with the user's id. */
async function inviterFrom(t: TestApp, ip: string) {
  const { user } = await createUser(t);
  const client = t.client();
  await client.get('/api/user/get_user_info.php', { headers: { 'x-forwarded-for': ip } });
  const res = await client.post(
    '/api/login.php',
    { username: user.username, password: 'password-123' },
    { headers: { 'x-forwarded-for': ip } },
  );
  if (res.status !== 200) throw new Error(`login failed: ${res.text}`);
  const invite = await client.get(INVITE);
  return { client, user, code: invite.body.data.code as string, invite: invite.body.data };
}

/** Registers a new account through the invite from `ip`, as the register page sends it. */
async function registerInvited(t: TestApp, invite: string, ip: string) {
  const client = await anonymousClient(t);
  const username = `invited_${randomBytes(4).toString('hex')}`;
  const res = await client.post(
    '/api/register.php',
    { username, password: 'secret-pass', confirm_password: 'secret-pass', invite },
    { headers: { 'x-forwarded-for': ip } },
  );
  if (res.status !== 200) throw new Error(`registration failed: ${res.text}`);
  const [row] = await t.dataSource.query<{ id: number }[]>(
    'SELECT id FROM users WHERE username_key = ?',
    [username],
  );
  return { id: Number(row.id), username, client };
}

let orders = 0;
/** A verified Afdian order of `amount` milli-yuan for the user, as the ledger credits it. */
function orderOf(userId: number, amount: number) {
  orders += 1;
  return {
    out_trade_no: `ref-${orders}-${randomBytes(4).toString('hex')}`,
    user_id: userId,
    amount_milli: amount,
    paid_amount: String(amount / 1000),
    source: 'query' as const,
    raw: '{}',
  };
}

/** Credits an order of `amount` milli-yuan to the user, as a verified Afdian order is credited. */
function credit(t: TestApp, userId: number, amount = 10_000) {
  return t.app.get<OrderLedger>(ORDER_LEDGER).credit(orderOf(userId, amount), null);
}

/**
 * Credits an order as its callers do (the webhook, the user's check, the re-checker): one that
 * waited too long for a database connection changed nothing and is tried again later. The race
 * below is about what is paid, not about how fast an overloaded box answers.
 */
async function creditAsCaller(t: TestApp, userId: number, amount: number) {
  const order = orderOf(userId, amount);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await t.app.get<OrderLedger>(ORDER_LEDGER).credit(order, null);
    } catch (error) {
      const waited = error instanceof DatabaseTimeout && error.code === 'DB_ACQUIRE_TIMEOUT';
      if (!waited || attempt === 4) throw error;
      await sleep(500 * attempt * (0.5 + Math.random()));
    }
  }
}

const referralOf = (t: TestApp, inviteeId: number) =>
  t.dataSource.getRepository(Referral).findOneByOrFail({ invitee_id: inviteeId });

/** The invitee's referral refused at the ceiling, for good, having paid nothing. */
async function expectRefusedAtCeiling(t: TestApp, inviteeId: number) {
  expect(await referralOf(t, inviteeId)).toMatchObject({
    state: 'refused',
    reason: 'ceiling',
    reward_milli: 0,
  });
}

async function expectLedgerExact(t: TestApp) {
  expect((await checkBalances(t.dataSource)).unexplained).toEqual([]);
  expect(await checkCredit(t.dataSource)).toEqual([]);
}

/** A user's credit, and its grants given as invite rewards (amount, and days from now to expiry). */
async function creditOf(t: TestApp, userId: number) {
  const [user] = await t.dataSource.query<{ credit_milli: number | string }[]>(
    'SELECT credit_milli FROM users WHERE id = ?',
    [userId],
  );
  const grants = await t.dataSource.query<
    { amount_milli: number | string; expires_at: Date | string }[]
  >(
    "SELECT amount_milli, expires_at FROM credit_grants WHERE user_id = ? AND reason = 'referral'",
    [userId],
  );
  return {
    credit: Number(user.credit_milli),
    grants: grants.map((g) => Number(g.amount_milli)),
    days: grants.map((g) =>
      Math.round((rowTime(g.expires_at).getTime() - Date.now()) / 86_400_000),
    ),
  };
}

describeEachDb(
  'referral rewards',
  (ctx) => {
    let admin: HttpClient;
    beforeAll(async () => {
      admin = await adminClient(ctx.t);
    });
    const settle = async (reward: string, cap: number, creditDays = 0) => {
      const saved = await admin.post(SAVE, { reward, cap, credit_days: creditDays });
      expect(saved.status).toBe(200);
    };

    it('gives each user one invite code and a link to the register page with it', async () => {
      const { client, code, invite } = await inviterFrom(ctx.t, newAddress());
      expect(code).toMatch(INVITE_CODE);
      expect(invite.url).toMatch(new RegExp(`/register\\?invite=${code}$`));
      expect(invite).toMatchObject({ invited: 0, rewarded: 0, earned: '0.00' });
      const again = await Promise.all([client.get(INVITE), client.get(INVITE)]);
      expect(again.map((res) => res.body.data.code)).toEqual([code, code]);
      expect(await anonymousClient(ctx.t).then((c) => c.get(INVITE))).toMatchObject({
        status: 401,
      });
    });

    it('pays the inviter once, on the invitee’s first credited recharge, audited settings', async () => {
      await settle('5', 10);
      const settings = await admin.get(SETTINGS);
      expect(settings.body.data).toEqual({ reward: '5.00', cap: 10, credit_days: 0 });
      const inviter = await inviterFrom(ctx.t, newAddress());
      const invitee = await registerInvited(ctx.t, inviter.code, newAddress());
      const waiting = await inviter.client.get(LIST);
      expect(waiting.body.data).toMatchObject({ total: 1, current_page: 1 });
      expect(waiting.body.data.referrals[0]).toMatchObject({
        invitee: `${invitee.username.slice(0, 2)}***`,
        state: 'waiting',
        reason: null,
        reward: '0.00',
        paid_as: null,
        decided_at: null,
      });

      expect(await credit(ctx.t, invitee.id, 10_000)).toMatchObject({ outcome: 'credited' });
      expect(await balanceOf(ctx.t, inviter.user.id)).toBe(5_000);
      expect(await balanceOf(ctx.t, invitee.id)).toBe(10_000);
      const decided = await referralOf(ctx.t, invitee.id);
      expect(decided).toMatchObject({ state: 'rewarded', reason: null, reward_milli: 5_000 });
      expect(decided.out_trade_no).toMatch(/^ref-/);

      // A second recharge, and a change of the reward, pay nothing more.
      await settle('9', 10);
      await credit(ctx.t, invitee.id, 2_000);
      expect(await balanceOf(ctx.t, inviter.user.id)).toBe(5_000);
      const summary = await inviter.client.get(INVITE);
      expect(summary.body.data).toMatchObject({
        reward: '9.00',
        cap: 10,
        credit_days: 0,
        invited: 1,
        rewarded: 1,
        earned: '5.00',
      });
      const listed = await inviter.client.get(LIST);
      expect(listed.body.data.referrals[0]).toMatchObject({
        state: 'rewarded',
        reward: '5.00',
        paid_as: 'cash',
      });
      expect(listed.body.data.referrals[0].decided_at).toEqual(expect.any(String));
      expect(await ledgerOf(ctx.t, inviter.user.id)).toEqual({ balance: 5_000, expected: 5_000 });
      await expectLedgerExact(ctx.t);

      const audit = await admin.get('/api/admin/get_audit_log.php', {
        query: { target_type: 'referral_settings' },
      });
      expect(audit.body.data.entries[0]).toMatchObject({ action: 'update' });
      expect(audit.body.data.entries[0].before).toMatchObject({ reward: '5.00', cap: 10 });
      expect(audit.body.data.entries[0].after).toMatchObject({ reward: '9.00', cap: 10 });
    });

    it('lists every referral for the admin with totals and names', async () => {
      await settle('5', 10);
      const inviter = await inviterFrom(ctx.t, newAddress());
      const ip = newAddress();
      const invitee = await registerInvited(ctx.t, inviter.code, ip);
      const list = await admin.get(ADMIN_LIST);
      expect(list.status).toBe(200);
      expect(list.body.data.referrals[0]).toMatchObject({
        inviter_id: inviter.user.id,
        inviter: inviter.user.username,
        invitee_id: invitee.id,
        invitee: invitee.username,
        ip,
        state: 'waiting',
        out_trade_no: null,
      });
      const [{ n }] = await ctx.t.dataSource.query<{ n: number | string }[]>(
        'SELECT COUNT(*) AS n FROM referrals',
      );
      expect(list.body.data).toMatchObject({ invited: Number(n), total: Number(n) });
      expect(list.body.data.referrals[0].paid_as).toBeNull();
      expect(list.body.data.paid_as_credit).toMatch(/^\d+\.\d{2}$/);
    });

    it('refuses a farm behind one address or browser, and an invite of oneself, for good', async () => {
      await settle('5', 10);
      const home = newAddress();
      const inviter = await inviterFrom(ctx.t, home);
      const shared = newAddress();
      const first = await registerInvited(ctx.t, inviter.code, shared);
      const second = await registerInvited(ctx.t, inviter.code, shared);
      const own = await registerInvited(ctx.t, inviter.code, home);
      // The inviter's own browser (its device cookie) registering from a new address.
      const sameBrowser = inviter.client;
      const deviceCookie = sameBrowser.cookies.get('device');
      expect(deviceCookie).toEqual(expect.any(String));
      const browser = await anonymousClient(ctx.t);
      browser.cookies.set('device', deviceCookie!);
      const ownDevice = await browser.post(
        '/api/register.php',
        {
          username: `own_${randomBytes(3).toString('hex')}`,
          password: 'secret-pass',
          invite: inviter.code,
        },
        { headers: { 'x-forwarded-for': newAddress() } },
      );
      expect(ownDevice.status).toBe(200);
      const ownDeviceId = (
        await ctx.t.dataSource.query<{ invitee_id: number }[]>(
          'SELECT invitee_id FROM referrals WHERE inviter_id = ? ORDER BY id DESC LIMIT 1',
          [inviter.user.id],
        )
      )[0].invitee_id;
      for (const id of [first.id, second.id, own.id, Number(ownDeviceId)]) await credit(ctx.t, id);
      const states = await Promise.all(
        [first.id, second.id, own.id, Number(ownDeviceId)].map((id) => referralOf(ctx.t, id)),
      );
      expect(states.map((r) => [r.state, r.reason])).toEqual([
        ['rewarded', null],
        ['refused', 'same_address'],
        ['refused', 'own_address'],
        ['refused', 'own_device'],
      ]);
      expect(await balanceOf(ctx.t, inviter.user.id)).toBe(5_000);
      await expectLedgerExact(ctx.t);
    });

    it('pays nothing while rewards are off, and stops at the cap', async () => {
      await settle('0', 10);
      const inviter = await inviterFrom(ctx.t, newAddress());
      const off = await registerInvited(ctx.t, inviter.code, newAddress());
      await credit(ctx.t, off.id);
      expect(await referralOf(ctx.t, off.id)).toMatchObject({ state: 'refused', reason: 'off' });
      await settle('1.5', 1);
      const paid = await registerInvited(ctx.t, inviter.code, newAddress());
      const capped = await registerInvited(ctx.t, inviter.code, newAddress());
      await credit(ctx.t, paid.id);
      await credit(ctx.t, capped.id);
      expect(await referralOf(ctx.t, paid.id)).toMatchObject({ state: 'rewarded' });
      expect(await referralOf(ctx.t, capped.id)).toMatchObject({ state: 'refused', reason: 'cap' });
      expect(await balanceOf(ctx.t, inviter.user.id)).toBe(1_500);
      await expectLedgerExact(ctx.t);
    });

    it('refuses a reward that would take the inviter past the balance ceiling, uncounted', async () => {
      await settle('5', 10);
      const inviter = await inviterFrom(ctx.t, newAddress());
      // An adjustment larger than an admin may enter at once, so the ledger still adds up.
      await ctx.t.dataSource.query(
        "INSERT INTO balance_adjustments (user_id, admin_id, delta_milli, reason) VALUES (?, 1, ?, 'near the ceiling')",
        [inviter.user.id, MAX_BALANCE_MILLI - 4_000],
      );
      await ctx.t.dataSource.query('UPDATE users SET balance_milli = ? WHERE id = ?', [
        MAX_BALANCE_MILLI - 4_000,
        inviter.user.id,
      ]);
      const invitee = await registerInvited(ctx.t, inviter.code, newAddress());
      expect(await credit(ctx.t, invitee.id)).toMatchObject({ outcome: 'credited' });
      await expectRefusedAtCeiling(ctx.t, invitee.id);
      expect(await balanceOf(ctx.t, inviter.user.id)).toBe(MAX_BALANCE_MILLI - 4_000);
      expect((await inviter.client.get(INVITE)).body.data).toMatchObject({
        invited: 1,
        rewarded: 0,
      });
      expect(await balanceOf(ctx.t, invitee.id)).toBe(10_000);
      await expectLedgerExact(ctx.t);
    });

    it('pays the reward as credit when the site gives it days: no cash, spent before cash', async () => {
      await settle('5', 10, 30);
      // A body without credit_days keeps the days (older back offices send reward and cap only).
      expect((await admin.post(SAVE, { reward: '4', cap: 10 })).body.data).toEqual({
        reward: '4.00',
        cap: 10,
        credit_days: 30,
      });
      const inviter = await inviterFrom(ctx.t, newAddress());
      expect((await inviter.client.get(INVITE)).body.data).toMatchObject({
        reward: '4.00',
        credit_days: 30,
      });
      const invitee = await registerInvited(ctx.t, inviter.code, newAddress());
      const paidAsCredit = async () => {
        const { paid, paid_as_credit } = (await admin.get(ADMIN_LIST)).body.data;
        return [Number(paid), Number(paid_as_credit)];
      };
      const [paidBefore, creditBefore] = await paidAsCredit();
      expect(await credit(ctx.t, invitee.id, 10_000)).toMatchObject({ outcome: 'credited' });
      expect(await paidAsCredit()).toEqual([paidBefore + 4, creditBefore + 4]);
      expect(await balanceOf(ctx.t, inviter.user.id)).toBe(0);
      expect(await creditOf(ctx.t, inviter.user.id)).toEqual({
        credit: 4_000,
        grants: [4_000],
        days: [30],
      });
      expect(await referralOf(ctx.t, invitee.id)).toMatchObject({
        state: 'rewarded',
        reward_milli: 4_000,
      });
      const listed = (await inviter.client.get(LIST)).body.data.referrals[0];
      expect(listed).toMatchObject({ state: 'rewarded', reward: '4.00', paid_as: 'credit' });
      expect((await inviter.client.get(INVITE)).body.data).toMatchObject({
        rewarded: 1,
        earned: '4.00',
      });
      const grants = (await inviter.client.get('/api/user/get_credit.php')).body.data;
      expect(grants).toMatchObject({ credit: '4.00' });
      expect(grants.grants[0]).toMatchObject({ amount: '4.00', left: '4.00', reason: 'referral' });
      const admins = (await admin.get(ADMIN_LIST)).body.data;
      const row = admins.referrals.find((r: { invitee_id: number }) => r.invitee_id === invitee.id);
      expect(row).toMatchObject({ state: 'rewarded', reward: '4.00', paid_as: 'credit' });
      // Credit is no cash in: the inviter's ledger and the statement's money in stay at zero.
      expect(await ledgerOf(ctx.t, inviter.user.id)).toEqual({ balance: 0, expected: 0 });
      const statement = await inviter.client.get('/api/user/get_monthly_statement.php');
      expect(statement.body.data).toMatchObject({ referred: '0.00', closing_balance: '0.00' });
      await expectLedgerExact(ctx.t);

      const audit = await admin.get('/api/admin/get_audit_log.php', {
        query: { target_type: 'referral_settings' },
      });
      expect(audit.body.data.entries[0].after).toMatchObject({ reward: '4.00', credit_days: 30 });
    });

    it('refuses a credit reward past the credit ceiling, uncounted, and the order still credits', async () => {
      await settle('5', 10, 7);
      const inviter = await inviterFrom(ctx.t, newAddress());
      await grantCredit(ctx.t, inviter.user.id, MAX_BALANCE_MILLI - 4_000);
      const invitee = await registerInvited(ctx.t, inviter.code, newAddress());
      expect(await credit(ctx.t, invitee.id)).toMatchObject({ outcome: 'credited' });
      await expectRefusedAtCeiling(ctx.t, invitee.id);
      expect(await creditOf(ctx.t, inviter.user.id)).toMatchObject({
        credit: MAX_BALANCE_MILLI - 4_000,
        grants: [],
      });
      expect(await balanceOf(ctx.t, inviter.user.id)).toBe(0);
      expect((await inviter.client.get(LIST)).body.data.referrals[0]).toMatchObject({
        state: 'refused',
        reason: 'ceiling',
        paid_as: null,
      });
      expect((await inviter.client.get(INVITE)).body.data).toMatchObject({ rewarded: 0 });
      const [counted] = await ctx.t.dataSource.query<{ rewarded: number | string }[]>(
        'SELECT rewarded FROM referral_inviters WHERE user_id = ?',
        [inviter.user.id],
      );
      expect(Number(counted.rewarded)).toBe(0);
      expect(await balanceOf(ctx.t, invitee.id)).toBe(10_000);
      await expectLedgerExact(ctx.t);
    });

    it('registers through an unknown or malformed code without a referral', async () => {
      for (const invite of ['ZZZZZZZZZZ', 'not a code', '']) {
        const invitee = await registerInvited(ctx.t, invite, newAddress());
        const rows = await ctx.t.dataSource
          .getRepository(Referral)
          .countBy({ invitee_id: invitee.id });
        expect(rows).toBe(0);
      }
      const client = await anonymousClient(ctx.t);
      const long = await client.post('/api/register.php', {
        username: `long_${randomBytes(3).toString('hex')}`,
        password: 'secret-pass',
        invite: 'x'.repeat(65),
      });
      expect(long.status).toBe(400);
      expect(long.body).toMatchObject({ code: 'request.validation', field: 'invite' });
    });

    it.each([
      [{ reward: '1000.001', cap: 1 }, 'reward'],
      [{ reward: '-1', cap: 1 }, 'reward'],
      [{ reward: 'five', cap: 1 }, 'reward'],
      [{ reward: '5', cap: -1 }, 'cap'],
      [{ reward: '5', cap: 10_001 }, 'cap'],
      [{ reward: '5', cap: 1.5 }, 'cap'],
      [{ cap: 1 }, 'reward'],
      [{ reward: '5', cap: 1, credit_days: -1 }, 'credit_days'],
      [{ reward: '5', cap: 1, credit_days: 3_651 }, 'credit_days'],
      [{ reward: '5', cap: 1, credit_days: 2.5 }, 'credit_days'],
      [{ reward: '5', cap: 1, credit_days: 'week' }, 'credit_days'],
    ])('refuses settings %j at the field %s and changes nothing', async (body, field) => {
      await settle('2', 3, 5);
      const res = await admin.post(SAVE, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'request.validation', field });
      expect((await admin.get(SETTINGS)).body.data).toEqual({
        reward: '2.00',
        cap: 3,
        credit_days: 5,
      });
    });

    it.each([
      ['cash', 0],
      ['credit', 3],
    ])(
      'pays one inviter exactly its cap in %s when 2,000 invitees first recharge at once',
      async (paidAs, days) => {
        await settle('0.7', 7, days);
        const inviter = await inviterFrom(ctx.t, newAddress());
        const { user_id: inviterId } = await ctx.t.dataSource
          .getRepository(ReferralInviter)
          .findOneByOrFail({ code: inviter.code });
        // The invitees are written straight away: registration is tested above, and 2,000 password
        // hashes would take minutes.
        const users = ctx.t.dataSource.getRepository(User);
        const ids: number[] = [];
        for (let i = 0; i < 2_000; i += 100) {
          const chunk = Array.from({ length: 100 }, (_, j) => ({
            username: `race_${i + j}_${randomBytes(3).toString('hex')}`,
            password_hash: 'x',
            balance_milli: 0,
            status: 1,
          }));
          const inserted = await users.insert(
            chunk.map((u) => ({ ...u, username_key: u.username.toLowerCase(), email: null })),
          );
          ids.push(...inserted.identifiers.map((row) => Number(row.id)));
        }
        const referrals = ctx.t.dataSource.getRepository(Referral);
        for (let i = 0; i < ids.length; i += 100) {
          await referrals.insert(
            ids.slice(i, i + 100).map((id, j) => ({
              inviter_id: inviterId,
              invitee_id: id,
              ip: `race-${i + j}`,
              state: 'waiting' as const,
              flag: null,
              reason: null,
              reward_milli: 0,
              out_trade_no: null,
              decided_at: null,
            })),
          );
        }
        const outcomes = await Promise.all(ids.map((id) => creditAsCaller(ctx.t, id, 1_000)));
        expect(outcomes.every((o) => o.outcome === 'credited')).toBe(true);
        const [{ rewarded, refused }] = await ctx.t.dataSource.query<
          { rewarded: number | string; refused: number | string }[]
        >(
          `SELECT SUM(CASE WHEN state = 'rewarded' THEN 1 ELSE 0 END) AS rewarded,
           SUM(CASE WHEN state = 'refused' AND reason = 'cap' THEN 1 ELSE 0 END) AS refused
         FROM referrals WHERE inviter_id = ?`,
          [inviterId],
        );
        expect([Number(rewarded), Number(refused)]).toEqual([7, 1_993]);
        expect(await balanceOf(ctx.t, inviterId)).toBe(paidAs === 'cash' ? 4_900 : 0);
        expect(await creditOf(ctx.t, inviterId)).toEqual(
          paidAs === 'cash'
            ? { credit: 0, grants: [], days: [] }
            : { credit: 4_900, grants: Array(7).fill(700), days: Array(7).fill(3) },
        );
        const [counted] = await ctx.t.dataSource.query<{ rewarded: number | string }[]>(
          'SELECT rewarded FROM referral_inviters WHERE user_id = ?',
          [inviterId],
        );
        expect(Number(counted.rewarded)).toBe(7);
        await expectLedgerExact(ctx.t);
      },
      240_000,
    );
  },
  { TRUST_PROXY: '1', REGISTRATIONS_PER_IP_PER_HOUR: '1000' },
);

describeEachDb(
  'referral rewards in the monthly statement',
  (ctx) => {
    it('counts an invite reward as money in for the inviter’s month', async () => {
      const admin = await adminClient(ctx.t);
      expect((await admin.post(SAVE, { reward: '3', cap: 5 })).status).toBe(200);
      const { user, password } = await createUser(ctx.t);
      const inviter = ctx.t.client();
      await loginUser(ctx.t, inviter, user.username, password);
      const code = (await inviter.get(INVITE)).body.data.code as string;
      const invitee = await registerInvited(ctx.t, code, '127.0.0.2');
      await credit(ctx.t, invitee.id, 4_000);
      const statement = await inviter.get('/api/user/get_monthly_statement.php');
      expect(statement.status).toBe(200);
      expect(statement.body.data).toMatchObject({
        opening_balance: '0.00',
        referred: '3.00',
        closing_balance: '3.00',
      });
    });
  },
  { TRUST_PROXY: '1' },
);

/**
 * A user's invitees and 邀请奖励's list read by position (issue #31: lists that stay fast at any
 * size): the page after a `next_before` starts from that referral by the index of referrals by
 * time, the count stops a few pages past the page, and neither sorts the table.
 */
describeEachDb('invitees and referrals by position', (ctx) => {
  it('reads the page after a position by the time indexes, and counts only so far', async () => {
    const t = ctx.t;
    const sqlite = t.dataSource.options.type === 'better-sqlite3';
    const [{ user: first }, { user: second }] = [await createUser(t), await createUser(t)];
    // 10,000 invitees a minute apart, one in ten the first inviter's, in two statements.
    const start = new Date(Date.now() - 30 * 86_400_000);
    const time = sqlite
      ? `strftime('%Y-%m-%d %H:%M:%S', ?, '+' || (n * 60) || ' seconds')`
      : 'DATE_ADD(?, INTERVAL n * 60 SECOND)';
    const name = sqlite ? `'pos_' || n` : `CONCAT('pos_', n)`;
    await t.dataSource.query(
      `INSERT INTO users (username, username_key, email, password_hash, balance_milli, status,
         notify_new_sign_in, created_at, updated_at)
       SELECT ${name}, ${name}, NULL, 'x', 0, 1, 0, ${time}, ${time} FROM ${numbers('n')}
       WHERE n < 10000`,
      [sqlTime(t.dataSource, start), sqlTime(t.dataSource, start)],
    );
    await t.dataSource.query(
      `INSERT INTO referrals (inviter_id, invitee_id, ip, state, reward_milli, created_at)
       SELECT CASE WHEN id % 10 = 0 THEN ? ELSE ? END, id, 'x', 'waiting', 0, created_at
       FROM users WHERE username_key LIKE 'pos!_%' ESCAPE '!'`,
      [first.id, second.id],
    );
    await t.dataSource.query(sqlite ? 'ANALYZE' : 'ANALYZE TABLE referrals, users');

    const client = t.client();
    await loginUser(t, client, first.username);
    const admin = await adminClient(t);
    const lists = [
      { client, path: LIST, total: 1_000, index: 'idx_referrals_inviter_created' },
      { client: admin, path: ADMIN_LIST, total: 10_000, index: 'idx_referrals_created' },
    ];
    for (const { client: reader, path, total, index } of lists) {
      const get = async (query: string) => {
        const res = await reader.get(`${path}?per_page=10&${query}`);
        expect(res.status).toBe(200);
        return res.body.data;
      };
      const ids = (page: { referrals: { id: number }[] }) => page.referrals.map((r) => r.id);
      const page1 = await get('page=1');
      expect(page1).toMatchObject({ total, total_pages: total / 10, total_capped: false });
      if (path === ADMIN_LIST) expect(page1.invited).toBe(total);
      const page2 = await get(`page=2&before=${page1.next_before}`);
      expect(ids(page2)).toEqual(ids(await get('page=2')));
      expect(page2.referrals[0].created_at <= page1.referrals[9].created_at).toBe(true);
      expect(ids(page2).filter((id: number) => ids(page1).includes(id))).toEqual([]);
      // Past the last page's position there is nothing.
      const last = await get(`page=${total / 10}`);
      const after = await get(`page=${total / 10 + 1}&before=${last.next_before}`);
      expect(after.referrals).toEqual([]);
      expect(after.next_before).toBeNull();

      const seen = await recorded(t, async () => {
        await get('page=1');
        await get(`page=2&before=${page1.next_before}`);
      });
      // The lists' reads; not the lookup of a full page's last time by its id (MySQL only).
      const reads = seen.filter(
        ({ sql }) =>
          /^\s*SELECT\b/i.test(sql) && /\breferrals\b/.test(sql) && !sql.includes('DATE_FORMAT'),
      );
      expect(reads.length).toBeGreaterThanOrEqual(4);
      for (const { sql, params } of reads) {
        const plan = await explain(t, sql, params);
        // A page walks its time index; the count reads up to its bound in no order (any index).
        const counting = /^\s*SELECT COUNT\(\*\)/i.test(sql);
        if (counting) expect(sql).toMatch(/\bLIMIT \?|\bLIMIT \d+/);
        expect([sql.slice(0, 200), plan]).toEqual([
          sql.slice(0, 200),
          counting ? expect.any(String) : expect.stringContaining(index),
        ]);
        expect([sql.slice(0, 200), plan]).not.toEqual([
          sql.slice(0, 200),
          expect.stringMatching(/filesort|TEMP B-TREE/),
        ]);
      }
    }

    for (const [reader, path, list] of [
      [client, LIST, 'your invitees'],
      [admin, ADMIN_LIST, 'the referrals'],
    ] as const) {
      const res = await reader.get(path, { query: { before: '2026-12-03 07:00:00_41' } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'request.validation',
        field: 'before',
        message: `before is not a position in ${list}`,
      });
    }
  }, 120_000);
});

describeEachDb('invitees of one millisecond', (ctx) => {
  it('walks rows of one millisecond one page at a time, missing none', async () => {
    const t = ctx.t;
    const { user: inviter } = await createUser(t);
    const invitees = [await createUser(t), await createUser(t), await createUser(t)];
    // MySQL keeps microseconds; mysql2 reads them into a Date, which keeps milliseconds.
    for (const [i, { user }] of invitees.entries()) {
      await t.dataSource.getRepository(Referral).insert({
        inviter_id: inviter.id,
        invitee_id: user.id,
        ip: 'x',
        state: 'waiting',
        reward_milli: 0,
        created_at: () => `'2026-11-01 10:00:00.1231${i}0'`,
      });
    }
    const client = t.client();
    await loginUser(t, client, inviter.username);
    const seen: number[] = [];
    let before: string | null = null;
    for (let page = 1; page <= 4; page += 1) {
      const res: HttpResult = await client.get(LIST, {
        query: { page, per_page: 1, ...(before && { before }) },
      });
      expect(res.status).toBe(200);
      seen.push(...res.body.data.referrals.map((r: { id: number }) => r.id));
      before = res.body.data.next_before;
      if (before === null) break;
    }
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(3);
  });
});
