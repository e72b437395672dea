import { describeEachDb, TEST_ADMIN } from './harness';
import { HttpClient } from './http-client';
import { createUser, DEFAULT_PASSWORD, primeCsrf } from './factories/users';

let ipSequence = 0;
/** Each test speaks from its own addresses (TRUST_PROXY is on), so counters do not mix. */
const nextIp = () => `10.0.${Math.floor(++ipSequence / 250)}.${ipSequence % 250}`;

async function client(ctx: { t: { client(): HttpClient } }): Promise<HttpClient> {
  const c = ctx.t.client();
  await primeCsrf(c);
  return c;
}

const login = (c: HttpClient, ip: string, username: string, password: string) =>
  c.post('/api/login.php', { username, password }, { headers: { 'x-forwarded-for': ip } });

describeEachDb(
  'auth: brute-force lock-out',
  (ctx) => {
    it('locks a username after 5 failures in 15 minutes, whatever the IP, with Retry-After', async () => {
      const { user } = await createUser(ctx.t);
      const c = await client(ctx);
      for (let i = 0; i < 5; i++) {
        expect((await login(c, nextIp(), user.username, 'wrong-password')).status).toBe(401);
      }
      const locked = await login(c, nextIp(), user.username.toUpperCase(), DEFAULT_PASSWORD);
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual({
        success: false,
        message: 'too many failed logins, try again in 15 minute(s)',
      });
      const retryAfter = Number(locked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(880);
      expect(retryAfter).toBeLessThanOrEqual(900);

      // Another name from the same address is not affected.
      const { user: other } = await createUser(ctx.t);
      expect((await login(c, nextIp(), other.username, DEFAULT_PASSWORD)).status).toBe(200);

      // Once the window has passed the name may try again.
      const now = Date.now();
      const clock = jest.spyOn(Date, 'now').mockReturnValue(now + 15 * 60 * 1000 + 1000);
      try {
        expect((await login(c, nextIp(), user.username, DEFAULT_PASSWORD)).status).toBe(200);
      } finally {
        clock.mockRestore();
      }
    });

    it('counts unknown names too, with the same answers as known ones', async () => {
      const c = await client(ctx);
      const answers = [];
      for (let i = 0; i < 6; i++) {
        answers.push((await login(c, nextIp(), 'ghost_user', 'wrong-password')).status);
      }
      expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
    });

    it('locks an IP after 20 failures across names', async () => {
      const { user } = await createUser(ctx.t);
      const c = await client(ctx);
      const ip = nextIp();
      for (let i = 0; i < 20; i++) {
        expect((await login(c, ip, `name_${i}`, 'wrong-password')).status).toBe(401);
      }
      const locked = await login(c, ip, user.username, DEFAULT_PASSWORD);
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await login(c, nextIp(), user.username, DEFAULT_PASSWORD)).status).toBe(200);
    });

    it('a correct password clears the name’s failures', async () => {
      const { user } = await createUser(ctx.t);
      const c = await client(ctx);
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < 4; i++) {
          expect((await login(c, nextIp(), user.username, 'wrong-password')).status).toBe(401);
        }
        expect((await login(c, nextIp(), user.username, DEFAULT_PASSWORD)).status).toBe(200);
      }
    });

    it('locks the admin login the same way', async () => {
      const c = await client(ctx);
      const adminLogin = (password: string) =>
        c.post(
          '/api/admin/admin_login.php',
          { username: TEST_ADMIN.username, password },
          { headers: { 'x-forwarded-for': nextIp() } },
        );
      for (let i = 0; i < 5; i++) expect((await adminLogin('wrong-password')).status).toBe(401);
      const locked = await adminLogin(TEST_ADMIN.password);
      expect(locked.status).toBe(429);
      expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
    });

    it('marks cookies Secure behind an HTTPS proxy', async () => {
      const { user } = await createUser(ctx.t);
      const c = await client(ctx);
      const res = await c.post(
        '/api/login.php',
        { username: user.username, password: DEFAULT_PASSWORD },
        { headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': nextIp() } },
      );
      expect(res.status).toBe(200);
      const cookies = res.headers.getSetCookie();
      expect(cookies.length).toBeGreaterThanOrEqual(2);
      for (const cookie of cookies) expect(cookie).toMatch(/; Secure/i);
    });
  },
  { TRUST_PROXY: 'true' },
);
