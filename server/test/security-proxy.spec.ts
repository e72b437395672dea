import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session } from '../src/database/entities';
import { EnvError, loadEnv } from '../src/env/env';
import { PinoLogger } from '../src/common/pino-logger';
import { afdianMode } from '../src/modules/recharge/afdian-sandbox';
import type { CreatedApiKey } from '../src/contracts/api-keys';
import { adminClient } from './factories/admin';
import { createGatewayApi } from './factories/gateway';
import { createUser, DEFAULT_PASSWORD, loginUser, primeCsrf } from './factories/users';
import { describeEachDb, startTestApp } from './harness';
import type { HttpClient } from './http-client';

/** Variables loadEnv needs besides those under test: nothing is written anywhere. */
const BASE = { APP_SECRET: 'p'.repeat(40), DATA_DIR: mkdtempSync(join(tmpdir(), 'portico-env-')) };
const PRODUCTION = { ...BASE, NODE_ENV: 'production' };
const DAY_MS = 24 * 60 * 60 * 1000;

/** loadEnv's refusal, or '' when it accepts the variables. */
function refusal(vars: Record<string, string>): string {
  try {
    loadEnv(vars);
    return '';
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    return error.message;
  }
}

describe('security: test-only switches in production', () => {
  it.each([
    ['AFDIAN_MODE', 'sandbox'],
    ['ALERT_WEBHOOK_ALLOW_LOOPBACK', 'true'],
    ['AFDIAN_BASE_URL', 'https://ifdian.net,http://127.0.0.1:9999'],
  ])('refuses %s=%s in production, naming it and the override', (name, value) => {
    const message = refusal({ ...PRODUCTION, [name]: value });
    expect(message).toContain(`${name}: ${name}=${value} is a test-only setting`);
    expect(message).toContain('I_UNDERSTAND_TEST_SWITCHES_IN_PRODUCTION=true');
    // Outside production the same setting is what tests and demos use.
    expect(refusal({ ...PRODUCTION, NODE_ENV: 'test', [name]: value })).toBe('');
  });

  it('names every test-only switch that is on at once, and never picks the sandbox itself', () => {
    const message = refusal({
      ...PRODUCTION,
      AFDIAN_MODE: 'sandbox',
      ALERT_WEBHOOK_ALLOW_LOOPBACK: 'true',
    });
    expect(message).toMatch(/AFDIAN_MODE: /);
    expect(message).toMatch(/ALERT_WEBHOOK_ALLOW_LOOPBACK: /);
    // Left at auto, production never falls back to the sandbox.
    expect(afdianMode(loadEnv({ ...PRODUCTION, AFDIAN_MODE: 'auto' }))).toBe('not_configured');
    expect(afdianMode(loadEnv({ ...PRODUCTION, NODE_ENV: 'development' }))).toBe('sandbox');
  });

  it('starts with the override, and says so loudly at start', async () => {
    const warn = jest.spyOn(PinoLogger.prototype, 'warn');
    const t = await startTestApp('sqlite', {
      NODE_ENV: 'production',
      APP_SECRET: 'p'.repeat(40),
      AFDIAN_MODE: 'sandbox',
      ALERT_WEBHOOK_ALLOW_LOOPBACK: 'true',
      I_UNDERSTAND_TEST_SWITCHES_IN_PRODUCTION: 'true',
      TRUST_PROXY: '1',
    });
    try {
      const warnings = warn.mock.calls.map(([message]) => String(message));
      expect(warnings).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            /TEST-ONLY SETTINGS ARE ON IN PRODUCTION.*AFDIAN_MODE=sandbox, ALERT_WEBHOOK_ALLOW_LOOPBACK=true/,
          ),
          // Behind a proxy without PUBLIC_URL, links cannot be absolute: said at start too.
          expect.stringMatching(/^PUBLIC_URL is not set: behind a proxy/),
        ]),
      );
      expect((await t.client().get('/healthz')).status).toBe(200);
    } finally {
      warn.mockRestore();
      await t.close();
    }
  });
});

