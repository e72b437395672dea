import { dayOf } from '../src/common/quota-period';
import { ledgerVerifyCommand } from '../src/cli/ledger-verify';
import { sqlTime } from '../src/database/sql-time';
import { recordRetention, rollUp } from '../src/modules/ledger';
import { RollupJob } from '../src/modules/statements/rollup-job';
import { UsageRecorder } from '../src/modules/gateway/usage-recorder';
import { grantCredit } from './factories/credit';
import { createGatewayApi, createKeyedUser, ledgerOf } from './factories/gateway';
import { describeEachDb, TestApp } from './harness';

async function verify(t: TestApp, args: string[] = []) {
  const lines: string[] = [];
  const code = await ledgerVerifyCommand(t.env, (text) => lines.push(text), args);
  return { code, output: lines.join('\n') };
}

describeEachDb('npm run ledger:verify', (ctx) => {
  // The tests roll days up themselves, when they mean to.
  beforeAll(() => ctx.t.app.get(RollupJob).onApplicationShutdown());

  it('passes a ledger whose balances are money in − money out, and names a user whose is not', async () => {
    const api = await createGatewayApi(ctx.t, { is_paid: 1, price_per_call_milli: 7 });
    const { user, apiKey } = await createKeyedUser(ctx.t, 1000);
    const client = ctx.t.client();
    for (let i = 0; i < 3; i += 1) {
      const res = await client.get(`/apis/${api.name_en}`, { headers: { 'x-api-key': apiKey } });
      expect(res.status).toBe(200);
    }
    await ctx.t.app.get(UsageRecorder).flush();
    expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 979, expected: 979 });

    const clean = await verify(ctx.t);
    expect(clean.code).toBe(0);
    expect(clean.output).toMatch(
      /^ledger verified: \d+ balances are money in − money out \(\d+\.\d\d s\)\ncredit verified: every user's credit is grants − expired − spent\nrollups: no day rolled up yet\nclosings: no month closed yet$/,
    );

    // A balance moved outside the ledger (a hand-edited row): named, with the difference.
    await ctx.t.dataSource.query(
      'UPDATE users SET balance_milli = balance_milli + 100 WHERE id = ?',
      [user.id],
    );
    const broken = await verify(ctx.t);
    expect(broken.code).toBe(1);
    expect(broken.output).toContain(
      `user ${user.id} (${user.username}): balance ¥1.079, money in ¥1.000 − money out ¥0.021 = ¥0.979, difference +0.100`,
    );
    expect(broken.output).toMatch(/ledger NOT verified: 1 of \d+ balances differ/);
    // It only reads: the balance is as it was left.
    expect((await ledgerOf(ctx.t, user.id)).balance).toBe(1079);
    await ctx.t.dataSource.query(
      'UPDATE users SET balance_milli = balance_milli - 300 WHERE id = ?',
      [user.id],
    );
    expect((await verify(ctx.t)).output).toContain('difference −0.200');
    await ctx.t.dataSource.query('UPDATE users SET balance_milli = 979 WHERE id = ?', [user.id]);
    expect((await verify(ctx.t)).code).toBe(0);
  });

  it('names a user whose credit is not what their grants gave less what expired and was spent', async () => {
    const { user } = await createKeyedUser(ctx.t, 0);
    await grantCredit(ctx.t, user.id, 50);
    expect((await verify(ctx.t)).code).toBe(0);
    await ctx.t.dataSource.query('UPDATE users SET credit_milli = 70 WHERE id = ?', [user.id]);
    const broken = await verify(ctx.t);
    expect(broken.code).toBe(1);
    expect(broken.output).toContain(
      `user ${user.id}: credit ¥0.070, grants − expired − spent = ¥0.050, difference +0.020`,
    );
    expect(broken.output).toMatch(/credit NOT verified: 1 of \d+ users' credit differs/);
    await ctx.t.dataSource.query('UPDATE users SET credit_milli = 50 WHERE id = ?', [user.id]);
    expect((await verify(ctx.t)).code).toBe(0);
  });

  it('checks the daily rollups against the raw rows they were made from', async () => {
    const t = ctx.t;
    const api = await createGatewayApi(t, { is_paid: 1, price_per_call_milli: 7 });
    const { user } = await createKeyedUser(t, 1000);
    // Two paid calls three days ago and one 40 days ago (another month), as the ledger writes them.
    const at = new Date(Date.now() - 3 * 86_400_000);
    const earlier = new Date(Date.now() - 40 * 86_400_000);
    for (const time of [at, at, earlier]) {
      await t.dataSource.query(
        `INSERT INTO access_logs (user_id, api_id, api_name, ip_address, access_url, user_agent, access_time, status_code, cost_milli, latency_ms, charged_from)
         VALUES (?, ?, 'x', '127.0.0.1', '/apis/x', 'jest', ?, 200, 7, 1, 'balance')`,
        [user.id, api.id, sqlTime(t.dataSource, time)],
      );
    }
    await t.dataSource.query('UPDATE users SET balance_milli = balance_milli - 21 WHERE id = ?', [
      user.id,
    ]);
    const day = (time: Date) => dayOf(time.getTime(), t.env.SITE_TIME_ZONE);
    while ((await rollUp(t.dataSource, t.env.SITE_TIME_ZONE)) > 0);
    const rolled = await verify(t);
    expect(rolled.code).toBe(0);
    expect(rolled.output).toMatch(
      /\nrollups verified: every day through \d{4}-\d\d-\d\d adds up to its raw rows\n/,
    );

    // A rollup that lost a call (a hand-edited row) is named, and the check fails.
    await t.dataSource.query(
      'UPDATE usage_rollups SET calls = calls - 1, cost_milli = cost_milli - 7 WHERE user_id = ? AND day = ?',
      [user.id, day(at)],
    );
    const broken = await verify(t);
    expect(broken.code).toBe(1);
    // Named by user and month (on the site's clock), with the difference.
    const month = day(at).slice(0, 7);
    expect(broken.output).toContain(
      `user ${user.id}, ${month}: rollups hold 1 call ¥0.007, the raw rows 2 calls ¥0.014, ` +
        'difference −1 call −0.007',
    );
    expect(broken.output).not.toContain(`user ${user.id}, ${day(earlier).slice(0, 7)}:`);
    // The day totals made from that rollup no longer match it either: the two lines point at it.
    expect(broken.output).toContain(
      `user ${user.id}, ${month} (user_day_totals): rollups hold 2 calls ¥0.014, the usage rollups 1 call ¥0.007, ` +
        'difference +1 call +0.007',
    );
    expect(broken.output).toContain(
      'rollups NOT verified: 2 user- or site-months differ from what they were made from',
    );
    await t.dataSource.query(
      'UPDATE usage_rollups SET calls = calls + 1, cost_milli = cost_milli + 7 WHERE user_id = ? AND day = ?',
      [user.id, day(at)],
    );
    expect((await verify(t)).code).toBe(0);

    // `--since` a month leaves the rollups of the months before it unread.
    const edit = (sign: string) =>
      t.dataSource.query(
        `UPDATE usage_rollups SET calls = calls ${sign} 1 WHERE user_id = ? AND day = ?`,
        [user.id, day(earlier)],
      );
    await edit('+');
    expect((await verify(t)).code).toBe(1);
    const since = await verify(t, ['--since', month]);
    expect(since.code).toBe(0);
    expect(since.output).toMatch(
      new RegExp(
        `\nrollups verified: every day from ${month}-01 through \\d{4}-\\d\\d-\\d\\d adds up to its raw rows \\(from --since\\)\n`,
      ),
    );
    await edit('-');
    // A month that is not one is refused before anything is read.
    expect(await verify(t, ['--since', '2026-13'])).toEqual({
      code: 2,
      output: "--since takes a month as YYYY-MM (2026-10), not '2026-13'",
    });

    // The dashboards' call rollups are checked against the raw rows, and the site's day totals
    // against the call rollups.
    await t.dataSource.query(
      'UPDATE call_rollups SET calls = calls + 1 WHERE user_id = ? AND day = ?',
      [user.id, day(at)],
    );
    const calls = await verify(t);
    expect(calls.code).toBe(1);
    expect(calls.output).toContain(
      `user ${user.id}, ${month} (call_rollups): rollups hold 3 calls ¥0.014, the raw rows 2 calls ¥0.014, ` +
        'difference +1 call +0.000',
    );
    expect(calls.output).toMatch(
      new RegExp(
        `site day totals, ${month} \\(call_day_totals\\): rollups hold \\d+ calls? ¥[\\d.]+, the call rollups \\d+ calls? ¥[\\d.]+, difference −1 call \\+0\\.000`,
      ),
    );
    await t.dataSource.query(
      'UPDATE call_rollups SET calls = calls - 1 WHERE user_id = ? AND day = ?',
      [user.id, day(at)],
    );
    expect((await verify(t)).code).toBe(0);
  });

  it('checks only the days whose raw rows log retention kept', async () => {
    const t = ctx.t;
    const api = await createGatewayApi(t, { is_paid: 1, price_per_call_milli: 7 });
    const { user } = await createKeyedUser(t, 1000);
    const old = new Date(Date.now() - 20 * 86_400_000);
    const recent = new Date(Date.now() - 2 * 86_400_000);
    for (const time of [old, recent]) {
      await t.dataSource.query(
        `INSERT INTO access_logs (user_id, api_id, api_name, ip_address, access_url, user_agent, access_time, status_code, cost_milli, latency_ms, charged_from)
         VALUES (?, ?, 'x', '127.0.0.1', '/apis/x', 'jest', ?, 200, 0, 1, 'free')`,
        [user.id, api.id, sqlTime(t.dataSource, time)],
      );
    }
    // These rows land in days rolled up already: roll everything up again.
    await t.dataSource.query('DELETE FROM usage_rollup_state');
    while ((await rollUp(t.dataSource, t.env.SITE_TIME_ZONE)) > 0);
    expect((await verify(t)).code).toBe(0);

    // The old free call's row is gone, and retention did not say it removed it: named.
    const cutoff = new Date(Date.now() - 10 * 86_400_000);
    await t.dataSource.query('DELETE FROM access_logs WHERE user_id = ? AND access_time < ?', [
      user.id,
      sqlTime(t.dataSource, cutoff),
    ]);
    const month = dayOf(old.getTime(), t.env.SITE_TIME_ZONE).slice(0, 7);
    const unexplained = await verify(t);
    expect(unexplained.code).toBe(1);
    expect(unexplained.output).toMatch(
      new RegExp(`user ${user.id}, ${month}: rollups hold .*, difference \\+1 call \\+0\\.000`),
    );
    // Retention records how far it went before it removes a row; the check reads that record,
    // whatever the settings say now (here retention is off).
    await recordRetention(t.dataSource, 'free', cutoff);
    expect(t.env.ACCESS_LOG_RETENTION_DAYS).toBe(0);
    const kept = await verify(t);
    expect(kept.code).toBe(0);
    expect(`${kept.output}\n`).toMatch(
      /rollups verified: every day from \d{4}-\d\d-\d\d through \d{4}-\d\d-\d\d adds up to its raw rows \(retention removed rows before it\)\n/,
    );

    // A kept day that differs is still named.
    const day = dayOf(recent.getTime(), t.env.SITE_TIME_ZONE);
    await t.dataSource.query(
      'UPDATE call_rollups SET calls = calls + 1 WHERE user_id = ? AND day = ?',
      [user.id, day],
    );
    const differs = await verify(t);
    expect(differs.code).toBe(1);
    expect(differs.output).toContain(`user ${user.id}, ${day.slice(0, 7)} (call_rollups)`);
    await t.dataSource.query(
      'UPDATE call_rollups SET calls = calls - 1 WHERE user_id = ? AND day = ?',
      [user.id, day],
    );
  });
});
