import { Secret, TOTP } from 'otpauth';
import { AccountToken, AuditLog, RecoveryCode, Session, UserTotp } from '../src/database/entities';
import { adminClient } from './factories/admin';
import { createUser, DEFAULT_PASSWORD, primeCsrf } from './factories/users';
import { describeEachDb, TestApp } from './harness';
import type { HttpClient } from './http-client';

/** The code an authenticator app holding `secret` shows `steps` time steps from now. */
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

async function signedIn(t: TestApp) {
  const { user } = await createUser(t);
  const client = t.client();
  await primeCsrf(client);
  const res = await client.post('/api/login.php', {
    username: user.username,
    password: DEFAULT_PASSWORD,
  });
  expect(res.status).toBe(200);
  return { user, client };
}

/** A signed-in user with two-factor on: its secret and recovery codes. */
async function withTwoFactor(t: TestApp) {
  const { user, client } = await signedIn(t);
  const started = await client.post('/api/user/start_totp.php', {
    current_password: DEFAULT_PASSWORD,
  });
  expect(started.status).toBe(200);
  const secret = started.body.data.secret as string;
  const first = codeAt(secret);
  const enabled = await client.post('/api/user/enable_totp.php', { code: first });
  expect(enabled.status).toBe(200);
  return { user, client, secret, first, recovery: enabled.body.data.recovery_codes as string[] };
}

/** login.php from a fresh browser: the answer and the client. */
async function passwordStep(t: TestApp, username: string) {
  const client = t.client();
  await primeCsrf(client);
  const res = await client.post('/api/login.php', { username, password: DEFAULT_PASSWORD });
  return { client, res };
}

const signedInNow = async (client: HttpClient) =>
  (await client.get('/api/user/get_user_info.php')).status === 200;

