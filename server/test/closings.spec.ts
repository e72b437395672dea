import { randomBytes } from 'node:crypto';
import { ledgerVerifyCommand } from '../src/cli/ledger-verify';
import { RechargeRecord } from '../src/database/entities';
import { sqlTime } from '../src/database/sql-time';
import { checkCredit, closeMonths, rollUp } from '../src/modules/ledger';
import { LogRetention } from '../src/modules/ops/log-retention';
import { RollupJob } from '../src/modules/statements/rollup-job';
import { grantCredit } from './factories/credit';
import { createGatewayApi, createKeyedUser } from './factories/gateway';
import { createUser, loginUser } from './factories/users';
import { describeEachDb, startTestApp, TestApp } from './harness';

/** Noon UTC on the 15th, `back` calendar months before this one, and its month (`YYYY-MM`). */
function monthsAgo(back: number): { at: Date; month: string } {
  const now = new Date();
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 15, 12));
  return { at, month: at.toISOString().slice(0, 7) };
}

async function verify(t: TestApp, env = t.env, args: string[] = []) {
  const lines: string[] = [];
  const code = await ledgerVerifyCommand(env, (text) => lines.push(text), args);
  return { code, output: lines.join('\n') };
}

async function charge(t: TestApp, userId: number, apiId: number, at: Date, cost: number) {
  await t.dataSource.query(
    `INSERT INTO access_logs (user_id, api_id, api_name, ip_address, access_url, user_agent, access_time, status_code, cost_milli, latency_ms, charged_from)
     VALUES (?, ?, 'Closing API', '127.0.0.1', '/apis/x', 'jest', ?, 200, ?, 1, ?)`,
    [userId, apiId, sqlTime(t.dataSource, at), cost, cost > 0 ? 'balance' : 'free'],
  );
}

/**
 * Three months of a user's money, written as the ledger writes it: an adjustment of 1.000 and a
 * call of 0.007 three months ago, two calls two months ago, a free call and a paid one last month,
 * one this month; a second user's recharge of 0.500 two months ago. Balances match.
 */
async function history(t: TestApp) {
  const api = await createGatewayApi(t, { is_paid: 1, price_per_call_milli: 7 });
  const { user } = await createUser(t);
  const { user: other } = await createKeyedUser(t, 0);
  const [m3, m2, m1, m0] = [3, 2, 1, 0].map(monthsAgo);
  await t.dataSource.query(
    `INSERT INTO balance_adjustments (user_id, admin_id, delta_milli, reason, created_at)
     VALUES (?, 1, 1000, 'start', ?)`,
    [user.id, sqlTime(t.dataSource, m3.at)],
  );
  const order = await t.dataSource.getRepository(RechargeRecord).save({
    user_id: other.id,
    out_trade_no: `closing-${randomBytes(6).toString('hex')}`,
    amount_milli: 500,
    paid_amount: '0.50',
    source: 'query',
    raw: '{}',
  });
  await t.dataSource.query(
    'UPDATE recharge_records SET created_at = ?, updated_at = ? WHERE id = ?',
    [sqlTime(t.dataSource, m2.at), sqlTime(t.dataSource, m2.at), order.id],
  );
  for (const [at, cost] of [
    [m3.at, 7],
    [m2.at, 7],
    [new Date(m2.at.getTime() + 1000), 7],
    [m1.at, 0],
    [m1.at, 7],
    [new Date(Math.min(Date.now(), m0.at.getTime())), 7],
  ] as const) {
    await charge(t, user.id, api.id, at, cost);
  }
  await t.dataSource.query('UPDATE users SET balance_milli = ? WHERE id = ?', [965, user.id]);
  await t.dataSource.query('UPDATE users SET balance_milli = ? WHERE id = ?', [500, other.id]);
  return { api, user, other, months: [m3.month, m2.month, m1.month, m0.month] };
}