describe('security: TRUST_PROXY syntax', () => {
  it('refuses `true`, which trusted every hop, telling what to write instead', () => {
    for (const value of ['true', 'yes', '10.0.0.1/33', '10.0.0.1,bogus', '11']) {
      expect(refusal({ ...BASE, TRUST_PROXY: value })).toContain(
        'TRUST_PROXY must be false, the number',
      );
    }
  });

  it('takes off, a hop count, or addresses and CIDRs', () => {
    const trustProxy = (value: string) => loadEnv({ ...BASE, TRUST_PROXY: value }).TRUST_PROXY;
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('0')).toBe(false);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy(' 10.0.0.5, 172.18.0.0/16,fd00::/8,loopback')).toEqual([
      '10.0.0.5',
      '172.18.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
  });
});

/** As nginx sends it on: whatever the client wrote, then the address nginx saw. */
const forwarded = (claimed: string, real: string) => ({ 'x-forwarded-for': `${claimed}, ${real}` });
let spoof = 0;
const spoofed = () => `198.18.${Math.floor(++spoof / 250)}.${spoof % 250}`;

describeEachDb(
  'security: one trusted proxy hop, a forged X-Forwarded-For',
  (ctx) => {
    it('locks the login of the real address out, whatever address the client claims', async () => {
      const { user } = await createUser(ctx.t);
      const c = ctx.t.client();
      await primeCsrf(c);
      const login = (password: string) =>
        c.post(
          '/api/login.php',
          { username: user.username, password },
          { headers: forwarded(spoofed(), '203.0.113.10') },
        );
      for (let i = 0; i < 5; i++) expect((await login('wrong-password')).status).toBe(401);
      const locked = await login(DEFAULT_PASSWORD);
      expect(locked.status).toBe(429);
      // The owner, from another real address, still signs in.
      const owner = await c.post(
        '/api/login.php',
        { username: user.username, password: DEFAULT_PASSWORD },
        { headers: forwarded('203.0.113.10', '203.0.113.11') },
      );
      expect(owner.status).toBe(200);
    });

    it('counts guessed keys against the real address', async () => {
      const api = await createGatewayApi(ctx.t);
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await ctx.t.client().get(`/apis/${api.name_en}`, {
          headers: { 'x-api-key': `pk_guess_${i}`, ...forwarded(spoofed(), '203.0.113.20') },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    });

    it("checks a key's allowed IPs against the real address", async () => {
      const api = await createGatewayApi(ctx.t);
      const { user } = await createUser(ctx.t);
      const c = ctx.t.client();
      await loginUser(ctx.t, c, user.username);
      const created = await c.post<{ data: CreatedApiKey }>('/api/user/create_api_key.php', {
        name: 'office',
        allowed_ips: ['203.0.113.0/24'],
      });
      expect(created.status).toBe(200);
      const call = (headers: Record<string, string>) =>
        ctx.t.client().get(`/apis/${api.name_en}`, {
          headers: { 'x-api-key': created.body.data.secret, ...headers },
        });
      const outside = await call(forwarded('203.0.113.5', '198.51.100.9'));
      expect(outside.status).toBe(403);
      expect(outside.body.code).toBe('gateway.ip_not_allowed');
      expect((await call(forwarded('198.51.100.9', '203.0.113.5'))).status).toBe(200);
    });
  },
  { TRUST_PROXY: '1', RATE_LIMIT_PER_IP: '5' },
);

describeEachDb(
  'security: a proxy trusted by address',
  (ctx) => {
    it('believes X-Forwarded-For only from the listed proxy', async () => {
      const api = await createGatewayApi(ctx.t);
      const { user } = await createUser(ctx.t);
      const c = ctx.t.client();
      await loginUser(ctx.t, c, user.username);
      const created = await c.post<{ data: CreatedApiKey }>('/api/user/create_api_key.php', {
        name: 'office',
        allowed_ips: ['203.0.113.0/24'],
      });
      // This test's connections come from 127.0.0.1, which is not the trusted proxy: the header
      // is the client's own writing, and the address is the connection's.
      const res = await ctx.t.client().get(`/apis/${api.name_en}`, {
        headers: { 'x-api-key': created.body.data.secret, 'x-forwarded-for': '203.0.113.5' },
      });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('gateway.ip_not_allowed');
    });
  },
  { TRUST_PROXY: '10.9.9.9' },
);

const EVIL = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

describeEachDb(
  'security: the public URL comes from PUBLIC_URL',
  (ctx) => {
    it.each(['/openapi.json', '/llms.txt', '/sitemap.xml', '/robots.txt'])(
      '%s names PUBLIC_URL, never X-Forwarded-Host or the Host a proxy passes on',
      async (path) => {
        await createGatewayApi(ctx.t);
        const res = await ctx.t
          .client()
          .get(path, { headers: { ...EVIL, ...forwarded('1.2.3.4', '203.0.113.30') } });
        expect(res.status).toBe(200);
        expect(res.text).toContain('https://portico.example');
        expect(res.text).not.toContain('evil.example');
        expect(res.text).not.toContain('127.0.0.1');
      },
    );
  },
  { TRUST_PROXY: '1', PUBLIC_URL: 'https://portico.example/' },
);

describeEachDb(
  'security: behind a proxy without PUBLIC_URL',
  (ctx) => {
    it.each(['/openapi.json', '/llms.txt', '/sitemap.xml'])(
      '%s uses relative URLs rather than a host the client chose',
      async (path) => {
        await createGatewayApi(ctx.t);
        const res = await ctx.t.client().get(path, { headers: EVIL });
        expect(res.status).toBe(200);
        expect(res.text).not.toContain('evil.example');
        expect(res.text).not.toContain('127.0.0.1');
      },
    );
  },
  { TRUST_PROXY: '1' },
);

/** Sends `head`, then `drip` every 200 ms, never ending the request; resolves with the answer. */
function trickle(
  port: number,
  head: string,
  drip: string,
): Promise<{ answer: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(head);
      timer = setInterval(() => socket.write(drip), 200);
    });
    const done = () => {
      clearInterval(timer);
      resolve({ answer: Buffer.concat(chunks).toString('utf8'), ms: Date.now() - started });
    };
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', done);
    socket.on('error', () => socket.destroy());
    // The old server held such a request forever: give up on it well past the limit.
    setTimeout(() => socket.destroy(), 25_000);
  });
}

