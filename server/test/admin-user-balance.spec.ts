import { createUser, loginAdmin } from './factories/users';
import { describeEachDb } from './harness';

describeEachDb('admin user list: balances as integers', (ctx) => {
  it("sends balance_milli (integer milli-yuan) beside SPEC's balance", async () => {
    const { user } = await createUser(ctx.t, { balance_milli: 4_503_599_627_370_497 });
    const admin = ctx.t.client();
    await loginAdmin(ctx.t, admin);
    const res = await admin.get('/api/admin/get_user_list.php', {
      query: { search: user.username },
    });
    expect(res.status).toBe(200);
    const [row] = res.body.data.users;
    expect(row.balance_milli).toBe(4_503_599_627_370_497);
    expect(Number.isSafeInteger(row.balance_milli)).toBe(true);
    expect(typeof row.balance).toBe('number');
  });
});
