import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { adminCommand } from '../src/cli/admin';
import { seal } from '../src/common/sealed';
import { Admin, AdminTotp, AuditLog, SiteConfig } from '../src/database/entities';
import { ADMIN_CHALLENGE_SEAL } from '../src/modules/auth/admin-two-factor.service';
import { primeCsrf } from './factories/users';
import { describeEachDb, TestApp } from './harness';
import type { HttpClient } from './http-client';

/** The code an authenticator app holding `secret` shows `steps` time steps from now. */
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** A new administrator (through the CLI, as operators add them): name and password. */
async function newAdmin(t: TestApp) {
  const username = `adm_${randomBytes(4).toString('hex')}`;
  const lines: string[] = [];
  expect(await adminCommand(['create', username], t.env, (text) => lines.push(text))).toBe(0);
  const password = /^\|\s+(\S+)\s+\|$/m.exec(lines.join('\n'))![1];
  return { username, password };
}

/** admin_login.php from a fresh browser: the answer and the client. */
async function passwordStep(t: TestApp, admin: { username: string; password: string }) {
  const client = t.client();
  await primeCsrf(client);
  const res = await client.post('/api/admin/admin_login.php', admin);
  return { client, res };
}

async function signedInAdmin(t: TestApp) {
  const admin = await newAdmin(t);
  const { client, res } = await passwordStep(t, admin);
  expect(res.status).toBe(200);
  return { ...admin, client };
}

/** A signed-in administrator who turned two-factor on: the secret and the recovery codes. */
async function withTwoFactor(t: TestApp) {
  const admin = await signedInAdmin(t);
  const started = await admin.client.post('/api/admin/start_totp.php', {
    current_password: admin.password,
  });
  expect(started.status).toBe(200);
  const secret = started.body.data.secret as string;
  const enabled = await admin.client.post('/api/admin/enable_totp.php', { code: codeAt(secret) });
  expect(enabled.status).toBe(200);
  return { ...admin, secret, recovery: enabled.body.data.recovery_codes as string[] };
}

const adminPage = async (client: HttpClient) =>
  (await client.get('/api/admin/get_config.php')).status;

