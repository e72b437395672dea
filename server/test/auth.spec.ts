import { Admin, Session } from '../src/database/entities';
import { SIGNED_IN_COOKIES } from '../src/contracts/sessions';
import { SESSION_COOKIES } from '../src/modules/sessions/session.service';
import { describeEachDb, TEST_ADMIN } from './harness';
import { HttpClient } from './http-client';
import { createUser, DEFAULT_PASSWORD, loginAdmin, loginUser, primeCsrf } from './factories/users';

const CSRF_MESSAGE = 'invalid or missing CSRF token, reload the page and try again';
const USER_COOKIE = SESSION_COOKIES.user;
const ADMIN_COOKIE = SESSION_COOKIES.admin;
/** An admin-only route of the back office, used to see AdminGuard at work. */
const ADMIN_ROUTE = '/api/admin/get_config.php';

/** A client that carries only the given cookies (as a stolen or replayed cookie would). */
function replay(base: HttpClient, cookies: Record<string, string>): HttpClient {
  const client = new HttpClient(base.baseUrl);
  for (const [name, value] of Object.entries(cookies)) client.cookies.set(name, value);
  return client;
}

describeEachDb('auth: user and admin login, sessions, CSRF', (ctx) => {
  const sessions = () => ctx.t.dataSource.getRepository(Session);

  describe('user login', () => {
    it('signs in, answers user_info with the key, and sets an httpOnly Lax session cookie', async () => {
      const { user, apiKey } = await createUser(ctx.t, { balance_milli: 12_500 });
      const client = ctx.t.client();
      await primeCsrf(client);
      const res = await client.post('/api/login.php', {
        username: user.username,
        password: DEFAULT_PASSWORD,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        message: 'login successful',
        user_info: {
          id: user.id,
          username: user.username,
          balance: '12.50',
          api_key: apiKey,
          created_at: user.created_at.toISOString(),
        },
      });
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${USER_COOKIE}=`))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).not.toMatch(/Secure/i);
      // Its readable companion tells a new tab that a session may exist, and holds nothing else.
      const hint = res.headers
        .getSetCookie()
        .find((c) => c.startsWith(`${SIGNED_IN_COOKIES.user}=`))!;
      expect(hint).toMatch(/^portico_signed_in=1;/);
      expect(hint).not.toMatch(/HttpOnly/i);
      expect(hint).toMatch(/SameSite=Lax/i);
      expect(hint).toMatch(/Path=\//);
      const me = await client.get('/api/user/get_user_info.php');
      expect(me.status).toBe(200);
      expect(me.body.data.username).toBe(user.username);
    });

    it('accepts the username in any case', async () => {
      const { user } = await createUser(ctx.t, { username: `Mixed_${Date.now() % 100000}` });
      const info = await loginUser(ctx.t, ctx.t.client(), user.username.toUpperCase());
      expect(info.username).toBe(user.username);
    });

    it.each([
      [{}, 'nothing'],
      [{ username: 'someone' }, 'no password'],
      [{ password: 'secret-1' }, 'no username'],
      [{ username: '', password: 'secret-1' }, 'empty username'],
      [{ username: 'someone', password: '' }, 'empty password'],
      [{ username: 42, password: ['x'] }, 'non-text fields'],
    ])('asks for both fields (%j: %s)', async (body: object, _case: string) => {
      const client = ctx.t.client();
      await primeCsrf(client);
      const res = await client.post('/api/login.php', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        message: 'please enter username and password',
        code: 'auth.credentials_missing',
      });
    });

    it('answers a wrong password and an unknown name the same way', async () => {
      const { user } = await createUser(ctx.t);
      const client = ctx.t.client();
      await primeCsrf(client);
      const wrong = await client.post('/api/login.php', {
        username: user.username,
        password: 'not-the-password',
      });
      const unknown = await client.post('/api/login.php', {
        username: 'nobody_by_this_name',
        password: 'not-the-password',
      });
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({
          success: false,
          message: 'invalid username or password',
          code: 'auth.login_failed',
        });
        expect(res.headers.getSetCookie().some((c) => c.startsWith(`${USER_COOKIE}=`))).toBe(false);
      }
    });

    it('refuses a disabled account', async () => {
      const { user } = await createUser(ctx.t, { status: 0 });
      const client = ctx.t.client();
      await primeCsrf(client);
      const res = await client.post('/api/login.php', {
        username: user.username,
        password: DEFAULT_PASSWORD,
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        success: false,
        message: 'this account is disabled',
        code: 'auth.account_disabled',
      });
    });
  });

  describe('sessions', () => {
    it('stores only the token hash and issues a new token at every login', async () => {
      const { user } = await createUser(ctx.t);
      const client = ctx.t.client();
      await loginUser(ctx.t, client, user.username);
      const first = client.cookies.get(USER_COOKIE)!;
      const rows = await sessions().findBy({ kind: 'user', subject_id: user.id });
      expect(rows).toHaveLength(1);
      expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0].token_hash).not.toContain(first);

      await loginUser(ctx.t, client, user.username);
      const second = client.cookies.get(USER_COOKIE)!;
      expect(second).not.toBe(first);
      expect(await sessions().countBy({ kind: 'user', subject_id: user.id })).toBe(1);
      const old = await replay(client, { [USER_COOKIE]: first }).get('/api/user/get_user_info.php');
      expect(old.status).toBe(401);
      expect(old.body).toEqual({
        success: false,
        message: 'please log in first',
        code: 'auth.unauthenticated',
      });
      expect((await client.get('/api/user/get_user_info.php')).status).toBe(200);
    });

    it('logout deletes the session: the old cookie no longer works', async () => {
      const { user } = await createUser(ctx.t);
      const client = ctx.t.client();
      await loginUser(ctx.t, client, user.username);
      const token = client.cookies.get(USER_COOKIE)!;
      const res = await client.post('/api/user/logout.php');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: 'logged out' });
      expect(client.cookies.has(USER_COOKIE)).toBe(false);
      expect(client.cookies.has(SIGNED_IN_COOKIES.user)).toBe(false);
      expect(await sessions().countBy({ kind: 'user', subject_id: user.id })).toBe(0);
      const again = await replay(client, { [USER_COOKIE]: token }).get(
        '/api/user/get_user_info.php',
      );
      expect(again.status).toBe(401);
    });

    it('expires after 30 days idle and slides while in use', async () => {
      const { user } = await createUser(ctx.t);
      const client = ctx.t.client();
      await loginUser(ctx.t, client, user.username);
      const where = { kind: 'user' as const, subject_id: user.id };
      const twoMinutesAgo = new Date(Date.now() - 120_000);
      await sessions().update(where, { last_seen_at: twoMinutesAgo });
      expect((await client.get('/api/user/get_user_info.php')).status).toBe(200);
      const touched = (await sessions().findOneByOrFail(where)).last_seen_at.getTime();
      expect(touched).toBeGreaterThan(twoMinutesAgo.getTime() + 60_000);

      await sessions().update(where, { expires_at: new Date(Date.now() - 1000) });
      expect((await client.get('/api/user/get_user_info.php')).status).toBe(401);
      expect(await sessions().countBy(where)).toBe(0);
    });

    it('answers 401 on user endpoints without a session', async () => {
      const client = ctx.t.client();
      expect((await client.get('/api/user/get_user_info.php')).status).toBe(401);
      expect((await client.get('/api/user/get_user_access_logs.php')).status).toBe(401);
      const change = await client.post('/api/user/change_api_key.php');
      expect(change.status).toBe(401);
      expect(change.body).toEqual({
        success: false,
        message: 'please log in first',
        code: 'auth.unauthenticated',
      });
    });
  });

  describe('CSRF (signed double submit)', () => {
    it('hands anonymous visitors a readable XSRF-TOKEN cookie on API reads', async () => {
      const res = await ctx.t.client().get('/api/user/get_user_info.php');
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='))!;
      expect(cookie).toBeDefined();
      expect(cookie).not.toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Path=\//);
    });

    it('keeps a valid token and replaces a forged one', async () => {
      const client = ctx.t.client();
      await primeCsrf(client);
      const again = await client.get('/api/user/get_user_info.php');
      expect(again.headers.getSetCookie().some((c) => c.startsWith('XSRF-TOKEN='))).toBe(false);
      client.cookies.set('XSRF-TOKEN', 'forged.token');
      await client.get('/api/user/get_user_info.php');
      expect(client.cookies.get('XSRF-TOKEN')).not.toBe('forged.token');
    });

    it('gives visitors without a session one shared token, and a session its own', async () => {
      const tokenOf = (res: { headers: Headers }) =>
        res.headers
          .getSetCookie()
          .filter((c) => c.startsWith('XSRF-TOKEN='))
          .map((c) => c.slice('XSRF-TOKEN='.length, c.indexOf(';')));
      const [a, b] = [ctx.t.client(), ctx.t.client()];
      const shared = tokenOf(await a.get('/api/get_api_list.php'));
      expect(shared).toHaveLength(1);
      expect(tokenOf(await b.get('/api/user/get_user_info.php'))).toEqual(shared);
      // The shared token works for a write without a session (a sign-in)...
      const { user } = await createUser(ctx.t);
      const login = await a.post('/api/login.php', {
        username: user.username,
        password: DEFAULT_PASSWORD,
      });
      expect(login.status).toBe(200);
      // ...which replaces it with one token of its own: one Set-Cookie, not the guard's too.
      const own = tokenOf(login);
      expect(own).toHaveLength(1);
      expect(own).not.toEqual(shared);
      // The signed-in visitor keeps that token; a new visitor still gets the shared one.
      expect(tokenOf(await a.get('/api/get_api_list.php'))).toEqual([]);
      expect((await a.post('/api/user/change_api_key.php')).status).toBe(200);
      expect(tokenOf(await ctx.t.client().get('/api/get_api_list.php'))).toEqual(shared);
    });

    it.each(['/api/login.php', '/api/register.php', '/api/admin/admin_login.php'])(
      'rejects %s without the header, with a wrong one, or without the cookie',
      async (path) => {
        const body = { username: 'csrf_user', password: 'password-1' };
        const client = ctx.t.client();
        await primeCsrf(client);
        const missing = await client.post(path, body, { noXsrf: true });
        const wrong = await client.post(path, body, {
          noXsrf: true,
          headers: { 'x-xsrf-token': 'x.y' },
        });
        const noCookie = await ctx.t.client().post(path, body);
        for (const res of [missing, wrong, noCookie]) {
          expect(res.status).toBe(403);
          expect(res.body).toEqual({
            success: false,
            message: CSRF_MESSAGE,
            code: 'auth.csrf_invalid',
          });
        }
      },
    );

    it('rejects a forged token even when cookie and header agree', async () => {
      const client = ctx.t.client();
      client.cookies.set('XSRF-TOKEN', 'abc.def');
      const res = await client.post('/api/login.php', { username: 'a', password: 'b' });
      expect(res.status).toBe(403);
    });

    it('binds the token to the session: login and logout replace it', async () => {
      const { user } = await createUser(ctx.t);
      const client = ctx.t.client();
      await primeCsrf(client);
      const anonymous = client.cookies.get('XSRF-TOKEN')!;
      await loginUser(ctx.t, client, user.username);
      const signedIn = client.cookies.get('XSRF-TOKEN')!;
      expect(signedIn).not.toBe(anonymous);

      // The anonymous token (or one from any other visitor) does not work for this session.
      const stale = await client.post('/api/user/change_api_key.php', undefined, {
        noXsrf: true,
        headers: { 'x-xsrf-token': decodeURIComponent(anonymous) },
      });
      expect(stale.status).toBe(403);
      const other = ctx.t.client();
      await primeCsrf(other);
      const foreign = decodeURIComponent(other.cookies.get('XSRF-TOKEN')!);
      client.cookies.set('XSRF-TOKEN', foreign);
      const planted = await client.post('/api/user/change_api_key.php');
      expect(planted.status).toBe(403);
      // The 403 handed out a fresh token for this session, so a retry works.
      expect(client.cookies.get('XSRF-TOKEN')).not.toBe(foreign);
      expect((await client.post('/api/user/change_api_key.php')).status).toBe(200);

      await client.post('/api/user/logout.php');
      expect(client.cookies.get('XSRF-TOKEN')).not.toBe(signedIn);
    });

    it('leaves the key-authenticated gateway and the Afdian webhook alone', async () => {
      const client = ctx.t.client();
      expect((await client.post('/apis/no-such-api', {})).status).not.toBe(403);
      expect((await client.post('/api/afdian/webhook', {})).status).not.toBe(403);
    });
  });

  describe('admin login', () => {
    it('signs the admin in with its own cookie and records last_login_at', async () => {
      const client = ctx.t.client();
      await primeCsrf(client);
      const res = await client.post('/api/admin/admin_login.php', TEST_ADMIN);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        message: 'login successful',
        data: { username: TEST_ADMIN.username, two_factor_setup_required: false },
      });
      expect(client.cookies.has(ADMIN_COOKIE)).toBe(true);
      expect(client.cookies.has(USER_COOKIE)).toBe(false);
      const admin = await ctx.t.dataSource
        .getRepository(Admin)
        .findOneByOrFail({ username: TEST_ADMIN.username });
      expect(admin.last_login_at).not.toBeNull();
      expect((await client.get(ADMIN_ROUTE)).status).toBe(200);
    });

    it('fails with the admin message and asks for both fields', async () => {
      const client = ctx.t.client();
      await primeCsrf(client);
      for (const body of [
        { username: TEST_ADMIN.username, password: 'wrong-password' },
        { username: 'no_such_admin', password: 'wrong-password' },
      ]) {
        const res = await client.post('/api/admin/admin_login.php', body);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({
          success: false,
          message: 'login failed, check username and password',
          code: 'auth.login_failed',
        });
      }
      const empty = await client.post('/api/admin/admin_login.php', { username: '', password: '' });
      expect(empty.status).toBe(400);
      expect(empty.body).toEqual({
        success: false,
        message: 'please enter username and password',
        code: 'auth.credentials_missing',
      });
    });

    it('logout ends the admin session only', async () => {
      const { user } = await createUser(ctx.t);
      const client = ctx.t.client();
      await loginUser(ctx.t, client, user.username);
      await loginAdmin(ctx.t, client);
      expect(client.cookies.get(SIGNED_IN_COOKIES.admin)).toBe('1');
      const res = await client.post('/api/admin/logout.php');
      expect(res.status).toBe(200);
      expect(client.cookies.has(SIGNED_IN_COOKIES.admin)).toBe(false);
      expect(client.cookies.get(SIGNED_IN_COOKIES.user)).toBe('1');
      expect((await client.get(ADMIN_ROUTE)).status).toBe(401);
      expect((await client.get('/api/user/get_user_info.php')).status).toBe(200);
    });

    it('keeps user and admin sessions apart', async () => {
      const { user } = await createUser(ctx.t);
      const asUser = ctx.t.client();
      await loginUser(ctx.t, asUser, user.username);
      expect((await asUser.get(ADMIN_ROUTE)).status).toBe(401);

      const asAdmin = ctx.t.client();
      await loginAdmin(ctx.t, asAdmin);
      expect((await asAdmin.get('/api/user/get_user_info.php')).status).toBe(401);
      // An admin token presented in the user cookie is not a user session either.
      const swapped = replay(asAdmin, { [USER_COOKIE]: asAdmin.cookies.get(ADMIN_COOKIE)! });
      expect((await swapped.get('/api/user/get_user_info.php')).status).toBe(401);
      const swappedBack = replay(asUser, { [ADMIN_COOKIE]: asUser.cookies.get(USER_COOKIE)! });
      expect((await swappedBack.get(ADMIN_ROUTE)).status).toBe(401);
    });
  });
});