const TIMEOUT_ANSWER = {
  success: false,
  code: 'request.timeout',
  message: 'the request took too long to arrive',
};
const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describeEachDb(
  'security: slow requests',
  (ctx) => {
    const port = () => Number(new URL(ctx.t.baseUrl).port);

    it('answers a trickled body 408 once REQUEST_TIMEOUT_MS has passed, and closes', async () => {
      const { answer, ms } = await trickle(
        port(),
        'POST /api/login.php HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          'Content-Length: 1000\r\n\r\n',
        '{',
      );
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(bodyOf(answer)).toEqual(TIMEOUT_ANSWER);
      expect(ms).toBeGreaterThanOrEqual(9000);
      expect(ms).toBeLessThan(20_000);
    }, 30_000);

    it('answers trickled headers 408 once HEADERS_TIMEOUT_MS has passed, and closes', async () => {
      const { answer, ms } = await trickle(
        port(),
        'GET /api/get_config.php HTTP/1.1\r\nHost: x\r\n',
        'X-Slow: a\r\n',
      );
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(bodyOf(answer)).toEqual(TIMEOUT_ANSWER);
      // Well before the whole request's limit (10 s): the headers' own limit closed it.
      expect(ms).toBeLessThan(8000);
    }, 30_000);
  },
  { REQUEST_TIMEOUT_MS: '10000', HEADERS_TIMEOUT_MS: '1000' },
);

