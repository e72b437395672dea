import { adminCommand } from '../src/cli/admin';
import { primeCsrf } from './factories/users';
import { describeEachDb, TEST_ADMIN, TestApp } from './harness';

async function run(t: TestApp, ...argv: string[]) {
  const lines: string[] = [];
  const code = await adminCommand(argv, t.env, (text) => lines.push(text));
  const output = lines.join('\n');
  return { code, output, password: /^\|\s+(\S+)\s+\|$/m.exec(output)?.[1] };
}

async function adminLogin(t: TestApp, username: string, password: string) {
  const client = t.client();
  await primeCsrf(client);
  return (await client.post('/api/admin/admin_login.php', { username, password })).status;
}

describeEachDb('npm run admin', (ctx) => {
  it('reset-password gives a new password, shown once in a box, and ends the old sessions', async () => {
    const signedIn = ctx.t.client();
    await primeCsrf(signedIn);
    await signedIn.post('/api/admin/admin_login.php', TEST_ADMIN);
    expect((await signedIn.get('/api/admin/get_config.php')).status).toBe(200);
    const { code, output, password } = await run(ctx.t, 'reset-password', TEST_ADMIN.username);
    expect(code).toBe(0);
    expect(output).toContain(`New password for administrator "${TEST_ADMIN.username}"`);
    expect(password).toMatch(/^[\w-]{16}$/);
    expect(await adminLogin(ctx.t, TEST_ADMIN.username, TEST_ADMIN.password)).toBe(401);
    expect(await adminLogin(ctx.t, TEST_ADMIN.username, password!)).toBe(200);
    expect((await signedIn.get('/api/admin/get_config.php')).status).toBe(401);
  });

  it('create adds another administrator who can log in', async () => {
    const { code, password } = await run(ctx.t, 'create', 'second_admin');
    expect(code).toBe(0);
    expect(await adminLogin(ctx.t, 'second_admin', password!)).toBe(200);
    expect((await run(ctx.t, 'create', 'second_admin')).code).toBe(1);
  });

  it.each([
    [['reset-password', 'nobody_here'], 1],
    [['reset-password'], 2],
    [['delete', 'x_admin'], 2],
    [['create', 'bad name!'], 2],
    [[], 2],
  ])('answers %p with exit code %p and changes nothing', async (argv, expected) => {
    const { code, output } = await run(ctx.t, ...argv);
    expect(code).toBe(expected);
    expect(output).not.toContain('password for');
  });
});