describeEachDb('monthly closings of the ledger', (ctx) => {
  // The tests close months themselves.
  beforeAll(() => ctx.t.app.get(RollupJob).onApplicationShutdown());

  it('closes each ended month once, per user whose money moved, and verify adds balances up from them', async () => {
    const t = ctx.t;
    const { user, other, api, months } = await history(t);
    expect((await verify(t)).output).toMatch(/\nclosings: no month closed yet$/);

    // Three instances at once: each month is closed by exactly one of them.
    const runs = await Promise.all([1, 2, 3].map(() => closeMonths(t.dataSource, 'UTC')));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(3);
    expect(await closeMonths(t.dataSource, 'UTC')).toBe(0);
    const closed = await t.dataSource.query<{ month: string; users: number | string }[]>(
      'SELECT month, users FROM ledger_months ORDER BY month',
    );
    expect(closed.map((row) => [row.month, Number(row.users)])).toEqual([
      [months[0], 1],
      [months[1], 2],
      [months[2], 1],
    ]);
    const closings = async (userId: number) =>
      (
        await t.dataSource.query<Record<string, string | number>[]>(
          `SELECT month, opening_milli, money_in_milli, money_out_milli, closing_milli, charged_rows
           FROM ledger_closings WHERE user_id = ? ORDER BY month`,
          [userId],
        )
      ).map((row) => [
        row.month,
        ...[
          row.opening_milli,
          row.money_in_milli,
          row.money_out_milli,
          row.closing_milli,
          row.charged_rows,
        ].map(Number),
      ]);
    expect(await closings(user.id)).toEqual([
      [months[0], 0, 1000, 7, 993, 1],
      [months[1], 993, 0, 14, 979, 2],
      [months[2], 979, 0, 7, 972, 1],
    ]);
    expect(await closings(other.id)).toEqual([[months[1], 0, 500, 0, 500, 0]]);
    const clean = await verify(t);
    expect(clean.code).toBe(0);
    expect(clean.output).toMatch(/\nclosings verified: 3 closed months add up to their raw rows$/);

    // A closed month's raw row changed afterwards: the balance check goes by the closing, and
    // the closing check names the user and month.
    const m2From = sqlTime(t.dataSource, new Date(`${months[1]}-01T00:00:00Z`));
    const m1From = sqlTime(t.dataSource, new Date(`${months[2]}-01T00:00:00Z`));
    const recost = (cost: number) =>
      t.dataSource.query(
        `UPDATE access_logs SET cost_milli = ? WHERE user_id = ? AND access_time >= ? AND access_time < ?
           AND cost_milli > 0 AND id = (SELECT id FROM (SELECT MIN(id) AS id FROM access_logs
             WHERE user_id = ? AND access_time >= ? AND access_time < ? AND cost_milli > 0) x)`,
        [cost, user.id, m2From, m1From, user.id, m2From, m1From],
      );
    await recost(8);
    const changed = await verify(t);
    expect(changed.code).toBe(1);
    expect(changed.output).not.toContain('ledger NOT verified');
    expect(changed.output).toContain(
      `user ${user.id}, ${months[1]}: its closing holds in ¥0.000, out ¥0.014 in 2 charged rows, ` +
        'the raw rows in ¥0.000, out ¥0.015 in 2 charged rows',
    );
    expect(changed.output).toContain(
      'closings NOT verified: 1 user-months differ from their raw rows',
    );
    // From a later month on (`--since`), that month is not read again.
    const later = await verify(t, t.env, ['--since', months[2]]);
    expect(later.code).toBe(0);
    expect(later.output).toMatch(
      new RegExp(
        `\nclosings verified: 3 closed months; the 1 from ${months[2]} on add up to their raw rows$`,
      ),
    );
    await recost(7);

    // Same sums, another row: only the checksum tells.
    await t.dataSource.query(
      `DELETE FROM access_logs WHERE user_id = ? AND access_time >= ? AND access_time < ? AND cost_milli > 0
         AND id = (SELECT id FROM (SELECT MIN(id) AS id FROM access_logs
           WHERE user_id = ? AND access_time >= ? AND access_time < ? AND cost_milli > 0) x)`,
      [user.id, m2From, m1From, user.id, m2From, m1From],
    );
    await charge(t, user.id, api.id, monthsAgo(2).at, 7);
    const swapped = await verify(t);
    expect(swapped.code).toBe(1);
    expect(swapped.output).toContain(
      `user ${user.id}, ${months[1]}: its closing holds in ¥0.000, out ¥0.014 in 2 charged rows, ` +
        "the raw rows in ¥0.000, out ¥0.014 in 2 charged rows (the rows' checksum differs)",
    );
  });
});