describeEachDb('administrators’ two-factor sign-in', (ctx) => {
  afterEach(async () => {
    await ctx.t.dataSource
      .getRepository(SiteConfig)
      .createQueryBuilder()
      .update()
      .set({ admin_two_factor_required: 0 })
      .execute();
  });

  it('turns on with the password and a first code, and ends the administrator’s other sessions', async () => {
    const admin = await signedInAdmin(ctx.t);
    const elsewhere = (await passwordStep(ctx.t, admin)).client;
    const wrongPassword = await admin.client.post('/api/admin/start_totp.php', {
      current_password: 'not-it',
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body).toMatchObject({
      code: 'auth.current_password_wrong',
      field: 'current_password',
    });
    const started = await admin.client.post('/api/admin/start_totp.php', {
      current_password: admin.password,
    });
    const { secret, otpauth_uri: uri } = started.body.data;
    expect(uri).toContain(encodeURIComponent(`${admin.username} (admin)`));
    expect((await admin.client.get('/api/admin/get_two_factor.php')).body.data).toEqual({
      enabled: false,
      recovery_codes_left: 0,
      required: false,
      setup_required: false,
    });
    const wrong = await admin.client.post('/api/admin/enable_totp.php', { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'auth.two_factor_failed', field: 'code' });

    const enabled = await admin.client.post('/api/admin/enable_totp.php', {
      code: codeAt(secret),
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body.data.recovery_codes).toHaveLength(10);
    expect((await admin.client.get('/api/admin/get_two_factor.php')).body.data).toEqual({
      enabled: true,
      recovery_codes_left: 10,
      required: false,
      setup_required: false,
    });
    expect(await adminPage(admin.client)).toBe(200);
    expect(await adminPage(elsewhere)).toBe(401);
    const { id } = await ctx.t.dataSource
      .getRepository(Admin)
      .findOneByOrFail({ username: admin.username });
    const stored = await ctx.t.dataSource.getRepository(AdminTotp).findOneByOrFail({
      admin_id: id,
    });
    expect(stored.enabled_at).not.toBeNull();
    expect(stored.secret_enc).not.toContain(secret);
    const audit = await ctx.t.dataSource.getRepository(AuditLog).findOneByOrFail({
      action: 'enable_two_factor',
      target_id: id,
    });
    expect(audit.target_type).toBe('admin');
  });

  it('asks for a code after the password, takes each code once and a recovery code once', async () => {
    const admin = await withTwoFactor(ctx.t);
    const { client, res } = await passwordStep(ctx.t, admin);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'auth.two_factor_required', passkeys: false });
    expect(await adminPage(client)).toBe(401);

    const challenge = res.body.challenge as string;
    const wrong = await client.post('/api/admin/admin_login_2fa.php', {
      challenge,
      code: '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'auth.two_factor_failed', field: 'code' });
    const code = codeAt(admin.secret, 1);
    const ok = await client.post('/api/admin/admin_login_2fa.php', { challenge, code });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ username: admin.username, two_factor_setup_required: false });
    expect(await adminPage(client)).toBe(200);

    const again = await passwordStep(ctx.t, admin);
    const replay = await again.client.post('/api/admin/admin_login_2fa.php', {
      challenge: again.res.body.challenge,
      code,
    });
    expect(replay.status).toBe(400);
    const recovered = await again.client.post('/api/admin/admin_login_2fa.php', {
      challenge: again.res.body.challenge,
      code: admin.recovery[2].toUpperCase(),
    });
    expect(recovered.status).toBe(200);
    expect((await again.client.get('/api/admin/get_two_factor.php')).body.data).toMatchObject({
      recovery_codes_left: 9,
    });
    const third = await passwordStep(ctx.t, admin);
    const reused = await third.client.post('/api/admin/admin_login_2fa.php', {
      challenge: third.res.body.challenge,
      code: admin.recovery[2],
    });
    expect(reused.status).toBe(400);
  });

  it('refuses forged, foreign and expired challenges, and locks out after five wrong codes', async () => {
    const admin = await withTwoFactor(ctx.t);
    const { client, res } = await passwordStep(ctx.t, admin);
    const { id } = await ctx.t.dataSource
      .getRepository(Admin)
      .findOneByOrFail({ username: admin.username });
    const expired = seal(
      JSON.stringify({ admin: id, until: Date.now() - 1000 }),
      ctx.t.env.APP_SECRET,
      ADMIN_CHALLENGE_SEAL,
    );
    const userKind = seal(
      JSON.stringify({ admin: id, until: Date.now() + 60_000 }),
      ctx.t.env.APP_SECRET,
      'portico totp secret',
    );
    for (const challenge of ['x'.repeat(87), expired, userKind, `${res.body.challenge}x`]) {
      const answer = await client.post('/api/admin/admin_login_2fa.php', {
        challenge,
        code: codeAt(admin.secret, 1),
      });
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe('auth.two_factor_challenge_invalid');
    }
    expect(await adminPage(client)).toBe(401);

    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const answer = await client.post('/api/admin/admin_login_2fa.php', {
        challenge: res.body.challenge,
        code: String(100000 + i),
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('is required of every administrator only by one who has it, and then gates the rest', async () => {
    const plain = await signedInAdmin(ctx.t);
    const refused = await plain.client.post('/api/admin/update_config.php', {
      admin_two_factor_required: 1,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'admin.two_factor_self_first',
      field: 'admin_two_factor_required',
    });

    const keeper = await withTwoFactor(ctx.t);
    const on = await keeper.client.post('/api/admin/update_config.php', {
      admin_two_factor_required: 1,
    });
    expect(on.status).toBe(200);
    expect(on.body.data.admin_two_factor_required).toBe(1);
    expect(await adminPage(keeper.client)).toBe(200);

    // The administrator without it: the open session and a new sign-in reach only the set-up.
    const gated = await plain.client.get('/api/admin/get_user_list.php');
    expect(gated.status).toBe(403);
    expect(gated.body.code).toBe('auth.admin_two_factor_setup');
    const fresh = await passwordStep(ctx.t, plain);
    expect(fresh.res.status).toBe(200);
    expect(fresh.res.body.data.two_factor_setup_required).toBe(true);
    expect(await adminPage(fresh.client)).toBe(403);
    expect((await fresh.client.get('/api/admin/get_two_factor.php')).body.data).toEqual({
      enabled: false,
      recovery_codes_left: 0,
      required: true,
      setup_required: true,
    });
    const started = await fresh.client.post('/api/admin/start_totp.php', {
      current_password: plain.password,
    });
    expect(started.status).toBe(200);
    const enabled = await fresh.client.post('/api/admin/enable_totp.php', {
      code: codeAt(started.body.data.secret),
    });
    expect(enabled.status).toBe(200);
    expect(await adminPage(fresh.client)).toBe(200);
    // Turning it on ended the session that was signed in without it.
    expect((await plain.client.get('/api/admin/get_user_list.php')).status).toBe(401);

    // While required, nobody turns their own off; lifted, the password and a code do.
    const stays = await keeper.client.post('/api/admin/disable_totp.php', {
      current_password: keeper.password,
      code: codeAt(keeper.secret, 1),
    });
    expect(stays.status).toBe(409);
    expect(stays.body.code).toBe('admin.two_factor_required');
    expect(
      (await keeper.client.post('/api/admin/update_config.php', { admin_two_factor_required: 0 }))
        .status,
    ).toBe(200);
    const off = await keeper.client.post('/api/admin/disable_totp.php', {
      current_password: keeper.password,
      code: codeAt(keeper.secret, 1),
    });
    expect(off.status).toBe(200);
    const afterOff = await passwordStep(ctx.t, keeper);
    expect(afterOff.res.status).toBe(200);
  });

  it('is removed from the shell for an administrator who lost phone and codes', async () => {
    const admin = await withTwoFactor(ctx.t);
    const lines: string[] = [];
    const run = (command: string, name: string) =>
      adminCommand([command, name], ctx.t.env, (text) => lines.push(text));
    expect(await run('reset-two-factor', admin.username)).toBe(0);
    expect(lines.join('\n')).toContain('the password alone signs in');
    expect(await adminPage(admin.client)).toBe(401);
    const { res } = await passwordStep(ctx.t, admin);
    expect(res.status).toBe(200);
    expect(await run('reset-two-factor', admin.username)).toBe(0);
    expect(lines.at(-1)).toContain('nothing changed');
    expect(await run('reset-two-factor', 'nobody_here')).toBe(1);
  });
});
