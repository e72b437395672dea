import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { AccountToken, AuditLog, SiteConfig, User } from '../src/database/entities';
import { adminClient, anonymousClient } from './factories/admin';
import { createUser, DEFAULT_PASSWORD, loginUser, primeCsrf } from './factories/users';
import { startTestApp, TEST_DATABASES, TestApp } from './harness';
import type { HttpClient } from './http-client';
import { startSmtp, TestSmtp } from './smtp';
import { SoftAuthenticator } from './webauthn';

const NEW_PASSWORD = 'a-brand-new-secret';

/** The token of the first link to `page` in a mail's text. */
function tokenIn(text: string, base: string, page: string): string {
  const match = new RegExp(`${base.replace(/[.]/g, '\\.')}${page}#token=([A-Za-z0-9_-]{43})`).exec(
    text,
  );
  if (!match) throw new Error(`no ${page} link in:\n${text}`);
  return match[1];
}

async function anonymous(t: TestApp, lang?: 'en' | 'zh'): Promise<HttpClient> {
  const client = t.client();
  if (lang) client.cookies.set('lang', lang);
  await primeCsrf(client);
  return client;
}

/** Points the site's address (网站地址) at the test app, as an operator sets it. */
async function setSiteUrl(t: TestApp, url: string) {
  const repo = t.dataSource.getRepository(SiteConfig);
  const row = await repo.findOneOrFail({ where: {}, order: { id: 'ASC' } });
  await repo.update({ id: row.id }, { site_url: url });
}

const userRow = (t: TestApp, id: number) =>
  t.dataSource.getRepository(User).findOneByOrFail({ id });

async function canLogIn(t: TestApp, username: string, password: string) {
  const client = await anonymous(t);
  return (await client.post('/api/login.php', { username, password })).status === 200;
}

let sequence = 0;
const address = (name: string) =>
  `${name}-${++sequence}-${randomBytes(3).toString('hex')}@portico.test`;

