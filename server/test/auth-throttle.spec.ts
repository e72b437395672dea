import { describeEachDb, TEST_ADMIN } from './harness';
import { HttpClient } from './http-client';
import { createUser, DEFAULT_PASSWORD, primeCsrf } from './factories/users';

let ipSequence = 0;
/** Each test speaks from its own addresses (behind one trusted proxy), so counters do not mix. */
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
    it('locks an address out of an account after 5 failures, not the owner elsewhere', async () => {
      const { user } = await createUser(ctx.t);
      const c = await client(ctx);
      const attacker = nextIp();
      for (let i = 0; i < 5; i++) {
        expect((await login(c, attacker, user.username, 'wrong-password')).status).toBe(401);
      }
      const locked = await login(c, attacker, user.username.toUpperCase(), DEFAULT_PASSWORD);
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual({
        success: false,
        code: 'auth.login_throttled',
        message: 'too many failed logins, try again in 15 minute(s)',
      });
      const retryAfter = Number(locked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(880);
      expect(retryAfter).toBeLessThanOrEqual(900);

      // The owner, from a clean address, is not locked out.
      expect((await login(c, nextIp(), user.username, DEFAULT_PASSWORD)).status).toBe(200);

      // Another name from the same address is not affected.
      const { user: other } = await createUser(ctx.t);
      expect((await login(c, attacker, other.username, DEFAULT_PASSWORD)).status).toBe(200);

      // Once the window has passed the address may try again.
      const now = Date.now();
      const clock = jest.spyOn(Date, 'now').mockReturnValue(now + 15 * 60 * 1000 + 1000);
      try {
        expect((await login(c, attacker, user.username, DEFAULT_PASSWORD)).status).toBe(200);
      } finally {
        clock.mockRestore();
      }
    });

    it('never locks the owner out when the guesses come from many addresses, but slows them', async () => {
      const { user } = await createUser(ctx.t);
      const c = await client(ctx);
      for (let i = 0; i < 12; i++) {
        expect((await login(c, nextIp(), user.username, 'wrong-password')).status).toBe(401);
      }
      const started = performance.now();
      expect((await login(c, nextIp(), user.username, DEFAULT_PASSWORD)).status).toBe(200);
      // 12 failures (+ this attempt) are 3 past the slowdown threshold: at least 3 s of waiting.
      // A lower bound only: a busy machine makes it slower, never faster.
      expect(performance.now() - started).toBeGreaterThanOrEqual(2900);
    });

    it('checks and counts parallel guesses in one step: exactly 5 get through', async () => {
      const { user } = await createUser(ctx.t);
      const c = await client(ctx);
      const ip = nextIp();
      const statuses = await Promise.all(
        Array.from({ length: 40 }, () => login(c, ip, user.username, 'wrong-password')),
      );
      expect(statuses.map((r) => r.status).sort()).toEqual([
        ...Array<number>(5).fill(401),
        ...Array<number>(35).fill(429),
      ]);
    });

    it('counts unknown names too, with the same answers as known ones', async () => {
      const c = await client(ctx);
      const answers = [];
      const ip = nextIp();
      for (let i = 0; i < 6; i++) {
        answers.push((await login(c, ip, 'ghost_user', 'wrong-password')).status);
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

    it('a correct password clears the address’s failures on that account', async () => {
      const { user } = await createUser(ctx.t);
      const c = await client(ctx);
      const ip = nextIp();
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < 4; i++) {
          expect((await login(c, ip, user.username, 'wrong-password')).status).toBe(401);
        }
        expect((await login(c, ip, user.username, DEFAULT_PASSWORD)).status).toBe(200);
      }
    });

    it('locks the admin login the same way, and not for the admin elsewhere', async () => {
      const c = await client(ctx);
      const attacker = nextIp();
      const adminLogin = (password: string, ip: string) =>
        c.post(
          '/api/admin/admin_login.php',
          { username: TEST_ADMIN.username, password },
          { headers: { 'x-forwarded-for': ip } },
        );
      for (let i = 0; i < 5; i++) {
        expect((await adminLogin('wrong-password', attacker)).status).toBe(401);
      }
      const locked = await adminLogin(TEST_ADMIN.password, attacker);
      expect(locked.status).toBe(429);
      expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await adminLogin(TEST_ADMIN.password, nextIp())).status).toBe(200);
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
  { TRUST_PROXY: '1' },
);