async function loggedIn(t: Parameters<typeof createUser>[0], c: HttpClient) {
  const { user } = await createUser(t);
  await primeCsrf(c);
  const res = await c.post('/api/login.php', {
    username: user.username,
    password: DEFAULT_PASSWORD,
  });
  expect(res.status).toBe(200);
  return { user, res };
}

describeEachDb(
  'security: cookies follow PUBLIC_URL',
  (ctx) => {
    it('marks the session, sign-in, device and XSRF cookies Secure when PUBLIC_URL is https, over plain http', async () => {
      const { res } = await loggedIn(ctx.t, ctx.t.client());
      const cookies = res.headers.getSetCookie();
      expect(cookies.map((cookie) => cookie.split('=')[0]).sort()).toEqual([
        'XSRF-TOKEN',
        'device',
        'portico_session',
        'portico_signed_in',
      ]);
      for (const cookie of cookies) expect(cookie).toMatch(/; Secure/i);
    });
  },
  { PUBLIC_URL: 'https://portico.example' },
);

describeEachDb(
  'security: absolute session lifetime',
  (ctx) => {
    const ageSession = (userId: number, days: number) =>
      ctx.t.dataSource
        .getRepository(Session)
        .update(
          { subject_id: userId, kind: 'user' },
          { created_at: new Date(Date.now() - days * DAY_MS) },
        );

    it('ends a session SESSION_MAX_AGE_DAYS after sign-in, however active', async () => {
      const c = ctx.t.client();
      const { user } = await loggedIn(ctx.t, c);
      await ageSession(user.id, 6.9);
      expect((await c.get('/api/user/get_user_info.php')).status).toBe(200);
      await ageSession(user.id, 7.1);
      const ended = await c.get('/api/user/get_user_info.php');
      expect(ended.status).toBe(401);
      expect(await ctx.t.dataSource.getRepository(Session).countBy({ subject_id: user.id })).toBe(
        0,
      );
    });

    it('never slides the idle expiry past the end of life', async () => {
      const c = ctx.t.client();
      const { user } = await loggedIn(ctx.t, c);
      const sessions = ctx.t.dataSource.getRepository(Session);
      const fresh = await sessions.findOneByOrFail({ subject_id: user.id });
      expect(fresh.expires_at.getTime() - fresh.created_at.getTime()).toBeLessThanOrEqual(
        7 * DAY_MS + 1000,
      );
      // Six days in and last seen minutes ago: the request slides the idle expiry, up to day 7.
      const createdAt = new Date(Date.now() - 6 * DAY_MS);
      await sessions.update(
        { subject_id: user.id },
        { created_at: createdAt, last_seen_at: new Date(Date.now() - 5 * 60 * 1000) },
      );
      expect((await c.get('/api/user/get_user_info.php')).status).toBe(200);
      const slid = await sessions.findOneByOrFail({ subject_id: user.id });
      expect(slid.last_seen_at.getTime()).toBeGreaterThan(Date.now() - 60 * 1000);
      expect(slid.expires_at.getTime()).toBeLessThanOrEqual(
        createdAt.getTime() + 7 * DAY_MS + 1000,
      );
    });
  },
  { SESSION_MAX_AGE_DAYS: '7' },
);

describeEachDb('security: the JSON API is never stored', (ctx) => {
  it('answers no-store to sign-in, user, admin and public JSON, errors included', async () => {
    const c = ctx.t.client();
    const { res: login } = await loggedIn(ctx.t, c);
    const admin = await adminClient(ctx.t);
    const answers = [
      login,
      await c.get('/api/user/get_user_info.php'),
      await c.get('/api/user/get_api_keys.php'),
      await admin.get('/api/admin/get_user_list.php'),
      await ctx.t.client().get('/api/get_config.php'),
      await ctx.t.client().get('/api/user/get_user_info.php'),
      await ctx.t.client().post('/api/login.php', { username: 'x', password: 'y' }),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 401, 403]);
    for (const res of answers) expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