describeEachDb('two-factor sign-in', (ctx) => {
  it('turns on only when the first code confirms the secret, giving ten recovery codes once', async () => {
    const { user, client } = await signedIn(ctx.t);
    const wrongPassword = await client.post('/api/user/start_totp.php', {
      current_password: 'not-it',
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body).toMatchObject({
      code: 'auth.current_password_wrong',
      field: 'current_password',
    });

    const started = await client.post('/api/user/start_totp.php', {
      current_password: DEFAULT_PASSWORD,
    });
    expect(started.status).toBe(200);
    const { secret, otpauth_uri: uri, qr_code: qr } = started.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain(`otpauth://totp/`);
    expect(uri).toContain(encodeURIComponent(user.username));
    expect(
      Buffer.from(qr.replace('data:image/svg+xml;base64,', ''), 'base64').toString(),
    ).toContain('<svg');
    const stored = await ctx.t.dataSource.getRepository(UserTotp).findOneByOrFail({
      user_id: user.id,
    });
    expect(stored.secret_enc).not.toContain(secret);
    expect((await client.get('/api/user/get_two_factor.php')).body.data).toEqual({
      enabled: false,
      recovery_codes_left: 0,
    });
    // Not on yet: the password alone still signs in.
    expect((await passwordStep(ctx.t, user.username)).res.status).toBe(200);

    const wrong = await client.post('/api/user/enable_totp.php', { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'auth.two_factor_failed', field: 'code' });
    const enabled = await client.post('/api/user/enable_totp.php', { code: codeAt(secret) });
    expect(enabled.status).toBe(200);
    const codes = enabled.body.data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(new Set(codes).size).toBe(10);
    const hashes = await ctx.t.dataSource.getRepository(RecoveryCode).findBy({ user_id: user.id });
    expect(hashes.map((h) => h.code_hash).join()).not.toContain(codes[0].replace('-', ''));
    expect((await client.get('/api/user/get_two_factor.php')).body.data).toEqual({
      enabled: true,
      recovery_codes_left: 10,
    });
    const again = await client.post('/api/user/start_totp.php', {
      current_password: DEFAULT_PASSWORD,
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('auth.two_factor_enabled');
  });

  it('asks for a code after the password, and takes each code once', async () => {
    const { user, secret, first } = await withTwoFactor(ctx.t);
    const { client, res } = await passwordStep(ctx.t, user.username);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, code: 'auth.two_factor_required' });
    expect(res.body.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.user_info).toBeUndefined();
    expect(await signedInNow(client)).toBe(false);

    const wrong = await client.post('/api/login_2fa.php', {
      challenge: res.body.challenge,
      code: '123456',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('auth.two_factor_failed');
    expect(await signedInNow(client)).toBe(false);

    // The code that turned it on was taken; the next time step's is new.
    const used = await client.post('/api/login_2fa.php', {
      challenge: res.body.challenge,
      code: first,
    });
    expect(used.status).toBe(400);
    const next = codeAt(secret, 1);
    const done = await client.post('/api/login_2fa.php', {
      challenge: res.body.challenge,
      code: `${next.slice(0, 3)} ${next.slice(3)}`,
    });
    expect(done.status).toBe(200);
    expect(done.body.user_info.username).toBe(user.username);
    expect(await signedInNow(client)).toBe(true);

    const reused = await client.post('/api/login_2fa.php', {
      challenge: res.body.challenge,
      code: codeAt(secret, 1),
    });
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe('auth.two_factor_challenge_invalid');

    const second = await passwordStep(ctx.t, user.username);
    const replay = await second.client.post('/api/login_2fa.php', {
      challenge: second.res.body.challenge,
      code: next,
    });
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('auth.two_factor_failed');
  });

  it('lets exactly one of two sign-ins with the same code through', async () => {
    const { user, secret } = await withTwoFactor(ctx.t);
    const steps = await Promise.all([
      passwordStep(ctx.t, user.username),
      passwordStep(ctx.t, user.username),
    ]);
    const code = codeAt(secret, 1);
    const answers = await Promise.all(
      steps.map(({ client, res }) =>
        client.post('/api/login_2fa.php', { challenge: res.body.challenge, code }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });

  it('signs in with a recovery code once, however it is typed', async () => {
    const { user, recovery } = await withTwoFactor(ctx.t);
    const code = recovery[3];
    const first = await passwordStep(ctx.t, user.username);
    const ok = await first.client.post('/api/login_2fa.php', {
      challenge: first.res.body.challenge,
      code: ` ${code.replace('-', '').toUpperCase()} `,
    });
    expect(ok.status).toBe(200);
    expect((await first.client.get('/api/user/get_two_factor.php')).body.data).toEqual({
      enabled: true,
      recovery_codes_left: 9,
    });
    const second = await passwordStep(ctx.t, user.username);
    const again = await second.client.post('/api/login_2fa.php', {
      challenge: second.res.body.challenge,
      code,
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('auth.two_factor_failed');
  });

  it('refuses unknown, malformed and expired challenges', async () => {
    const { user, secret } = await withTwoFactor(ctx.t);
    const client = ctx.t.client();
    await primeCsrf(client);
    for (const challenge of ['x'.repeat(43), 'short']) {
      const res = await client.post('/api/login_2fa.php', { challenge, code: codeAt(secret, 1) });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('auth.two_factor_challenge_invalid');
    }
    const missing = await client.post('/api/login_2fa.php', { code: '123456' });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('request.validation');
    const { res } = await passwordStep(ctx.t, user.username);
    await ctx.t.dataSource
      .getRepository(AccountToken)
      .update(
        { purpose: 'login_2fa', user_id: user.id },
        { expires_at: new Date(Date.now() - 1000) },
      );
    const expired = await client.post('/api/login_2fa.php', {
      challenge: res.body.challenge,
      code: codeAt(secret, 1),
    });
    expect(expired.status).toBe(401);
    expect(await signedInNow(client)).toBe(false);
  });

  it('locks an address out after five wrong codes, as with passwords', async () => {
    const { user } = await withTwoFactor(ctx.t);
    const { client, res } = await passwordStep(ctx.t, user.username);
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const answer = await client.post('/api/login_2fa.php', {
        challenge: res.body.challenge,
        code: String(100000 + i),
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('turns off with the password and a code, and the password alone signs in again', async () => {
    const { user, client, secret } = await withTwoFactor(ctx.t);
    const wrongCode = await client.post('/api/user/disable_totp.php', {
      current_password: DEFAULT_PASSWORD,
      code: '000000',
    });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.code).toBe('auth.two_factor_failed');
    const wrongPassword = await client.post('/api/user/disable_totp.php', {
      current_password: 'nope',
      code: codeAt(secret, 1),
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.code).toBe('auth.current_password_wrong');
    const off = await client.post('/api/user/disable_totp.php', {
      current_password: DEFAULT_PASSWORD,
      code: codeAt(secret, 1),
    });
    expect(off.status).toBe(200);
    expect((await client.get('/api/user/get_two_factor.php')).body.data.enabled).toBe(false);
    expect(await ctx.t.dataSource.getRepository(RecoveryCode).countBy({ user_id: user.id })).toBe(
      0,
    );
    expect((await passwordStep(ctx.t, user.username)).res.status).toBe(200);
    const notOn = await client.post('/api/user/disable_totp.php', {
      current_password: DEFAULT_PASSWORD,
      code: codeAt(secret, 1),
    });
    expect(notOn.status).toBe(400);
    expect(notOn.body.code).toBe('auth.two_factor_not_enabled');
  });

  it('is turned off by an administrator for a user who lost the phone, audited', async () => {
    const { user } = await withTwoFactor(ctx.t);
    const admin = await adminClient(ctx.t);
    const listed = async () => {
      const res = await admin.get(`/api/admin/get_user_list.php?search=${user.username}`);
      return (res.body.data.users as { id: number; two_factor: boolean }[]).find(
        (u) => u.id === user.id,
      )?.two_factor;
    };
    expect(await listed()).toBe(true);
    const res = await admin.post('/api/admin/disable_user_two_factor.php', { user_id: user.id });
    expect(res.status).toBe(200);
    expect(await listed()).toBe(false);
    expect((await passwordStep(ctx.t, user.username)).res.status).toBe(200);
    expect(await ctx.t.dataSource.getRepository(RecoveryCode).countBy({ user_id: user.id })).toBe(
      0,
    );
    const audit = await ctx.t.dataSource
      .getRepository(AuditLog)
      .findOneByOrFail({ action: 'disable_two_factor', target_id: user.id });
    expect(audit.target_type).toBe('user');

    const again = await admin.post('/api/admin/disable_user_two_factor.php', { user_id: user.id });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('auth.two_factor_not_enabled');
    const missing = await admin.post('/api/admin/disable_user_two_factor.php', {
      user_id: 999_999,
    });
    expect(missing.status).toBe(404);
    const { client } = await signedIn(ctx.t);
    const asUser = await client.post('/api/admin/disable_user_two_factor.php', {
      user_id: user.id,
    });
    expect(asUser.status).toBe(401);
  });

  describe('step-up before a new key secret', () => {
    /** Makes the session's last proof of the second factor older than the step-up window. */
    const ageProof = (t: TestApp) =>
      t.dataSource
        .getRepository(Session)
        .createQueryBuilder()
        .update()
        .set({ second_factor_at: new Date(Date.now() - 11 * 60_000) })
        .execute();

    it('lets a session that just proved the code create keys, then asks again after ten minutes', async () => {
      const { user, secret, recovery } = await withTwoFactor(ctx.t);
      const { client, res } = await passwordStep(ctx.t, user.username);
      const signed = await client.post('/api/login_2fa.php', {
        challenge: res.body.challenge,
        code: recovery[0],
      });
      expect(signed.status).toBe(200);
      expect((await client.post('/api/user/create_api_key.php', { name: 'ci' })).status).toBe(200);

      await ageProof(ctx.t);
      const keysBefore = (await client.get('/api/user/get_api_keys.php')).body.data.keys;
      const create = await client.post('/api/user/create_api_key.php', { name: 'later' });
      expect(create.status).toBe(403);
      expect(create.body).toMatchObject({ code: 'auth.step_up_required', passkeys: false });
      const rotate = await client.post('/api/user/change_api_key.php');
      expect(rotate.status).toBe(403);
      expect(rotate.body.code).toBe('auth.step_up_required');
      expect((await client.get('/api/user/get_api_keys.php')).body.data.keys).toEqual(keysBefore);

      const wrong = await client.post('/api/user/confirm_two_factor.php', { code: '000000' });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ code: 'auth.two_factor_failed', field: 'code' });
      const empty = await client.post('/api/user/confirm_two_factor.php', {});
      expect(empty.status).toBe(400);
      const right = await client.post('/api/user/confirm_two_factor.php', {
        code: codeAt(secret, 1),
      });
      expect(right.status).toBe(200);
      expect((await client.post('/api/user/create_api_key.php', { name: 'later' })).status).toBe(
        200,
      );
      expect((await client.post('/api/user/change_api_key.php')).status).toBe(200);
    });

    it('counts the session that turned two-factor on as proved, and asks nothing of users without it', async () => {
      const { client } = await withTwoFactor(ctx.t);
      expect((await client.post('/api/user/create_api_key.php', { name: 'new' })).status).toBe(200);
      const { client: plain } = await signedIn(ctx.t);
      await ageProof(ctx.t);
      expect((await plain.post('/api/user/create_api_key.php', { name: 'plain' })).status).toBe(
        200,
      );
      const notOn = await plain.post('/api/user/confirm_two_factor.php', { code: '123456' });
      expect(notOn.status).toBe(400);
      expect(notOn.body.code).toBe('auth.two_factor_not_enabled');
    });
  });
});
