import { Session, User } from '../src/database/entities';
import { adminClient } from './factories/admin';
import { createUser, DEFAULT_PASSWORD, loginUser, primeCsrf } from './factories/users';
import { describeEachDb, TEST_ADMIN, TestApp } from './harness';
import type { HttpClient } from './http-client';

const FIREFOX_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A client that sends this user agent on every request. */
function clientAs(t: TestApp, userAgent: string): HttpClient {
  const client = t.client();
  const request = client.request.bind(client);
  client.request = (method, path, body, options = {}) =>
    request(method, path, body, {
      ...options,
      headers: { 'user-agent': userAgent, ...options.headers },
    });
  return client;
}

/** One user signed in twice: `here` (Firefox on macOS) and `there` (Chrome on Windows). */
async function twoSessions(t: TestApp) {
  const { user } = await createUser(t);
  const here = clientAs(t, FIREFOX_MAC);
  const there = clientAs(t, CHROME_WINDOWS);
  await loginUser(t, here, user.username);
  await loginUser(t, there, user.username);
  return { user, here, there };
}

/** A login attempt from a fresh browser. */
async function tryLogin(t: TestApp, username: string, password: string) {
  const client = t.client();
  await primeCsrf(client);
  return client.post('/api/login.php', { username, password });
}

const info = (client: HttpClient) => client.get('/api/user/get_user_info.php');

async function sessionsOf(client: HttpClient, path = '/api/user/get_sessions.php') {
  const res = await client.get(path);
  expect(res.status).toBe(200);
  return res.body.data.sessions as {
    id: string;
    device: string;
    ip: string;
    created_at: string;
    last_seen_at: string;
    current: boolean;
  }[];
}

async function storedHash(t: TestApp, id: number) {
  return (await t.dataSource.getRepository(User).findOneByOrFail({ id })).password_hash;
}

