import { Secret, TOTP } from 'otpauth';
import {
  AuditLog,
  OidcProvider,
  Referral,
  ReferralInviter,
  User,
  UserIdentity,
} from '../src/database/entities';
import { adminClient } from './factories/admin';
import { GitHubFake, type GitHubUser } from './fakes/github-fake';
import { createUser, DEFAULT_PASSWORD, loginUser, primeCsrf } from './factories/users';
import { describeEachDb, TestApp } from './harness';
import type { HttpClient } from './http-client';
import { signInAtProvider, startOidcProvider, TEST_CLIENT, TestProvider } from './oidc';

const CALLBACK = '/api/oidc_callback.php';

/** The login page's fragment after a callback, as an object. */
const fragmentOf = (location: string) =>
  Object.fromEntries(new URLSearchParams(location.slice(location.indexOf('#') + 1)));

const signedInAs = async (client: HttpClient) => {
  const res = await client.get('/api/user/get_user_info.php');
  return res.status === 200 ? (res.body.data.username as string) : null;
};

describeEachDb('sign-in with OpenID Connect', (ctx) => {
  let provider: TestProvider;
  let providerId: number;
  let admin: HttpClient;

  beforeAll(async () => {
    provider = await startOidcProvider([`${ctx.t.baseUrl}${CALLBACK}`]);
    admin = await adminClient(ctx.t);
    const saved = await admin.post('/api/admin/save_oidc_provider.php', {
      name: 'Test IdP',
      issuer: provider.issuer,
      client_id: TEST_CLIENT.id,
      client_secret: TEST_CLIENT.secret,
    });
    expect(saved.status).toBe(200);
    providerId = saved.body.data.id;
  });

  afterAll(async () => {
    await provider?.close();
  });

  /** A browser pressing "Continue with Test IdP": the client (with its flow cookie) and where to. */
  async function start(t: TestApp, query: Record<string, string> = {}, client?: HttpClient) {
    const browser = client ?? t.client();
    const res = await browser.get('/api/oidc_login.php', {
      query: { provider: String(providerId), ...query },
    });
    expect(res.status).toBe(303);
    return { browser, location: res.headers.get('location')! };
  }

  /** The whole round trip for `login` at the provider: the browser and Portico's last answer. */
  async function roundTrip(t: TestApp, login: string, query: Record<string, string> = {}) {
    const { browser, location } = await start(t, query);
    expect(location.startsWith(provider.issuer)).toBe(true);
    const callback = await signInAtProvider(location, login);
    const res = await browser.get(callback.slice(t.baseUrl.length));
    expect(res.status).toBe(303);
    return { browser, callback, location: res.headers.get('location')! };
  }

  it('lets the admin add a provider whose discovery works, never showing the secret back', async () => {
    const t = ctx.t;
    const noSecret = await admin.post('/api/admin/save_oidc_provider.php', {
      name: 'No secret',
      issuer: provider.issuer,
      client_id: 'x',
    });
    expect(noSecret.status).toBe(400);
    expect(noSecret.body).toMatchObject({ code: 'oidc.secret_required', field: 'client_secret' });
    const notUrl = await admin.post('/api/admin/save_oidc_provider.php', {
      name: 'Bad',
      issuer: 'accounts.example.com',
      client_id: 'x',
      client_secret: 'y',
    });
    expect(notUrl.status).toBe(400);
    expect(notUrl.body).toMatchObject({ code: 'oidc.issuer_invalid', field: 'issuer' });
    // Nothing answers there: refused, so a saved provider is one that can work.
    const dead = await admin.post('/api/admin/save_oidc_provider.php', {
      name: 'Dead',
      issuer: 'http://127.0.0.1:9/realms/none',
      client_id: 'x',
      client_secret: 'y',
    });
    expect(dead.status).toBe(400);
    expect(dead.body).toMatchObject({ code: 'oidc.issuer_invalid', field: 'issuer' });
    expect(await t.dataSource.getRepository(OidcProvider).count()).toBe(1);

    const list = await admin.get('/api/admin/get_oidc_providers.php');
    expect(list.status).toBe(200);
    expect(list.body.data.redirect_uri).toBe(`${t.baseUrl}${CALLBACK}`);
    expect(list.body.data.providers).toEqual([
      expect.objectContaining({
        id: providerId,
        name: 'Test IdP',
        issuer: provider.issuer,
        client_id: TEST_CLIENT.id,
        client_secret_set: true,
        enabled: 1,
      }),
    ]);
    expect(list.text).not.toContain(TEST_CLIENT.secret);
    const row = await t.dataSource.getRepository(OidcProvider).findOneByOrFail({ id: providerId });
    expect(row.client_secret_sealed).not.toContain(TEST_CLIENT.secret);
    const audit = await t.dataSource
      .getRepository(AuditLog)
      .findOneByOrFail({ target_type: 'oidc_provider', target_id: providerId });
    expect(JSON.stringify(audit)).not.toContain(TEST_CLIENT.secret);

    // A blank secret keeps the stored one: the provider still signs people in after a rename.
    const renamed = await admin.post('/api/admin/save_oidc_provider.php', {
      id: providerId,
      name: 'Test IdP',
      issuer: provider.issuer,
      client_id: TEST_CLIENT.id,
      client_secret: '',
    });
    expect(renamed.status).toBe(200);
    const buttons = await t.client().get('/api/oidc_providers.php');
    expect(buttons.body.data).toEqual([{ id: providerId, name: 'Test IdP' }]);
  });

  it('makes an account at the first sign-in and signs the same person in again later', async () => {
    const t = ctx.t;
    const first = await roundTrip(t, 'alice');
    expect(first.location).toBe('/user/dashboard');
    expect(await signedInAs(first.browser)).toBe('alice');
    const alice = await t.dataSource.getRepository(User).findOneByOrFail({ username_key: 'alice' });
    // The provider vouched for the address, so it is the account's (confirmed) e-mail.
    expect(alice.email).toBe('alice@idp.test');

    const again = await roundTrip(t, 'alice', { return_to: '/user/accesslogs?page=2' });
    expect(again.location).toBe('/user/accesslogs?page=2');
    expect(await signedInAs(again.browser)).toBe('alice');
    expect(await usersNamedIn(t, 'alice')).toBe(1);
    expect(await t.dataSource.getRepository(UserIdentity).countBy({ user_id: alice.id })).toBe(1);
  });

  it('records the referral of an account it makes from the register page’s invite', async () => {
    const t = ctx.t;
    // An inviter that has not signed in from this (loopback) address: nothing to hold against it.
    const { user: inviter } = await createUser(t);
    const code = 'NV1TE0DE5K';
    await t.dataSource.getRepository(ReferralInviter).insert({ user_id: inviter.id, code });
    const referrals = t.dataSource.getRepository(Referral);
    const made = async (login: string, invite: string) => {
      const { location } = await roundTrip(t, login, { invite });
      expect(location).toBe('/user/dashboard');
      return t.dataSource.getRepository(User).findOneByOrFail({ username_key: login });
    };

    const dora = await made('invitee_dora', code.toLowerCase());
    expect(await referrals.findBy({ invitee_id: dora.id })).toEqual([
      expect.objectContaining({ inviter_id: inviter.id, state: 'waiting', flag: null }),
    ]);
    const inviterClient = t.client();
    await loginUser(t, inviterClient, inviter.username);
    const listed = await inviterClient.get('/api/user/get_referrals.php');
    expect(listed.body.data.referrals).toEqual([
      expect.objectContaining({ invitee: 'in***', state: 'waiting' }),
    ]);

    // Signing in again with an invite changes nothing: only a new account has a referral.
    await made('invitee_dora', code);
    expect(await referrals.countBy({ invitee_id: dora.id })).toBe(1);

    // The inviter has now signed in from this address: a provider account made here is its own.
    const gina = await made('invitee_gina', code);
    expect(await referrals.findOneByOrFail({ invitee_id: gina.id })).toMatchObject({
      inviter_id: inviter.id,
      flag: 'own_address',
    });

    // A code no inviter has, or not a code at all: the account is made without a referral.
    for (const [login, invite] of [
      ['invitee_erin', 'ZZZZZZZZZZ'],
      ['invitee_frank', 'not a code'],
    ]) {
      expect(await referrals.countBy({ invitee_id: (await made(login, invite)).id })).toBe(0);
    }
  });

  it('refuses a callback with a wrong state, without the flow cookie, or replayed', async () => {
    const t = ctx.t;
    const { browser, location } = await start(t);
    const callback = await signInAtProvider(location, 'mallory');
    const forged = new URL(callback);
    forged.searchParams.set('state', 'not-the-state');
    const wrongState = await browser.get(forged.pathname + forged.search);
    expect(wrongState.status).toBe(303);
    expect(fragmentOf(wrongState.headers.get('location')!)).toEqual({
      oidc_error: 'oidc.sign_in_failed',
    });
    expect(await signedInAs(browser)).toBeNull();

    // Another browser (no flow cookie) with a fresh, valid answer gets nowhere either.
    const second = await start(t);
    const otherCallback = await signInAtProvider(second.location, 'mallory');
    const stranger = t.client();
    const noCookie = await stranger.get(otherCallback.slice(t.baseUrl.length));
    expect(fragmentOf(noCookie.headers.get('location')!)).toEqual({
      oidc_error: 'oidc.sign_in_failed',
    });
    expect(await signedInAs(stranger)).toBeNull();
    expect(await usersNamedIn(t, 'mallory')).toBe(0);

    // The answer used once, sent again with the same flow cookie: the provider refuses the code.
    const flowCookie = second.browser.cookies.get('oidc_flow')!;
    const used = await second.browser.get(otherCallback.slice(t.baseUrl.length));
    expect(used.headers.get('location')).toBe('/user/dashboard');
    const replay = t.client();
    replay.cookies.set('oidc_flow', flowCookie);
    const replayed = await replay.get(otherCallback.slice(t.baseUrl.length));
    expect(fragmentOf(replayed.headers.get('location')!)).toEqual({
      oidc_error: 'oidc.sign_in_failed',
    });
    expect(await signedInAs(replay)).toBeNull();
  });

  it('says the user cancelled when the provider answers access_denied', async () => {
    const t = ctx.t;
    const { browser } = await start(t);
    const res = await browser.get(CALLBACK, {
      query: { error: 'access_denied', state: 'whatever' },
    });
    expect(fragmentOf(res.headers.get('location')!)).toEqual({ oidc_error: 'oidc.cancelled' });
  });

  it('links to the account holding the verified address only with its password', async () => {
    const t = ctx.t;
    const { user } = await createUser(t, { email: 'bob@shop.test' });
    const { browser, location } = await roundTrip(t, 'bob@shop.test');
    const fragment = fragmentOf(location);
    expect(location.startsWith('/login#')).toBe(true);
    expect(fragment).toMatchObject({ username: user.username, provider: 'Test IdP' });
    expect(await signedInAs(browser)).toBeNull();
    await primeCsrf(browser);

    const wrong = await browser.post('/api/oidc_link.php', {
      ticket: fragment.oidc_link,
      current_password: 'not-it',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 'auth.current_password_wrong',
      field: 'current_password',
    });
    const identities = t.dataSource.getRepository(UserIdentity);
    expect(await identities.countBy({ user_id: user.id })).toBe(0);

    const linked = await browser.post('/api/oidc_link.php', {
      ticket: fragment.oidc_link,
      current_password: DEFAULT_PASSWORD,
    });
    expect(linked.status).toBe(200);
    expect(linked.body.user_info.username).toBe(user.username);
    expect(await signedInAs(browser)).toBe(user.username);
    expect(await identities.countBy({ user_id: user.id })).toBe(1);

    const again = t.client();
    await primeCsrf(again);
    const reused = await again.post('/api/oidc_link.php', {
      ticket: fragment.oidc_link,
      current_password: DEFAULT_PASSWORD,
    });
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('oidc.link_invalid');
    const forged = await again.post('/api/oidc_link.php', {
      ticket: `${fragment.oidc_link.slice(0, -4)}AAAA`,
      current_password: DEFAULT_PASSWORD,
    });
    expect(forged.body.code).toBe('oidc.link_invalid');

    // From now on the provider signs Bob in directly.
    const next = await roundTrip(t, 'bob@shop.test');
    expect(next.location).toBe('/user/dashboard');
    expect(await signedInAs(next.browser)).toBe(user.username);
  });

  it('offers no link for an address the provider did not verify, and changes nothing', async () => {
    const t = ctx.t;
    const { user } = await createUser(t, { email: 'unverified-carol@shop.test' });
    const users = await t.dataSource.getRepository(User).count();
    const { browser, location } = await roundTrip(t, 'unverified-carol@shop.test');
    expect(fragmentOf(location)).toEqual({ oidc_error: 'oidc.email_unverified' });
    expect(await signedInAs(browser)).toBeNull();
    expect(await t.dataSource.getRepository(User).count()).toBe(users);
    expect(await t.dataSource.getRepository(UserIdentity).countBy({ user_id: user.id })).toBe(0);
  });

  it('asks an account with two-factor on for its code after the provider', async () => {
    const t = ctx.t;
    const { user } = await createUser(t);
    const owner = t.client();
    await primeCsrf(owner);
    await owner.post('/api/login.php', { username: user.username, password: DEFAULT_PASSWORD });
    const started = await owner.post('/api/user/start_totp.php', {
      current_password: DEFAULT_PASSWORD,
    });
    const totp = new TOTP({ secret: Secret.fromBase32(started.body.data.secret) });
    expect((await owner.post('/api/user/enable_totp.php', { code: totp.generate() })).status).toBe(
      200,
    );
    const connect = await owner.post('/api/user/oidc_connect.php', {
      provider_id: providerId,
      current_password: DEFAULT_PASSWORD,
    });
    const callback = await signInAtProvider(connect.body.data.url, 'erin');
    expect((await owner.get(callback.slice(t.baseUrl.length))).headers.get('location')).toBe(
      '/user/dashboard',
    );

    const { browser, location } = await roundTrip(t, 'erin');
    const fragment = fragmentOf(location);
    expect(fragment).toEqual({ two_factor: expect.any(String), passkeys: '0' });
    expect(await signedInAs(browser)).toBeNull();
    await primeCsrf(browser);
    const finished = await browser.post('/api/login_2fa.php', {
      challenge: fragment.two_factor,
      code: totp.generate({ timestamp: Date.now() + 30_000 }),
    });
    expect(finished.status).toBe(200);
    expect(await signedInAs(browser)).toBe(user.username);
  });

  it('connects a provider from the user centre after the password, and removes it', async () => {
    const t = ctx.t;
    const { user } = await createUser(t);
    const owner = t.client();
    await primeCsrf(owner);
    await owner.post('/api/login.php', { username: user.username, password: DEFAULT_PASSWORD });
    const refused = await owner.post('/api/user/oidc_connect.php', {
      provider_id: providerId,
      current_password: 'not-it',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('auth.current_password_wrong');

    const connect = await owner.post('/api/user/oidc_connect.php', {
      provider_id: providerId,
      current_password: DEFAULT_PASSWORD,
      return_to: '/user/dashboard?tab=security',
    });
    expect(connect.status).toBe(200);
    const callback = await signInAtProvider(connect.body.data.url, 'dave');
    const back = await owner.get(callback.slice(t.baseUrl.length));
    expect(back.headers.get('location')).toBe('/user/dashboard?tab=security');
    const list = await owner.get('/api/user/get_identities.php');
    expect(list.body.data).toEqual({
      identities: [
        expect.objectContaining({
          provider_id: providerId,
          provider_name: 'Test IdP',
          email: 'dave@idp.test',
        }),
      ],
      providers: [{ id: providerId, name: 'Test IdP' }],
    });

    // The provider account is this user's now: it signs them in, and no one else may take it.
    const via = await roundTrip(t, 'dave');
    expect(await signedInAs(via.browser)).toBe(user.username);
    const { user: other } = await createUser(t);
    const thief = t.client();
    await primeCsrf(thief);
    await thief.post('/api/login.php', { username: other.username, password: DEFAULT_PASSWORD });
    const steal = await thief.post('/api/user/oidc_connect.php', {
      provider_id: providerId,
      current_password: DEFAULT_PASSWORD,
    });
    const stolen = await thief.get(
      (await signInAtProvider(steal.body.data.url, 'dave')).slice(t.baseUrl.length),
    );
    expect(fragmentOf(stolen.headers.get('location')!)).toEqual({
      oidc_error: 'oidc.identity_taken',
    });

    const id = list.body.data.identities[0].id;
    const foreign = await thief.post('/api/user/delete_identity.php', { id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('oidc.identity_not_found');
    const removed = await owner.post('/api/user/delete_identity.php', { id });
    expect(removed.status).toBe(200);
    expect((await owner.get('/api/user/get_identities.php')).body.data.identities).toEqual([]);
  });

  it('goes only to paths on this site after signing in', async () => {
    const t = ctx.t;
    for (const target of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const { location } = await roundTrip(t, 'alice', { return_to: target });
      expect(location).toBe('/user/dashboard');
    }
  });

  it('sends the login page an error for an unknown, disabled or unreachable provider', async () => {
    const t = ctx.t;
    const unknown = await t.client().get('/api/oidc_login.php', { query: { provider: '999' } });
    expect(unknown.status).toBe(303);
    expect(unknown.headers.get('location')).toBe('/login#oidc_error=oidc.provider_not_found');
    const junk = await t.client().get('/api/oidc_login.php', { query: { provider: 'x' } });
    expect(junk.headers.get('location')).toBe('/login#oidc_error=oidc.provider_not_found');

    // A provider that answered when it was saved and has gone away since.
    const repo = t.dataSource.getRepository(OidcProvider);
    const gone = await repo.save(
      repo.create({
        name: 'Gone',
        issuer: 'http://127.0.0.1:9',
        client_id: 'x',
        client_secret_sealed: 'v1:x',
        enabled: 1,
      }),
    );
    const started = Date.now();
    const down = await t.client().get('/api/oidc_login.php', {
      query: { provider: String(gone.id), return_to: '/user/recharge' },
    });
    expect(down.headers.get('location')).toBe(
      `/login?redirect=${encodeURIComponent('/user/recharge')}#oidc_error=oidc.provider_unavailable`,
    );
    expect(Date.now() - started).toBeLessThan(5000);
    const disabled = await admin.post('/api/admin/save_oidc_provider.php', {
      id: gone.id,
      name: 'Gone',
      issuer: 'http://127.0.0.1:9',
      client_id: 'x',
      enabled: 0,
    });
    expect(disabled.status).toBe(200);
    const off = await t
      .client()
      .get('/api/oidc_login.php', { query: { provider: String(gone.id) } });
    expect(off.headers.get('location')).toBe('/login#oidc_error=oidc.provider_not_found');
    expect((await t.client().get('/api/oidc_providers.php')).body.data).toEqual([
      { id: providerId, name: 'Test IdP' },
    ]);
    const deleted = await admin.post('/api/admin/delete_oidc_provider.php', { id: gone.id });
    expect(deleted.status).toBe(200);
    expect(await repo.existsBy({ id: gone.id })).toBe(false);
  });
});

describeEachDb('sign-in with GitHub', (ctx) => {
  const github = new GitHubFake();
  let providerId: number;
  let admin: HttpClient;
  const octocat: GitHubUser = {
    id: 583231,
    login: 'octocat',
    name: 'The Octocat',
    email: null,
    emails: [
      { email: 'octocat@old.example', primary: false, verified: false },
      { email: 'octocat@github.example', primary: true, verified: true },
    ],
  };

  beforeAll(async () => {
    await github.start();
    admin = await adminClient(ctx.t);
    const saved = await admin.post('/api/admin/save_oidc_provider.php', {
      kind: 'github',
      name: 'GitHub',
      issuer: github.url,
      client_id: github.clientId,
      client_secret: github.clientSecret,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ kind: 'github', issuer: github.url });
    providerId = saved.body.data.id;
  });

  afterAll(() => github.stop());

  /** "Continue with GitHub" as `user` (GitHub approves at once): Portico's last answer. */
  async function viaGitHub(t: TestApp, user: GitHubUser | null) {
    github.signedIn = user;
    const browser = t.client();
    const started = await browser.get('/api/oidc_login.php', {
      query: { provider: String(providerId) },
    });
    const authorize = new URL(started.headers.get('location')!);
    expect(authorize.origin + authorize.pathname).toBe(`${github.url}/login/oauth/authorize`);
    expect(authorize.searchParams.get('scope')).toBe('read:user user:email');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.has('nonce')).toBe(false);
    const back = await fetch(authorize, { redirect: 'manual' });
    const callback = back.headers.get('location')!;
    const res = await browser.get(callback.slice(t.baseUrl.length));
    expect(res.status).toBe(303);
    return { browser, location: res.headers.get('location')! };
  }

  it('makes an account from the GitHub account and its verified primary address', async () => {
    const t = ctx.t;
    const { browser, location } = await viaGitHub(t, octocat);
    expect(location).toBe('/user/dashboard');
    expect(await signedInAs(browser)).toBe('octocat');
    const user = await t.dataSource
      .getRepository(User)
      .findOneByOrFail({ username_key: 'octocat' });
    expect(user.email).toBe('octocat@github.example');
    const identity = await t.dataSource
      .getRepository(UserIdentity)
      .findOneByOrFail({ user_id: user.id });
    expect(identity.subject).toBe('583231');

    // A renamed GitHub account is still the same person: its id signs the same user in.
    const renamed = await viaGitHub(t, { ...octocat, login: 'octo-renamed' });
    expect(await signedInAs(renamed.browser)).toBe('octocat');
  });

  it('offers no link by an address GitHub has not verified', async () => {
    const t = ctx.t;
    await createUser(t, { email: 'hubot@shop.test' });
    const users = await t.dataSource.getRepository(User).count();
    const { browser, location } = await viaGitHub(t, {
      id: 2,
      login: 'hubot',
      name: null,
      email: 'hubot@shop.test',
      emails: [{ email: 'hubot@shop.test', primary: true, verified: false }],
    });
    expect(fragmentOf(location)).toEqual({ oidc_error: 'oidc.email_unverified' });
    expect(await signedInAs(browser)).toBeNull();
    expect(await t.dataSource.getRepository(User).count()).toBe(users);
  });

  it('says the user cancelled when GitHub is declined, and refuses a wrong client secret', async () => {
    const t = ctx.t;
    const declined = await viaGitHub(t, null);
    expect(fragmentOf(declined.location)).toEqual({ oidc_error: 'oidc.cancelled' });

    const wrong = await admin.post('/api/admin/save_oidc_provider.php', {
      id: providerId,
      kind: 'github',
      name: 'GitHub',
      issuer: github.url,
      client_id: github.clientId,
      client_secret: 'not-the-secret',
    });
    expect(wrong.status).toBe(200);
    // GitHub answers 200 with an `error` field: still a refusal, and no one is signed in.
    const refused = await viaGitHub(t, { ...octocat, id: 3, login: 'mona' });
    expect(fragmentOf(refused.location)).toEqual({ oidc_error: 'oidc.sign_in_failed' });
    expect(await signedInAs(refused.browser)).toBeNull();
    expect(await usersNamedIn(t, 'mona')).toBe(0);
  });
});

const usersNamedIn = (t: TestApp, username: string) =>
  t.dataSource.getRepository(User).countBy({ username_key: username.toLowerCase() });