describeEachDb(
  'log retention by months',
  (ctx) => {
    beforeAll(() => ctx.t.app.get(RollupJob).onApplicationShutdown());

    it('removes the rows of closed months past LOG_RETENTION_MONTHS, and every figure stays', async () => {
      const t = ctx.t;
      const { user, months } = await history(t);
      const client = t.client();
      await loginUser(t, client, user.username);
      const statement = async (month: string) =>
        (await client.get(`/api/user/get_monthly_statement.php?month=${month}`)).body;
      const retention = t.app.get(LogRetention);
      const rows = async () =>
        Number(
          (
            await t.dataSource.query<{ n: number | string }[]>(
              'SELECT COUNT(*) AS n FROM access_logs WHERE user_id = ?',
              [user.id],
            )
          )[0].n,
        );

      // Nothing goes before its days are rolled up and its month is closed.
      expect(await retention.prune()).toBe(0);
      while ((await rollUp(t.dataSource, 'UTC')) > 0);
      expect(await retention.prune()).toBe(0);
      const before = await Promise.all(months.map(statement));
      await closeMonths(t.dataSource, 'UTC');

      // Two months kept (this one and the last): the rows of the two before go, charged ones too.
      expect(await retention.prune()).toBe(3);
      expect(await rows()).toBe(3);
      expect(await Promise.all(months.map(statement))).toEqual(before);
      const verified = await verify(t);
      expect(verified.code).toBe(0);
      expect(verified.output).toContain(
        'closings verified: 3 closed months; the 1 whose raw rows retention kept add up to them',
      );
      // Retention turned off later: the check still knows which rows it removed.
      const keepAll = await verify(t, { ...t.env, LOG_RETENTION_MONTHS: 0 });
      expect(keepAll.code).toBe(0);
      expect(keepAll.output).toContain(
        'closings verified: 3 closed months; the 1 whose raw rows retention kept add up to them',
      );
      // The rollups cannot be made again on another clock from the rows left: an instance on one
      // refuses to start, and a rollup run on one refuses to run.
      const refusal =
        'SITE_TIME_ZONE is America/New_York, but the rollups were made on the clock of UTC and log retention has removed rows from before ';
      await expect(
        startTestApp(ctx.db, {
          DATABASE_URL: t.env.DATABASE_URL,
          SITE_TIME_ZONE: 'America/New_York',
        }),
      ).rejects.toThrow(refusal);
      await expect(rollUp(t.dataSource, 'America/New_York')).rejects.toThrow(refusal);
      expect(await Promise.all(months.map(statement))).toEqual(before);
    });
  },
  { LOG_RETENTION_MONTHS: '2' },
);

describeEachDb('monthly closings of credit', (ctx) => {
  beforeAll(() => ctx.t.app.get(RollupJob).onApplicationShutdown());

  it('closes a month of many users with the credit their calls spent, and verify still adds up', async () => {
    const t = ctx.t;
    const api = await createGatewayApi(t, { is_paid: 1, price_per_call_milli: 7 });
    const { at, month } = monthsAgo(1);
    const users = [];
    // More users than a closing row has columns: one multi-row insert holds them all.
    for (let i = 1; i <= 12; i++) {
      const { user } = await createKeyedUser(t, 0);
      await grantCredit(t, user.id, 100);
      // Spent by a call last month, as the ledger writes one credit paid for.
      await t.dataSource.query('UPDATE users SET credit_milli = credit_milli - ? WHERE id = ?', [
        i,
        user.id,
      ]);
      await t.dataSource.query(
        `INSERT INTO access_logs (user_id, api_id, api_name, ip_address, access_url, user_agent, access_time, status_code, cost_milli, credit_milli, latency_ms, charged_from)
         VALUES (?, ?, 'Closing API', '127.0.0.1', '/apis/x', 'jest', ?, 200, 0, ?, 1, 'credit')`,
        [user.id, api.id, sqlTime(t.dataSource, at), i],
      );
      users.push(user);
    }
    expect(await closeMonths(t.dataSource, 'UTC')).toBeGreaterThanOrEqual(1);
    const closed = await t.dataSource.query<
      { user_id: number | string; credit_out_milli: number | string }[]
    >('SELECT user_id, credit_out_milli FROM ledger_closings WHERE month = ? ORDER BY user_id', [
      month,
    ]);
    expect(closed.map((row) => [Number(row.user_id), Number(row.credit_out_milli)])).toEqual(
      users.map((user, i) => [user.id, i + 1]),
    );
    expect(await checkCredit(t.dataSource)).toEqual([]);
    expect((await verify(t)).code).toBe(0);
  });
});
