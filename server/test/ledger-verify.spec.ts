import { ledgerVerifyCommand } from '../src/cli/ledger-verify';
import { UsageRecorder } from '../src/modules/gateway/usage-recorder';
import { createGatewayApi, createKeyedUser, ledgerOf } from './factories/gateway';
import { describeEachDb, TestApp } from './harness';

async function verify(t: TestApp) {
  const lines: string[] = [];
  const code = await ledgerVerifyCommand(t.env, (text) => lines.push(text));
  return { code, output: lines.join('\n') };
}

describeEachDb('npm run ledger:verify', (ctx) => {
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
      /^ledger verified: \d+ balances are money in − money out \(\d+\.\d\d s\)$/,
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
});