describe.each(TEST_DATABASES)('account e-mail and password reset [%s]', (db) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let base: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp(db, { SMTP_URL: smtp.url, PASSWORD_RESETS_PER_IP_PER_HOUR: '10000' });
    base = `${t.baseUrl}/portal`;
    await setSiteUrl(t, base);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /**
   * A user with a confirmed address, and where its reset mails start. Its sign-ins from new
   * browsers are not mailed (the tests of that notice say so), so each test sees only its mails.
   */
  async function userWithEmail(extra: Partial<User> = {}) {
    const email = address('owner');
    const created = await createUser(t, { email, notify_new_sign_in: 0, ...extra });
    return { ...created, email };
  }

  async function requestReset(login: string, lang?: 'en' | 'zh') {
    const client = await anonymous(t, lang);
    return client.post('/api/user/forgot_password.php', { login });
  }

  async function resetToken(email: string, login: string): Promise<string> {
    const since = smtp.mails.length;
    expect((await requestReset(login)).status).toBe(200);
    const mail = await smtp.next(email, since);
    return tokenIn(mail.text, base, '/reset-password');
  }

  describe('password reset', () => {
    it('mails a link that sets a new password once, ends every session and tells the owner', async () => {
      const { user, email } = await userWithEmail();
      const here = t.client();
      const there = t.client();
      await loginUser(t, here, user.username);
      await loginUser(t, there, user.username);

      const since = smtp.mails.length;
      const asked = await requestReset(user.username);
      expect(asked.status).toBe(200);
      expect(asked.body).toMatchObject({ success: true });
      const mail = await smtp.next(email, since);
      expect(mail.subject).toBe('Reset your Portico password');
      expect(mail.text).toContain('within 30 minutes');
      const token = tokenIn(mail.text, base, '/reset-password');
      expect(mail.html).toContain(`href="${base}/reset-password#token=${token}"`);
      // Only the hash is stored.
      const stored = await t.dataSource.getRepository(AccountToken).findBy({ user_id: user.id });
      expect(stored).toHaveLength(1);
      expect(stored[0].token_hash).not.toContain(token);

      const client = await anonymous(t);
      const checked = await client.post('/api/user/check_reset_token.php', { token });
      expect(checked.status).toBe(200);
      expect(checked.body.data.username).toBe(user.username);
      expect(Date.parse(checked.body.data.expires_at) - Date.now()).toBeGreaterThan(29 * 60_000);

      const noticeSince = smtp.mails.length;
      const reset = await client.post('/api/user/reset_password.php', {
        token,
        new_password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      });
      expect(reset.status).toBe(200);
      expect(reset.body.success).toBe(true);

      for (const session of [here, there]) {
        const info = await session.get('/api/user/get_user_info.php');
        expect(info.status).toBe(401);
      }
      expect(await canLogIn(t, user.username, DEFAULT_PASSWORD)).toBe(false);
      expect(await canLogIn(t, user.username, NEW_PASSWORD)).toBe(true);

      const again = await client.post('/api/user/reset_password.php', {
        token,
        new_password: 'yet-another-one',
      });
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ success: false, code: 'auth.reset_token_invalid' });
      expect(await canLogIn(t, user.username, NEW_PASSWORD)).toBe(true);

      const notice = await smtp.next(email, noticeSince);
      expect(notice.subject).toBe('Your Portico password was changed');
      expect(notice.text).toContain(`${base}/forgot-password`);
    });

    it('finds the account by its e-mail address, whatever the case', async () => {
      const { user, email } = await userWithEmail();
      const token = await resetToken(email, email.toUpperCase());
      const client = await anonymous(t);
      const checked = await client.post('/api/user/check_reset_token.php', { token });
      expect(checked.body.data.username).toBe(user.username);
    });

    it('answers the same for unknown names and addresses and for accounts without e-mail, mailing nothing', async () => {
      const { user: noEmail } = await createUser(t);
      const { user: disabled, email: disabledEmail } = await userWithEmail({ status: 0 });
      const known = await userWithEmail();
      const since = smtp.mails.length;
      const answers = [];
      for (const login of [
        'nobody_here',
        'nobody@portico.test',
        noEmail.username,
        disabled.username,
        disabledEmail,
        known.user.username,
      ]) {
        const res = await requestReset(login);
        answers.push({ status: res.status, body: res.body });
      }
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(answers[0].status).toBe(200);
      // The known account's mail arrives; nothing went out before or beside it.
      await smtp.next(known.email, since);
      expect(smtp.mails.slice(since).map((m) => m.to)).toEqual([[known.email]]);
    });

    it('writes the mail in the language of the page that asked', async () => {
      const { user, email } = await userWithEmail();
      const since = smtp.mails.length;
      expect((await requestReset(user.username, 'zh')).status).toBe(200);
      const mail = await smtp.next(email, since);
      expect(mail.subject).toBe('重置您的Portico密码');
      expect(mail.text).toContain('30 分钟内');
      expect(mail.html).toContain('<html lang="zh-CN">');
    });

    it('refuses expired, malformed, unknown and foreign tokens, changing nothing', async () => {
      const { user, email } = await userWithEmail();
      const expired = await resetToken(email, user.username);
      await t.dataSource
        .getRepository(AccountToken)
        .update({ user_id: user.id }, { expires_at: new Date(Date.now() - 1000) });
      const before = (await userRow(t, user.id)).password_hash;
      const client = await anonymous(t);
      for (const token of [
        expired,
        'short',
        'x'.repeat(43),
        randomBytes(32).toString('base64url'),
      ]) {
        const checked = await client.post('/api/user/check_reset_token.php', { token });
        expect(checked.status).toBe(400);
        expect(checked.body.code).toBe('auth.reset_token_invalid');
        const reset = await client.post('/api/user/reset_password.php', {
          token,
          new_password: NEW_PASSWORD,
        });
        expect(reset.status).toBe(400);
        expect(reset.body.code).toBe('auth.reset_token_invalid');
      }
      for (const body of [{}, { token: 7 }, { token: 'y'.repeat(101) }]) {
        const res = await client.post('/api/user/check_reset_token.php', body);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('request.validation');
      }
      expect((await userRow(t, user.id)).password_hash).toBe(before);
    });

    it('does not take an e-mail confirmation token as a reset token', async () => {
      const { user } = await createUser(t);
      const client = t.client();
      await loginUser(t, client, user.username);
      const email = address('confirm');
      const since = smtp.mails.length;
      await client.post('/api/user/change_email.php', {
        email,
        current_password: DEFAULT_PASSWORD,
      });
      const token = tokenIn((await smtp.next(email, since)).text, base, '/confirm-email');
      const reset = await (
        await anonymous(t)
      ).post('/api/user/reset_password.php', {
        token,
        new_password: NEW_PASSWORD,
      });
      expect(reset.status).toBe(400);
      expect(reset.body.code).toBe('auth.reset_token_invalid');
      expect(await canLogIn(t, user.username, DEFAULT_PASSWORD)).toBe(true);
    });

    it('keeps the link for another try when the new password is refused', async () => {
      const { user, email } = await userWithEmail();
      const token = await resetToken(email, user.username);
      const client = await anonymous(t);
      const cases: [Record<string, string>, string, string][] = [
        [{ new_password: '12345' }, 'users.password_too_short', 'new_password'],
        [{ new_password: 'x'.repeat(129) }, 'users.password_too_long', 'new_password'],
        [
          { new_password: NEW_PASSWORD, confirm_password: 'different' },
          'users.password_mismatch',
          'confirm_password',
        ],
      ];
      for (const [body, code, field] of cases) {
        const res = await client.post('/api/user/reset_password.php', { token, ...body });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code, field });
      }
      expect(await canLogIn(t, user.username, DEFAULT_PASSWORD)).toBe(true);
      const done = await client.post('/api/user/reset_password.php', {
        token,
        new_password: NEW_PASSWORD,
      });
      expect(done.status).toBe(200);
    });

    it('lets a new link replace the older one', async () => {
      const { user, email } = await userWithEmail();
      const first = await resetToken(email, user.username);
      const second = await resetToken(email, user.username);
      const client = await anonymous(t);
      expect((await client.post('/api/user/check_reset_token.php', { token: first })).status).toBe(
        400,
      );
      expect((await client.post('/api/user/check_reset_token.php', { token: second })).status).toBe(
        200,
      );
    });

    it('lets exactly one of many simultaneous resets with one link through', async () => {
      const { user, email } = await userWithEmail();
      const token = await resetToken(email, user.username);
      const clients = await Promise.all(Array.from({ length: 12 }, () => anonymous(t)));
      const answers = await Promise.all(
        clients.map((client, i) =>
          client.post('/api/user/reset_password.php', {
            token,
            new_password: `racer-password-${i}`,
          }),
        ),
      );
      const winners = answers.flatMap((res, i) => (res.status === 200 ? [i] : []));
      expect(winners).toHaveLength(1);
      for (const res of answers.filter((r) => r.status !== 200)) {
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('auth.reset_token_invalid');
      }
      expect(await canLogIn(t, user.username, `racer-password-${winners[0]}`)).toBe(true);
    });

    it('mails one account at most three links an hour, answering every ask the same', async () => {
      const { user, email } = await userWithEmail();
      const since = smtp.mails.length;
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push((await requestReset(user.username)).status);
      expect(answers).toEqual([200, 200, 200, 200, 200]);
      const marker = await userWithEmail();
      await requestReset(marker.user.username);
      await smtp.next(marker.email, since);
      expect(smtp.mails.slice(since).filter((m) => m.to.includes(email))).toHaveLength(3);
    });

    it('gives an administrator a one-time link for a user without e-mail, audited', async () => {
      const { user } = await createUser(t);
      const admin = await adminClient(t);
      const res = await admin.post('/api/admin/create_password_reset_link.php', {
        user_id: user.id,
      });
      expect(res.status).toBe(200);
      const token = tokenIn(res.body.data.url, base, '/reset-password');
      const reset = await (
        await anonymous(t)
      ).post('/api/user/reset_password.php', {
        token,
        new_password: NEW_PASSWORD,
      });
      expect(reset.status).toBe(200);
      expect(await canLogIn(t, user.username, NEW_PASSWORD)).toBe(true);
      const audit = await t.dataSource
        .getRepository(AuditLog)
        .findOneByOrFail({ action: 'create_reset_link', target_id: user.id });
      expect(audit.target_type).toBe('user');
      expect(audit.after).not.toContain(token);

      const missing = await admin.post('/api/admin/create_password_reset_link.php', {
        user_id: 999_999,
      });
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('users.not_found');
      const notAdmin = await (
        await anonymousClient(t)
      ).post('/api/admin/create_password_reset_link.php', { user_id: user.id });
      expect(notAdmin.status).toBe(401);
    });
  });

  describe('e-mail address', () => {
    async function signedIn(extra: Partial<User> = {}) {
      const created = await createUser(t, { notify_new_sign_in: 0, ...extra });
      const client = t.client();
      await loginUser(t, client, created.user.username);
      return { ...created, client };
    }

    it('becomes the account’s only when the link mailed to it is followed, telling the old one', async () => {
      const old = address('old');
      const { user, client } = await signedIn({ email: old });
      const email = address('new');
      const since = smtp.mails.length;
      const res = await client.post('/api/user/change_email.php', {
        email: `  ${email.toUpperCase()} `,
        current_password: DEFAULT_PASSWORD,
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        email: old,
        pending_email: email,
        notify_new_sign_in: false,
      });
      expect((await client.get('/api/user/get_email.php')).body.data).toEqual({
        email: old,
        pending_email: email,
        notify_new_sign_in: false,
      });
      expect((await userRow(t, user.id)).email).toBe(old);

      const confirmation = await smtp.next(email, since);
      expect(confirmation.subject).toBe('Confirm your e-mail address for Portico');
      const requested = await smtp.next(old, since);
      expect(requested.text).toContain(email);
      expect(requested.text).not.toContain('#token=');

      const token = tokenIn(confirmation.text, base, '/confirm-email');
      const elsewhere = await anonymous(t);
      const noticeSince = smtp.mails.length;
      const confirmed = await elsewhere.post('/api/user/confirm_email.php', { token });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.data).toEqual({ email });
      expect((await client.get('/api/user/get_email.php')).body.data).toEqual({
        email,
        pending_email: null,
        notify_new_sign_in: false,
      });
      const changed = await smtp.next(old, noticeSince);
      expect(changed.subject).toBe('The e-mail address of your Portico account was changed');

      const again = await elsewhere.post('/api/user/confirm_email.php', { token });
      expect(again.status).toBe(400);
      expect(again.body.code).toBe('users.email_token_invalid');
    });

    it.each([
      [
        { email: 'not-an-address', current_password: DEFAULT_PASSWORD },
        400,
        'users.email_invalid',
        'email',
      ],
      [
        { email: `${'a'.repeat(180)}@portico.test`, current_password: DEFAULT_PASSWORD },
        400,
        'users.email_invalid',
        'email',
      ],
      [
        { email: 'x@portico.test', current_password: 'wrong-password' },
        400,
        'auth.current_password_wrong',
        'current_password',
      ],
      [{ email: 'x@portico.test' }, 400, 'request.validation', 'current_password'],
      [{ current_password: DEFAULT_PASSWORD }, 400, 'request.validation', 'email'],
    ])('refuses %j with %s %s, changing and mailing nothing', async (body, status, code, field) => {
      const old = address('keep');
      const { user, client } = await signedIn({ email: old });
      const since = smtp.mails.length;
      const res = await client.post('/api/user/change_email.php', body);
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ success: false, code, field });
      expect((await userRow(t, user.id)).email).toBe(old);
      expect((await client.get('/api/user/get_email.php')).body.data.pending_email).toBeNull();
      expect(smtp.mails.length).toBe(since);
    });

    it('refuses its own address and another account’s', async () => {
      const own = address('own');
      const { client } = await signedIn({ email: own });
      const same = await client.post('/api/user/change_email.php', {
        email: own,
        current_password: DEFAULT_PASSWORD,
      });
      expect(same.status).toBe(400);
      expect(same.body.code).toBe('users.email_unchanged');
      const { email: taken } = await userWithEmail();
      const res = await client.post('/api/user/change_email.php', {
        email: taken,
        current_password: DEFAULT_PASSWORD,
      });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('users.email_taken');
    });

    it('refuses the confirmation when another account confirmed the address first', async () => {
      const email = address('contested');
      const first = await signedIn();
      const second = await signedIn();
      const since = smtp.mails.length;
      for (const { client } of [first, second]) {
        const res = await client.post('/api/user/change_email.php', {
          email,
          current_password: DEFAULT_PASSWORD,
        });
        expect(res.status).toBe(200);
      }
      await smtp.next(email, since, (m) => m.text.includes(first.user.username));
      await smtp.next(email, since, (m) => m.text.includes(second.user.username));
      const tokens = smtp.mails
        .slice(since)
        .filter((m) => m.to.includes(email))
        .map((m) => ({
          owner: m.text.includes(first.user.username) ? first : second,
          token: tokenIn(m.text, base, '/confirm-email'),
        }));
      const client = await anonymous(t);
      const [a, b] = tokens;
      expect((await client.post('/api/user/confirm_email.php', { token: a.token })).status).toBe(
        200,
      );
      const lost = await client.post('/api/user/confirm_email.php', { token: b.token });
      expect(lost.status).toBe(409);
      expect(lost.body.code).toBe('users.email_taken');
      expect((await userRow(t, a.owner.user.id)).email).toBe(email);
      expect((await userRow(t, b.owner.user.id)).email).toBeNull();
    });

    it('is asked for at registration and confirmed the same way', async () => {
      const client = await anonymous(t);
      const email = address('signup');
      const username = `signup_${randomBytes(4).toString('hex')}`;
      const since = smtp.mails.length;
      const res = await client.post('/api/register.php', {
        username,
        password: DEFAULT_PASSWORD,
        confirm_password: DEFAULT_PASSWORD,
        email,
      });
      expect(res.status).toBe(200);
      const user = await t.dataSource.getRepository(User).findOneByOrFail({ username });
      expect(user.email).toBeNull();
      const token = tokenIn((await smtp.next(email, since)).text, base, '/confirm-email');
      expect((await client.post('/api/user/confirm_email.php', { token })).status).toBe(200);
      expect((await userRow(t, user.id)).email).toBe(email);
    });

    it.each([
      ['not an address', 400, 'users.email_invalid'],
      ['TAKEN', 409, 'users.email_taken'],
    ])(
      'refuses to register with %j (%s %s) and creates no account',
      async (given, status, code) => {
        const { email: taken } = await userWithEmail();
        const client = await anonymous(t);
        const username = `nope_${randomBytes(4).toString('hex')}`;
        const res = await client.post('/api/register.php', {
          username,
          password: DEFAULT_PASSWORD,
          email: given === 'TAKEN' ? taken : given,
        });
        expect(res.status).toBe(status);
        expect(res.body.code).toBe(code);
        expect(await t.dataSource.getRepository(User).existsBy({ username })).toBe(false);
      },
    );

    it('is told when the password is changed in the user centre', async () => {
      const email = address('told');
      const { client } = await signedIn({ email });
      const since = smtp.mails.length;
      const res = await client.post('/api/user/change_password.php', {
        current_password: DEFAULT_PASSWORD,
        new_password: NEW_PASSWORD,
      });
      expect(res.status).toBe(200);
      const notice = await smtp.next(email, since);
      expect(notice.subject).toBe('Your Portico password was changed');
    });

    it('is told when two-factor goes on or off and when a passkey is added, in the page’s language', async () => {
      const email = address('guarded');
      const { user, client } = await signedIn({ email });
      client.cookies.set('lang', 'zh');
      const started = await client.post('/api/user/start_totp.php', {
        current_password: DEFAULT_PASSWORD,
      });
      const secret = Secret.fromBase32(started.body.data.secret);
      let since = smtp.mails.length;
      await client.post('/api/user/enable_totp.php', { code: new TOTP({ secret }).generate() });
      const on = await smtp.next(email, since);
      expect(on.subject).toBe('您的Portico账户已开启两步验证');
      expect(on.text).toContain(`${base}/forgot-password`);

      client.cookies.set('lang', 'en');
      since = smtp.mails.length;
      const authenticator = new SoftAuthenticator(new URL(base).origin);
      const options = await client.post('/api/user/passkey_register_options.php', {
        current_password: DEFAULT_PASSWORD,
      });
      const added = await client.post('/api/user/add_passkey.php', {
        name: 'Desk key',
        credential: authenticator.create(options.body.data),
      });
      expect(added.status).toBe(200);
      const passkey = await smtp.next(email, since);
      expect(passkey.subject).toBe('A passkey was added to your Portico account');
      expect(passkey.text).toContain('“Desk key”');

      since = smtp.mails.length;
      const off = await client.post('/api/user/disable_totp.php', {
        current_password: DEFAULT_PASSWORD,
        code: new TOTP({ secret }).generate({ timestamp: Date.now() + 30_000 }),
      });
      expect(off.status).toBe(200);
      expect((await smtp.next(email, since)).subject).toBe(
        'Two-factor authentication is off for your Portico account',
      );

      const again = await client.post('/api/user/start_totp.php', {
        current_password: DEFAULT_PASSWORD,
      });
      await client.post('/api/user/enable_totp.php', {
        code: new TOTP({ secret: Secret.fromBase32(again.body.data.secret) }).generate(),
      });
      const admin = await adminClient(t);
      since = smtp.mails.length;
      const byAdmin = await admin.post('/api/admin/disable_user_two_factor.php', {
        user_id: user.id,
      });
      expect(byAdmin.status).toBe(200);
      const told = await smtp.next(email, since, (m) => m.subject.includes('off'));
      expect(told.text).toContain('by the site’s administrator');
    });

    it('is told of a sign-in from a browser the account was not used in, unless turned off', async () => {
      const email = address('devices');
      const { user } = await createUser(t, { email });
      const FIREFOX =
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
      const logIn = async (client: HttpClient) => {
        const res = await client.post(
          '/api/login.php',
          { username: user.username, password: DEFAULT_PASSWORD },
          { headers: { 'user-agent': FIREFOX } },
        );
        expect(res.status).toBe(200);
      };
      const since = smtp.mails.length;
      // The account's first browser is not news, nor is signing in there again.
      const first = await anonymous(t);
      await logIn(first);
      await logIn(first);
      const second = await anonymous(t);
      await logIn(second);
      const notice = await smtp.next(email, since);
      expect(notice.subject).toBe('New sign-in to your Portico account');
      expect(notice.text).toContain('Firefox · Windows');
      expect(notice.text).toContain('IP address 127.0.0.1');
      expect(notice.text).toContain(`${base}/forgot-password`);

      expect((await second.get('/api/user/get_email.php')).body.data.notify_new_sign_in).toBe(true);
      const bad = await second.post('/api/user/set_sign_in_notice.php', { enabled: 'no' });
      expect(bad.status).toBe(400);
      const off = await second.post('/api/user/set_sign_in_notice.php', { enabled: false });
      expect(off.status).toBe(200);
      expect(off.body.data).toMatchObject({ email, notify_new_sign_in: false });
      await logIn(await anonymous(t));

      const marker = await userWithEmail();
      await requestReset(marker.user.username);
      await smtp.next(marker.email, since);
      expect(smtp.mails.slice(since).filter((m) => m.to.includes(email))).toHaveLength(1);
    });

    it('says the site can send mail in its public settings', async () => {
      const res = await (await anonymous(t)).get('/api/get_config.php');
      expect(res.body.data.mail_enabled).toBe(true);
    });
  });
});