describeEachDb('account security', (ctx) => {
  describe('change password', () => {
    const path = '/api/user/change_password.php';

    it('refuses a wrong current password and changes nothing', async () => {
      const { user, here, there } = await twoSessions(ctx.t);
      const before = await storedHash(ctx.t, user.id);
      const res = await here.post(path, {
        current_password: 'not-the-password',
        new_password: 'brand-new-pass',
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        code: 'auth.current_password_wrong',
        field: 'current_password',
      });
      expect(await storedHash(ctx.t, user.id)).toBe(before);
      expect((await info(there)).status).toBe(200);
      expect((await info(here)).status).toBe(200);
    });

    it('ends the other sessions, keeps this one, and swaps the password', async () => {
      const { user, here, there } = await twoSessions(ctx.t);
      const res = await here.post(path, {
        current_password: DEFAULT_PASSWORD,
        new_password: 'brand-new-pass',
      });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect((await info(here)).status).toBe(200);
      const gone = await info(there);
      expect(gone.status).toBe(401);
      expect(gone.body.code).toBe('auth.unauthenticated');

      expect((await tryLogin(ctx.t, user.username, DEFAULT_PASSWORD)).status).toBe(401);
      const fresh = ctx.t.client();
      await loginUser(ctx.t, fresh, user.username, 'brand-new-pass');
      expect((await info(fresh)).status).toBe(200);
    });

    it.each([
      [
        { current_password: DEFAULT_PASSWORD, new_password: '12345' },
        'users.password_too_short',
        'new_password',
      ],
      [
        { current_password: DEFAULT_PASSWORD, new_password: 'x'.repeat(129) },
        'users.password_too_long',
        'new_password',
      ],
      [{ new_password: 'brand-new-pass' }, 'request.validation', 'current_password'],
      [{ current_password: DEFAULT_PASSWORD }, 'request.validation', 'new_password'],
      [
        { current_password: 7, new_password: 'brand-new-pass' },
        'request.validation',
        'current_password',
      ],
    ])('refuses %j with %s on %s, changing nothing', async (body, code, field) => {
      const { user, here, there } = await twoSessions(ctx.t);
      const before = await storedHash(ctx.t, user.id);
      const res = await here.post(path, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code, field });
      expect(await storedHash(ctx.t, user.id)).toBe(before);
      expect((await info(there)).status).toBe(200);
    });

    it('needs a session and the XSRF header', async () => {
      const anonymous = ctx.t.client();
      await primeCsrf(anonymous);
      const body = { current_password: DEFAULT_PASSWORD, new_password: 'brand-new-pass' };
      expect((await anonymous.post(path, body)).status).toBe(401);
      const { user, here } = await twoSessions(ctx.t);
      const before = await storedHash(ctx.t, user.id);
      const forged = await here.post(path, body, { noXsrf: true });
      expect(forged.status).toBe(403);
      expect(forged.body.code).toBe('auth.csrf_invalid');
      expect(await storedHash(ctx.t, user.id)).toBe(before);
    });

    it('counts wrong current passwords toward the login lock-out', async () => {
      const { user, here } = await twoSessions(ctx.t);
      const before = await storedHash(ctx.t, user.id);
      for (let i = 0; i < 5; i++) {
        const res = await here.post(path, {
          current_password: `wrong-${i}`,
          new_password: 'brand-new-pass',
        });
        expect(res.body.code).toBe('auth.current_password_wrong');
      }
      const locked = await here.post(path, {
        current_password: DEFAULT_PASSWORD,
        new_password: 'brand-new-pass',
      });
      expect(locked.status).toBe(429);
      expect(locked.body.code).toBe('auth.login_throttled');
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      // The same account and address are locked out of the login form too.
      expect((await tryLogin(ctx.t, user.username, DEFAULT_PASSWORD)).status).toBe(429);
      expect(await storedHash(ctx.t, user.id)).toBe(before);
    });
  });

  describe('user sessions', () => {
    it('lists both sessions with their device, the current one marked, and no secrets', async () => {
      const { here } = await twoSessions(ctx.t);
      const res = await here.get('/api/user/get_sessions.php');
      expect(res.headers.get('cache-control')).toContain('no-store');
      const sessions = res.body.data.sessions as Awaited<ReturnType<typeof sessionsOf>>;
      expect(sessions).toHaveLength(2);
      expect(sessions.filter((s) => s.current)).toHaveLength(1);
      expect(sessions[0]).toMatchObject({ current: true, device: 'Firefox · macOS' });
      expect(sessions[1]).toMatchObject({ current: false, device: 'Chrome · Windows' });
      for (const session of sessions) {
        expect(Object.keys(session).sort()).toEqual(
          ['created_at', 'current', 'device', 'id', 'ip', 'last_seen_at'].sort(),
        );
        expect(new Date(session.last_seen_at).getTime()).not.toBeNaN();
        expect(session.ip).toBeTruthy();
      }
      const hashes = (await ctx.t.dataSource.getRepository(Session).find()).map(
        (s) => s.token_hash,
      );
      for (const session of sessions) expect(hashes).not.toContain(session.id);
      expect(res.text).not.toMatch(new RegExp(hashes.join('|')));
    });

    it('signs one session out: that client gets 401, this one stays', async () => {
      const { here, there } = await twoSessions(ctx.t);
      const other = (await sessionsOf(here)).find((s) => !s.current)!;
      const res = await here.post('/api/user/revoke_session.php', { id: other.id });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect((await info(there)).status).toBe(401);
      expect((await info(here)).status).toBe(200);
      expect(await sessionsOf(here)).toHaveLength(1);
      const again = await here.post('/api/user/revoke_session.php', { id: other.id });
      expect(again.status).toBe(404);
      expect(again.body.code).toBe('auth.session_not_found');
    });

    it("answers 404 for someone else's session and leaves it signed in", async () => {
      const alice = await twoSessions(ctx.t);
      const bob = await twoSessions(ctx.t);
      const bobsSession = (await sessionsOf(bob.here)).find((s) => !s.current)!;
      const count = await ctx.t.dataSource.getRepository(Session).count();
      const res = await alice.here.post('/api/user/revoke_session.php', { id: bobsSession.id });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'auth.session_not_found' });
      expect(await ctx.t.dataSource.getRepository(Session).count()).toBe(count);
      expect((await info(bob.there)).status).toBe(200);
    });

    it('refuses a missing or malformed id', async () => {
      const { here, there } = await twoSessions(ctx.t);
      for (const body of [{}, { id: '' }, { id: 42 }, { id: 'x'.repeat(65) }]) {
        const res = await here.post('/api/user/revoke_session.php', body);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'request.validation', field: 'id' });
      }
      const unknown = await here.post('/api/user/revoke_session.php', { id: 'no-such-session' });
      expect(unknown.status).toBe(404);
      expect((await info(there)).status).toBe(200);
    });

    it('signing out the current session by its id is a sign-out', async () => {
      const { here, there } = await twoSessions(ctx.t);
      const mine = (await sessionsOf(here)).find((s) => s.current)!;
      expect((await here.post('/api/user/revoke_session.php', { id: mine.id })).status).toBe(200);
      expect((await info(here)).status).toBe(401);
      expect((await info(there)).status).toBe(200);
    });

    it('signs out everywhere else', async () => {
      const { user, here, there } = await twoSessions(ctx.t);
      const third = ctx.t.client();
      await loginUser(ctx.t, third, user.username);
      const res = await here.post('/api/user/revoke_other_sessions.php');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ revoked: 2 });
      expect((await info(there)).status).toBe(401);
      expect((await info(third)).status).toBe(401);
      expect((await info(here)).status).toBe(200);
      expect((await sessionsOf(here)).map((s) => s.current)).toEqual([true]);
    });

    it('keeps users and admins apart', async () => {
      const { here } = await twoSessions(ctx.t);
      const admin = await adminClient(ctx.t);
      const adminSession = (await sessionsOf(admin, '/api/admin/get_admin_sessions.php'))[0];
      expect((await here.get('/api/admin/get_admin_sessions.php')).status).toBe(401);
      const res = await here.post('/api/user/revoke_session.php', { id: adminSession.id });
      expect(res.status).toBe(404);
      expect((await admin.get('/api/admin/get_admin_sessions.php')).status).toBe(200);
    });
  });

  describe('admin sessions', () => {
    const list = '/api/admin/get_admin_sessions.php';

    it('lists, signs out one and signs out everywhere else', async () => {
      const here = await adminClient(ctx.t);
      const there = await adminClient(ctx.t);
      const third = await adminClient(ctx.t);
      const config = (client: HttpClient) => client.get('/api/admin/get_config.php');
      const sessions = await sessionsOf(here, list);
      expect(sessions.length).toBeGreaterThanOrEqual(3);
      expect(sessions.filter((s) => s.current)).toHaveLength(1);
      expect(sessions[0].current).toBe(true);

      const theirs = (await sessionsOf(there, list)).find((s) => s.current)!;
      const one = await here.post('/api/admin/revoke_admin_session.php', { id: theirs.id });
      expect(one.status).toBe(200);
      expect((await config(there)).status).toBe(401);
      expect((await config(third)).status).toBe(200);

      const foreign = await here.post('/api/admin/revoke_admin_session.php', { id: 'unknown' });
      expect(foreign.status).toBe(404);
      expect(foreign.body.code).toBe('auth.session_not_found');
      const bad = await here.post('/api/admin/revoke_admin_session.php', {});
      expect(bad.body).toMatchObject({ code: 'request.validation', field: 'id' });

      const rest = await here.post('/api/admin/revoke_other_admin_sessions.php');
      expect(rest.status).toBe(200);
      expect(rest.body.data.revoked).toBeGreaterThanOrEqual(1);
      expect((await config(third)).status).toBe(401);
      expect((await config(here)).status).toBe(200);
      expect((await sessionsOf(here, list)).map((s) => s.current)).toEqual([true]);

      const user = ctx.t.client();
      await primeCsrf(user);
      expect((await user.get(list)).status).toBe(401);
      expect((await user.post('/api/admin/revoke_other_admin_sessions.php')).status).toBe(401);
      // The admin can still sign in afresh.
      const again = ctx.t.client();
      await primeCsrf(again);
      expect((await again.post('/api/admin/admin_login.php', TEST_ADMIN)).status).toBe(200);
    });
  });
});
