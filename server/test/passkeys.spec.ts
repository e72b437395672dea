import { Secret, TOTP } from 'otpauth';
import { Passkey, Session, SiteConfig, User } from '../src/database/entities';
import { createUser, DEFAULT_PASSWORD, primeCsrf } from './factories/users';
import { describeEachDb, TestApp } from './harness';
import type { HttpClient } from './http-client';
import { SoftAuthenticator } from './webauthn';
import type { Bend } from './webauthn';

/** The page the "browser" is on: no 网站地址 or PUBLIC_URL is set, so its Origin counts. */
const ORIGIN = 'http://localhost:5173';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';

/** A POST as the browser on ORIGIN sends it. */
const post = (client: HttpClient, path: string, body: unknown, origin = ORIGIN) =>
  client.post(path, body, { headers: { origin, 'user-agent': CHROME } });

async function browser(t: TestApp) {
  const client = t.client();
  await primeCsrf(client);
  return client;
}

async function signedIn(t: TestApp, overrides: Partial<User> = {}) {
  const { user } = await createUser(t, overrides);
  const client = await browser(t);
  const res = await client.post('/api/login.php', {
    username: user.username,
    password: DEFAULT_PASSWORD,
  });
  expect(res.status).toBe(200);
  return { user, client };
}

const signedInNow = async (client: HttpClient) =>
  (await client.get('/api/user/get_user_info.php')).status === 200;

/** The user centre's "Add a passkey": options after the password, the authenticator, the save. */
async function addPasskey(
  client: HttpClient,
  authenticator: SoftAuthenticator,
  { name, bend }: { name?: string; bend?: Bend } = {},
) {
  const options = await post(client, '/api/user/passkey_register_options.php', {
    current_password: DEFAULT_PASSWORD,
  });
  expect(options.status).toBe(200);
  const credential = authenticator.create(options.body.data, bend);
  return post(client, '/api/user/add_passkey.php', { name, credential });
}

/** A passwordless sign-in from a fresh browser: the answer and the client. */
async function passkeySignIn(t: TestApp, authenticator: SoftAuthenticator, bend?: Bend) {
  const client = await browser(t);
  const options = await post(client, '/api/passkey_login_options.php', {});
  expect(options.status).toBe(200);
  const credential = authenticator.get(options.body.data, bend);
  const res = await post(client, '/api/passkey_login.php', { credential });
  return { client, res, credential };
}

const codeAt = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