describe.each(TEST_DATABASES)('account e-mail limits and missing settings [%s]', (db) => {
  it('limits reset requests per address with 429 and Retry-After', async () => {
    const smtp = await startSmtp();
    const t = await startTestApp(db, { SMTP_URL: smtp.url, PASSWORD_RESETS_PER_IP_PER_HOUR: '2' });
    try {
      await setSiteUrl(t, t.baseUrl);
      const client = await anonymous(t);
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await client.post('/api/user/forgot_password.php', { login: 'x' })).status);
      }
      expect(statuses).toEqual([200, 200, 429]);
      const limited = await client.post('/api/user/forgot_password.php', { login: 'x' });
      expect(limited.body.code).toBe('request.rate_limited');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('answers 503 mail.not_configured without SMTP_URL, or without an address of its own, never using the Host', async () => {
    const smtp = await startSmtp();
    const noMail = await startTestApp(db);
    const noAddress = await startTestApp(db, { SMTP_URL: smtp.url });
    try {
      await setSiteUrl(noMail, noMail.baseUrl);
      const { user } = await createUser(noAddress, { email: address('hosted') });
      for (const t of [noMail, noAddress]) {
        const client = await anonymous(t);
        const res = await client.post('/api/user/forgot_password.php', { login: user.username });
        expect(res.status).toBe(503);
        expect(res.body.code).toBe('mail.not_configured');
        const register = await client.post('/api/register.php', {
          username: `nomail_${randomBytes(4).toString('hex')}`,
          password: DEFAULT_PASSWORD,
          email: address('nomail'),
        });
        expect(register.status).toBe(503);
        expect(register.body.code).toBe('mail.not_configured');
      }
      const config = await (await anonymous(noMail)).get('/api/get_config.php');
      expect(config.body.data.mail_enabled).toBe(false);
      // SMTP alone is not mail: without an address for its links no page asks for one.
      const hostOnly = await (await anonymous(noAddress)).get('/api/get_config.php');
      expect(hostOnly.body.data.mail_enabled).toBe(false);
      // Without an address for links the admin's link is a path on the site.
      const admin = await adminClient(noAddress);
      const link = await admin.post('/api/admin/create_password_reset_link.php', {
        user_id: user.id,
      });
      expect(link.status).toBe(200);
      expect(link.body.data.url).toMatch(/^\/reset-password#token=[A-Za-z0-9_-]{43}$/);
      expect(smtp.mails).toEqual([]);
    } finally {
      await noMail.close();
      await noAddress.close();
      await smtp.close();
    }
  });
});
