import { randomBytes } from 'node:crypto';
import { AccountToken, SiteConfig, User } from '../src/database/entities';
import { createGatewayApi } from './factories/gateway';
import { GitHubFake } from './fakes/github-fake';
import { adminClient } from './factories/admin';
import { primeCsrf } from './factories/users';
import { startTestApp, TEST_DATABASES, TestApp } from './harness';
import type { HttpClient } from './http-client';
import { startSmtp, TestSmtp } from './smtp';

const PASSWORD = 'a-long-password';

const confirmToken = (text: string) => {
  const match = /\/confirm-email#token=([A-Za-z0-9_-]{43})/.exec(text);
  if (!match) throw new Error(`no confirmation link in:\n${text}`);
  return match[1];
};

async function browser(t: TestApp): Promise<HttpClient> {
  const client = t.client();
  await primeCsrf(client);
  return client;
}

const name = () => `v_${randomBytes(4).toString('hex')}`;

describe.each(TEST_DATABASES)('e-mail verification at registration [%s]', (db) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let admin: HttpClient;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp(db, { SMTP_URL: smtp.url });
    const repo = t.dataSource.getRepository(SiteConfig);
    const row = await repo.findOneOrFail({ where: {}, order: { id: 'ASC' } });
    await repo.update({ id: row.id }, { site_url: t.baseUrl });
    admin = await adminClient(t);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const setSwitch = (on: 0 | 1) =>
    admin.post('/api/admin/update_config.php', { email_verification: on });

  it('is off by default and shown to the admin and the register page', async () => {
    const config = await admin.get('/api/admin/get_config.php');
    expect(config.body.data).toMatchObject({ email_verification: 0, mail_enabled: true });
    expect((await t.client().get('/api/get_config.php')).body.data.email_required).toBe(false);
    const saved = await setSwitch(1);
    expect(saved.status).toBe(200);
    expect(saved.body.data.email_verification).toBe(1);
    expect((await t.client().get('/api/get_config.php')).body.data.email_required).toBe(true);
  });

  it('asks for an address, and signs in only once the mailed link is followed', async () => {
    await setSwitch(1);
    const visitor = await browser(t);
    const username = name();
    const missing = await visitor.post('/api/register.php', {
      username,
      password: PASSWORD,
      confirm_password: PASSWORD,
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'users.email_required', field: 'email' });
    expect(await t.dataSource.getRepository(User).existsBy({ username_key: username })).toBe(false);

    const email = `${username}@verify.test`;
    const since = smtp.mails.length;
    const registered = await visitor.post('/api/register.php', {
      username,
      password: PASSWORD,
      confirm_password: PASSWORD,
      email,
    });
    expect(registered.status).toBe(200);
    const apiKey = registered.body.api_key as string;
    const mail = await smtp.next(email, since);

    // Waiting: the password is right, but the answer is 403 and the key calls nothing.
    const early = await visitor.post('/api/login.php', { username, password: PASSWORD });
    expect(early.status).toBe(403);
    expect(early.body.code).toBe('auth.email_unconfirmed');
    expect((await visitor.get('/api/user/get_user_info.php')).status).toBe(401);
    const api = await createGatewayApi(t, { price_per_call_milli: 0 });
    const refused = await fetch(`${t.baseUrl}/apis/${api.name_en}`, {
      headers: { 'x-api-key': apiKey },
    });
    expect(refused.status).toBe(401);
    // A wrong password still says only that it is wrong.
    const wrong = await visitor.post('/api/login.php', { username, password: 'not-it' });
    expect(wrong.status).toBe(401);

    const confirmed = await visitor.post('/api/user/confirm_email.php', {
      token: confirmToken(mail.text),
    });
    expect(confirmed.status).toBe(200);
    const user = await t.dataSource.getRepository(User).findOneByOrFail({ username_key: username });
    expect(user).toMatchObject({ email, status: 1 });
    const signedIn = await visitor.post('/api/login.php', { username, password: PASSWORD });
    expect(signedIn.status).toBe(200);
    // The key works too, everywhere within the key caches' second.
    let status = 0;
    for (let tries = 0; tries < 50 && status !== 200; tries += 1) {
      const res = await fetch(`${t.baseUrl}/apis/${api.name_en}`, {
        headers: { 'x-api-key': apiKey },
      });
      status = res.status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
  });

  it('mails the link again when a waiting account signs in, at most every two minutes', async () => {
    await setSwitch(1);
    const visitor = await browser(t);
    const username = name();
    const email = `${username}@verify.test`;
    await visitor.post('/api/register.php', {
      username,
      password: PASSWORD,
      confirm_password: PASSWORD,
      email,
    });
    await smtp.next(email);
    const user = await t.dataSource.getRepository(User).findOneByOrFail({ username_key: username });
    // The first link is three minutes old (and may have been lost).
    const tokens = t.dataSource.getRepository(AccountToken);
    await tokens.update({ user_id: user.id }, { created_at: new Date(Date.now() - 3 * 60_000) });
    const since = smtp.mails.length;
    const first = await visitor.post('/api/login.php', { username, password: PASSWORD });
    expect(first.status).toBe(403);
    const resent = await smtp.next(email, since);
    const second = await visitor.post('/api/login.php', { username, password: PASSWORD });
    expect(second.status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(2);

    // The newest link works; the account is active.
    const ok = await visitor.post('/api/user/confirm_email.php', {
      token: confirmToken(resent.text),
    });
    expect(ok.status).toBe(200);
    expect((await visitor.post('/api/login.php', { username, password: PASSWORD })).status).toBe(
      200,
    );
  });

  it('makes an account at a provider sign-in only with an address the provider verified', async () => {
    await setSwitch(1);
    const github = new GitHubFake();
    await github.start();
    try {
      const saved = await admin.post('/api/admin/save_oidc_provider.php', {
        kind: 'github',
        name: 'GitHub',
        issuer: github.url,
        client_id: github.clientId,
        client_secret: github.clientSecret,
      });
      const login = name();
      const viaGitHub = async (verified: boolean) => {
        github.signedIn = {
          id: verified ? 11 : 10,
          login,
          name: null,
          email: null,
          emails: [{ email: `${login}@gh.test`, primary: true, verified }],
        };
        const visitor = t.client();
        const started = await visitor.get('/api/oidc_login.php', {
          query: { provider: String(saved.body.data.id) },
        });
        const back = await fetch(started.headers.get('location')!, { redirect: 'manual' });
        const res = await visitor.get(back.headers.get('location')!.slice(t.baseUrl.length));
        return res.headers.get('location');
      };
      expect(await viaGitHub(false)).toBe('/login#oidc_error=oidc.email_required');
      expect(await t.dataSource.getRepository(User).existsBy({ username_key: login })).toBe(false);
      expect(await viaGitHub(true)).toBe('/user/dashboard');
      const user = await t.dataSource.getRepository(User).findOneByOrFail({ username_key: login });
      expect(user).toMatchObject({ email: `${login}@gh.test`, status: 1 });
    } finally {
      await github.stop();
    }
  });

  it('registers as before with the switch off', async () => {
    await setSwitch(0);
    const visitor = await browser(t);
    const username = name();
    const res = await visitor.post('/api/register.php', {
      username,
      password: PASSWORD,
      confirm_password: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect((await visitor.post('/api/login.php', { username, password: PASSWORD })).status).toBe(
      200,
    );
  });
});

describe.each(TEST_DATABASES)('e-mail verification without mail [%s]', (db) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(db);
  });
  afterAll(() => t?.close());

  it('cannot be turned on while the site cannot send mail', async () => {
    const admin = await adminClient(t);
    const res = await admin.post('/api/admin/update_config.php', { email_verification: 1 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'admin.mail_not_configured',
      field: 'email_verification',
    });
    expect((await admin.get('/api/admin/get_config.php')).body.data).toMatchObject({
      email_verification: 0,
      mail_enabled: false,
    });
    expect((await t.client().get('/api/get_config.php')).body.data.email_required).toBe(false);
  });
});

describe.each(TEST_DATABASES)('e-mail verification without an address for links [%s]', (db) => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp(db, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('needs 网站地址 (or PUBLIC_URL) too, which the same save may set', async () => {
    const admin = await adminClient(t);
    expect((await admin.get('/api/admin/get_config.php')).body.data.mail_enabled).toBe(false);
    const refused = await admin.post('/api/admin/update_config.php', { email_verification: 1 });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('admin.mail_not_configured');
    const saved = await admin.post('/api/admin/update_config.php', {
      site_url: t.baseUrl,
      email_verification: 1,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ email_verification: 1, mail_enabled: true });
    expect((await t.client().get('/api/get_config.php')).body.data).toMatchObject({
      mail_enabled: true,
      email_required: true,
    });
  });
});