describeEachDb('passkeys', (ctx) => {
  it('adds a passkey after the password, named after the device unless named, and lists it', async () => {
    const { user, client } = await signedIn(ctx.t);
    const wrong = await post(client, '/api/user/passkey_register_options.php', {
      current_password: 'not-it',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 'auth.current_password_wrong',
      field: 'current_password',
    });

    const options = await post(client, '/api/user/passkey_register_options.php', {
      current_password: DEFAULT_PASSWORD,
    });
    expect(options.status).toBe(200);
    expect(options.body.data).toMatchObject({
      rp: { id: 'localhost', name: expect.any(String) },
      user: { name: user.username },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required' },
      excludeCredentials: [],
    });
    // The user handle is not the numeric id.
    expect(Buffer.from(options.body.data.user.id, 'base64url').length).toBe(16);

    const phone = new SoftAuthenticator(ORIGIN);
    const added = await post(client, '/api/user/add_passkey.php', {
      credential: phone.create(options.body.data),
    });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ name: 'Chrome · Linux', last_used_at: null });

    const key = new SoftAuthenticator(ORIGIN);
    const named = await addPasskey(client, key, { name: '  Work key ' });
    expect(named.status).toBe(200);
    expect(named.body.data.name).toBe('Work key');

    const list = await client.get('/api/user/get_passkeys.php');
    expect(list.status).toBe(200);
    expect(list.body.data.max_passkeys).toBe(10);
    expect(list.body.data.passkeys.map((p: { name: string }) => p.name)).toEqual([
      'Chrome · Linux',
      'Work key',
    ]);
    const again = await post(client, '/api/user/passkey_register_options.php', {
      current_password: DEFAULT_PASSWORD,
    });
    expect(again.body.data.excludeCredentials).toHaveLength(2);
    const rows = await ctx.t.dataSource.getRepository(Passkey).findBy({ user_id: user.id });
    expect(rows).toHaveLength(2);
    expect(rows[0].public_key).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('refuses a new passkey made for another site, another user, or with a spent or forged challenge', async () => {
    const { client } = await signedIn(ctx.t);
    const { client: other } = await signedIn(ctx.t);
    const authenticator = new SoftAuthenticator(ORIGIN);
    const options = (
      await post(client, '/api/user/passkey_register_options.php', {
        current_password: DEFAULT_PASSWORD,
      })
    ).body.data;

    const refusals = [
      authenticator.create(options, { origin: 'https://evil.example' }),
      authenticator.create(options, { rpId: 'evil.example' }),
      authenticator.create(options, { challenge: Buffer.alloc(41, 7).toString('base64url') }),
    ];
    for (const credential of refusals) {
      const res = await post(client, '/api/user/add_passkey.php', { credential });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('passkeys.invalid');
    }
    // Options asked for by one account cannot add a passkey to another.
    const foreign = await post(other, '/api/user/add_passkey.php', {
      credential: authenticator.create(options),
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('passkeys.invalid');

    const first = authenticator.create(options);
    expect((await post(client, '/api/user/add_passkey.php', { credential: first })).status).toBe(
      200,
    );
    const same = await post(client, '/api/user/add_passkey.php', { credential: first });
    expect(same.status).toBe(409);
    expect(same.body.code).toBe('passkeys.exists');
    const spent = await post(client, '/api/user/add_passkey.php', {
      credential: authenticator.create(options),
    });
    expect(spent.status).toBe(400);
    expect(spent.body.code).toBe('passkeys.invalid');

    for (const body of [
      { credential: 'text' },
      {},
      { credential: {}, name: 'x'.repeat(65) },
      { credential: { id: 'abc', response: {} } },
    ]) {
      const res = await post(client, '/api/user/add_passkey.php', body);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect((await client.get('/api/user/get_passkeys.php')).body.data.passkeys).toHaveLength(1);
  });

  it('signs in with a passkey alone, once per answer, only when the authenticator verified the user', async () => {
    const { user, client } = await signedIn(ctx.t);
    const authenticator = new SoftAuthenticator(ORIGIN);
    expect((await addPasskey(client, authenticator)).status).toBe(200);

    const { client: browserA, res, credential } = await passkeySignIn(ctx.t, authenticator);
    expect(res.status).toBe(200);
    expect(res.body.user_info).toMatchObject({ username: user.username });
    expect(res.body.user_info.api_key).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(await signedInNow(browserA)).toBe(true);
    const [row] = await ctx.t.dataSource.getRepository(Passkey).findBy({ user_id: user.id });
    expect(row.last_used_at).not.toBeNull();

    // The same answer again (a replay) signs no one in.
    const replayer = await browser(ctx.t);
    const replay = await post(replayer, '/api/passkey_login.php', { credential });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('auth.passkey_failed');
    expect(await signedInNow(replayer)).toBe(false);

    for (const bend of [
      { userVerified: false },
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { badSignature: true },
      { challenge: Buffer.alloc(41).toString('base64url') },
    ]) {
      const refused = await passkeySignIn(ctx.t, authenticator, bend);
      expect(refused.res.status).toBe(401);
      expect(refused.res.body.code).toBe('auth.passkey_failed');
      expect(await signedInNow(refused.client)).toBe(false);
    }

    // A passkey this site does not know: the same answer as any failure.
    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.create({ challenge: 'x', rp: {}, user: { id: 'AAAA' } });
    const unknown = await passkeySignIn(ctx.t, stranger);
    expect(unknown.res.status).toBe(401);
    expect(unknown.res.body.code).toBe('auth.passkey_failed');
  });

  it('lets exactly one of twelve identical answers sign in', async () => {
    const { client } = await signedIn(ctx.t);
    const authenticator = new SoftAuthenticator(ORIGIN);
    await addPasskey(client, authenticator);
    const first = await browser(ctx.t);
    const options = await post(first, '/api/passkey_login_options.php', {});
    const credential = authenticator.get(options.body.data);
    const browsers = await Promise.all(Array.from({ length: 12 }, () => browser(ctx.t)));
    const answers = await Promise.all(
      browsers.map((b) => post(b, '/api/passkey_login.php', { credential })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(11).fill(401)]);
  });

  it('finishes a password sign-in with two-factor on by one of the account’s passkeys', async () => {
    const { user, client } = await signedIn(ctx.t);
    const started = await client.post('/api/user/start_totp.php', {
      current_password: DEFAULT_PASSWORD,
    });
    await client.post('/api/user/enable_totp.php', { code: codeAt(started.body.data.secret) });
    const authenticator = new SoftAuthenticator(ORIGIN);
    await addPasskey(client, authenticator);
    const { client: otherClient } = await signedIn(ctx.t);
    const othersKey = new SoftAuthenticator(ORIGIN);
    await addPasskey(otherClient, othersKey);

    const tab = await browser(ctx.t);
    const password = await tab.post('/api/login.php', {
      username: user.username,
      password: DEFAULT_PASSWORD,
    });
    expect(password.status).toBe(401);
    expect(password.body).toMatchObject({ code: 'auth.two_factor_required', passkeys: true });
    const challenge = password.body.challenge as string;

    const options = await post(tab, '/api/passkey_login_options.php', { challenge });
    expect(options.status).toBe(200);
    expect(options.body.data.allowCredentials).toHaveLength(1);
    // Another account's passkey cannot finish this account's sign-in.
    const foreign = await post(tab, '/api/passkey_login.php', {
      challenge,
      credential: othersKey.get(options.body.data, { anyCredential: true }),
    });
    expect(foreign.status).toBe(401);
    expect(foreign.body.code).toBe('auth.passkey_failed');
    // An answer to passwordless options is not one to this step's.
    const loose = await post(tab, '/api/passkey_login_options.php', {});
    const wrongPurpose = await post(tab, '/api/passkey_login.php', {
      challenge,
      credential: authenticator.get(loose.body.data),
    });
    expect(wrongPurpose.status).toBe(401);
    expect(await signedInNow(tab)).toBe(false);

    const done = await post(tab, '/api/passkey_login.php', {
      challenge,
      credential: authenticator.get(options.body.data, { userVerified: false }),
    });
    expect(done.status).toBe(200);
    expect(done.body.user_info.username).toBe(user.username);
    expect(await signedInNow(tab)).toBe(true);

    // The step is finished: neither a code nor another passkey answer reuses it.
    const reuse = await tab.post('/api/login_2fa.php', {
      challenge,
      code: codeAt(started.body.data.secret),
    });
    expect(reuse.status).toBe(401);
    expect(reuse.body.code).toBe('auth.two_factor_challenge_invalid');
    const spent = await post(tab, '/api/passkey_login_options.php', { challenge });
    expect(spent.status).toBe(401);
    expect(spent.body.code).toBe('auth.two_factor_challenge_invalid');
  });

  it('proves the second factor again with a passkey before a new key secret', async () => {
    const { client } = await signedIn(ctx.t);
    const started = await client.post('/api/user/start_totp.php', {
      current_password: DEFAULT_PASSWORD,
    });
    await client.post('/api/user/enable_totp.php', { code: codeAt(started.body.data.secret) });
    const authenticator = new SoftAuthenticator(ORIGIN);
    await addPasskey(client, authenticator);
    await ctx.t.dataSource
      .getRepository(Session)
      .createQueryBuilder()
      .update()
      .set({ second_factor_at: null })
      .execute();

    const refused = await client.post('/api/user/create_api_key.php', { name: 'ci' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'auth.step_up_required', passkeys: true });
    const options = await post(client, '/api/user/step_up_options.php', {});
    expect(options.status).toBe(200);
    const bad = await post(client, '/api/user/confirm_two_factor.php', {
      credential: authenticator.get(options.body.data, { badSignature: true }),
    });
    // 400, not 401: the session stands.
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('auth.passkey_failed');
    const credential = authenticator.get(options.body.data);
    expect((await post(client, '/api/user/confirm_two_factor.php', { credential })).status).toBe(
      200,
    );
    expect((await client.post('/api/user/create_api_key.php', { name: 'ci' })).status).toBe(200);
    const replayed = await post(client, '/api/user/confirm_two_factor.php', { credential });
    expect(replayed.status).toBe(400);
    expect(await signedInNow(client)).toBe(true);
  });

  it('counts wrong passkey answers at the second step in the login lock-out', async () => {
    const { user, client } = await signedIn(ctx.t);
    const started = await client.post('/api/user/start_totp.php', {
      current_password: DEFAULT_PASSWORD,
    });
    await client.post('/api/user/enable_totp.php', { code: codeAt(started.body.data.secret) });
    const authenticator = new SoftAuthenticator(ORIGIN);
    await addPasskey(client, authenticator);
    const tab = await browser(ctx.t);
    const { challenge } = (
      await tab.post('/api/login.php', { username: user.username, password: DEFAULT_PASSWORD })
    ).body;
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const options = await post(tab, '/api/passkey_login_options.php', { challenge });
      const answer = await post(tab, '/api/passkey_login.php', {
        challenge,
        credential: authenticator.get(options.body.data, { badSignature: true }),
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('removes a passkey, which then signs no one in; another user’s cannot be removed', async () => {
    const { client } = await signedIn(ctx.t);
    const authenticator = new SoftAuthenticator(ORIGIN);
    const added = await addPasskey(client, authenticator);
    const { client: other } = await signedIn(ctx.t);
    const theirs = await other.post('/api/user/delete_passkey.php', { id: added.body.data.id });
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe('passkeys.not_found');
    const bad = await client.post('/api/user/delete_passkey.php', { id: 'one' });
    expect(bad.status).toBe(400);

    const removed = await client.post('/api/user/delete_passkey.php', { id: added.body.data.id });
    expect(removed.status).toBe(200);
    expect((await client.get('/api/user/get_passkeys.php')).body.data.passkeys).toEqual([]);
    const after = await passkeySignIn(ctx.t, authenticator);
    expect(after.res.status).toBe(401);
  });

  it('holds at most ten passkeys per account', async () => {
    const { user, client } = await signedIn(ctx.t);
    const repo = ctx.t.dataSource.getRepository(Passkey);
    await repo.insert(
      Array.from({ length: 10 }, (_, i) => ({
        user_id: user.id,
        credential_id: `cred-${user.id}-${i}`,
        public_key: 'AA',
        counter: 0,
        transports: null,
        name: `Key ${i}`,
        last_used_at: null,
      })),
    );
    const res = await post(client, '/api/user/passkey_register_options.php', {
      current_password: DEFAULT_PASSWORD,
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('passkeys.too_many');
  });

  it('binds passkeys to 网站地址 when it is set, and refuses a disabled account', async () => {
    const repo = ctx.t.dataSource.getRepository(SiteConfig);
    const config = await repo.findOneOrFail({ where: {}, order: { id: 'ASC' } });
    await repo.update({ id: config.id }, { site_url: 'https://portico.example/catalogue' });
    try {
      const { user, client } = await signedIn(ctx.t);
      const options = await post(client, '/api/user/passkey_register_options.php', {
        current_password: DEFAULT_PASSWORD,
      });
      expect(options.body.data.rp.id).toBe('portico.example');
      // A page on another origin (here the one the request claims) gets nothing that works.
      const elsewhere = new SoftAuthenticator(ORIGIN);
      const refused = await post(client, '/api/user/add_passkey.php', {
        credential: elsewhere.create(options.body.data),
      });
      expect(refused.status).toBe(400);
      const site = new SoftAuthenticator('https://portico.example');
      const added = await post(client, '/api/user/add_passkey.php', {
        credential: site.create(options.body.data),
      });
      expect(added.status).toBe(200);

      await ctx.t.dataSource.getRepository(User).update({ id: user.id }, { status: 0 });
      const disabled = await passkeySignIn(ctx.t, site);
      expect(disabled.res.status).toBe(403);
      expect(disabled.res.body.code).toBe('auth.account_disabled');
      expect(await signedInNow(disabled.client)).toBe(false);
    } finally {
      await repo.update({ id: config.id }, { site_url: config.site_url });
    }
  });

  it('answers 400 when the site cannot tell its address', async () => {
    const client = await browser(ctx.t);
    const res = await client.post('/api/passkey_login_options.php', {});
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('passkeys.origin_unknown');
  });
});
