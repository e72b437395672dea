import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FriendLink, User } from '../src/database/entities';
import { upstreamUrl } from '../src/modules/gateway/upstream';
import { ADMIN_LOGIN_PATH } from '../src/seed/seed';
import { adminClient } from './factories/admin';
import { createFriendLink } from './factories/catalogue';
import { createGatewayApi, createKeyedUser, ledgerOf } from './factories/gateway';
import { createUser, loginUser, primeCsrf } from './factories/users';
import { startUpstreamFake } from './fakes/upstream-fake';
import { describeEachDb, startTestApp, TEST_ADMIN, TestApp } from './harness';
import { LoopStalls } from './loop-stalls';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** Sends the request target exactly as written: fetch would normalise dot segments and escapes. */
function raw(
  t: TestApp,
  method: string,
  target: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  const { port } = new URL(t.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path: target, headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const cookieHeader = (jar: Map<string, string>) =>
  [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

const balanceOf = async (t: TestApp, id: number) =>
  Number((await t.dataSource.getRepository(User).findOneByOrFail({ id })).balance_milli);

describeEachDb('security regressions', (ctx) => {
  describe('one canonical path (finding 1: CSRF bypass through encoded paths)', () => {
    it('applies CSRF to /%61pi/... writes as to /api/...', async () => {
      const admin = await adminClient(ctx.t);
      const { user } = await createUser(ctx.t);
      const res = await raw(ctx.t, 'POST', '/%61pi/admin/adjust_user_balance.php', {
        headers: { cookie: cookieHeader(admin.cookies), 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: user.id, amount: '100', reason: 'x' }),
      });
      expect(res.status).toBe(403);
      expect(JSON.parse(res.text)).toMatchObject({ success: false, code: 'auth.csrf_invalid' });
      expect(await balanceOf(ctx.t, user.id)).toBe(0);
    });

    it('applies CSRF to the data-changing GET under an encoded path', async () => {
      const admin = await adminClient(ctx.t);
      const link = await createFriendLink(ctx.t.dataSource);
      const res = await raw(ctx.t, 'GET', `/%61pi/admin/delete_friend_link.php?id=${link.id}`, {
        headers: { cookie: cookieHeader(admin.cookies) },
      });
      expect(res.status).toBe(403);
      expect(await ctx.t.dataSource.getRepository(FriendLink).existsBy({ id: link.id })).toBe(true);
    });

    it.each([
      ['/api/%2e%2e/api/login.php', 'encoded dots'],
      ['/api%2flogin.php', 'an encoded slash'],
      ['/api/user%5cget_user_info.php', 'an encoded backslash'],
      ['/api/%252e%252e/login.php', 'double encoding'],
      ['/api/./login.php', 'a dot segment'],
      ['/api/login.php%00', 'an encoded NUL'],
      ['/api/%zz', 'a malformed escape'],
      ['/api/%E0%A4%A', 'a truncated escape'],
      ['/api/%C0%AF', 'invalid UTF-8'],
    ])('refuses %s (%s) with a 400 envelope that does not echo the path', async (target) => {
      const res = await raw(ctx.t, 'GET', target);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text)).toEqual({
        success: false,
        code: 'request.invalid_path',
        message: 'invalid request path',
      });
    });

    it('refuses form-encoded and text bodies on the JSON API (a cross-site form cannot post)', async () => {
      const c = ctx.t.client();
      await primeCsrf(c);
      for (const type of [
        'application/x-www-form-urlencoded',
        'text/plain',
        'multipart/form-data; boundary=x',
      ]) {
        const res = await raw(ctx.t, 'POST', '/%61pi/login.php', {
          headers: { 'content-type': type, cookie: cookieHeader(c.cookies) },
          body: 'username=attacker&password=attacker-pass',
        });
        expect(res.status).toBe(415);
        expect(JSON.parse(res.text)).toMatchObject({ code: 'request.unsupported_media_type' });
      }
    });
  });

  describe('bodies limited by shape (finding 2: one request froze the process)', () => {
    it('answers a body with 80,000 keys at once without blocking the event loop', async () => {
      const keys = Array.from({ length: 80_000 }, (_, i) => `"${i.toString(36)}":1`).join(',');
      const stalls = new LoopStalls().start();
      const [res, probe] = await Promise.all([
        raw(ctx.t, 'POST', '/api/register.php', {
          headers: { 'content-type': 'application/json' },
          body: `{${keys}}`,
        }),
        raw(ctx.t, 'GET', '/healthz'),
      ]);
      stalls.stop();
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text)).toMatchObject({ code: 'request.body_too_complex' });
      expect(probe.status).toBe(200);
      // Before the fix this took 3-18 s; the bound leaves room for a busy machine.
      expect(stalls.maxMs).toBeLessThan(250);
    });

    it.each([
      ['nested arrays', '['.repeat(100_000)],
      ['nested objects', '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000)],
    ])('refuses deeply %s with 400, not 500', async (_name, body) => {
      const res = await raw(ctx.t, 'POST', '/api/register.php', {
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text)).toMatchObject({ code: 'request.body_too_complex' });
    });

    it('refuses prototype poisoning keys', async () => {
      const res = await raw(ctx.t, 'POST', '/api/register.php', {
        headers: { 'content-type': 'application/json' },
        body: '{"__proto__":{"admin":true},"username":"a"}',
      });
      expect(res.status).toBe(400);
    });
  });

  describe('upstream sub-paths (finding 3: path climbing)', () => {
    it.each([
      ['%2e%2e/admin'],
      ['%252e%252e/%252e%252e/admin'],
      ['..\\secret'],
      ['..%5csecret'],
      ['..;/admin'],
      ['a/%00/b'],
      ['./x'],
    ])('refuses the decoded sub-path %s', (subPath) => {
      expect(() => upstreamUrl('http://host/base/v1', subPath)).toThrow('invalid API path');
    });

    it('keeps legitimate sub-paths below the base', () => {
      expect(upstreamUrl('http://host/base/v1', 'users/42').href).toBe(
        'http://host/base/v1/users/42',
      );
      expect(upstreamUrl('http://host/base/v1/', '').href).toBe('http://host/base/v1/');
      expect(upstreamUrl('http://host/base/v1', 'a b/..x').href).toBe(
        'http://host/base/v1/a%20b/..x',
      );
    });

    it('never reaches outside the base through the gateway and charges nothing for trying', async () => {
      const upstream = await startUpstreamFake();
      try {
        const api = await createGatewayApi(ctx.t, {
          handler: null,
          upstream_url: `${upstream.url}/base/v1`,
          is_paid: 1,
          price_per_call_milli: 7,
        });
        const { user, apiKey } = await createKeyedUser(ctx.t, 1000);
        for (const sub of ['%252e%252e/%252e%252e/admin', '..%5csecret', '%2e%2e/admin']) {
          const res = await raw(ctx.t, 'GET', `/apis/${api.name_en}/${sub}`, {
            headers: { 'x-api-key': apiKey },
          });
          expect(res.status).toBe(400);
        }
        expect(upstream.seen).toEqual([]);
        expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 1000, expected: 1000 });
      } finally {
        await upstream.close();
      }
    });
  });

  describe('gateway answers are sandboxed (finding 4: upstream HTML ran as the site)', () => {
    it('sends a sandboxing CSP, nosniff and CORP on every gateway answer', async () => {
      const upstream = await startUpstreamFake();
      try {
        const api = await createGatewayApi(ctx.t, { handler: null, upstream_url: upstream.url });
        for (const path of [
          `/apis/${api.name_en}/ok`,
          `/apis/${api.name_en}/html`,
          '/apis/no-such-api',
        ]) {
          const res = await ctx.t.client().get(path);
          expect(res.headers.get('content-security-policy')).toContain('sandbox');
          expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
          expect(res.headers.get('x-content-type-options')).toBe('nosniff');
          expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
          expect(res.headers.get('access-control-allow-origin')).toBe('*');
        }
      } finally {
        await upstream.close();
      }
    });
  });

  describe('low findings (finding 10)', () => {
    it('refuses a null config field with 400 and changes nothing', async () => {
      const admin = await adminClient(ctx.t);
      const res = await admin.post('/api/admin/update_config.php', { site_title: null });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'request.validation', field: 'site_title' });
    });

    it.each([[true], ['0x2'], ['1e0'], [1.5], [' 2x'], [2 ** 40]])(
      'takes only integer user ids in balance adjustments (%p)',
      async (userId) => {
        const admin = await adminClient(ctx.t);
        const res = await admin.post('/api/admin/adjust_user_balance.php', {
          user_id: userId,
          amount: '1',
          reason: 'test',
        });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'request.validation', field: 'user_id' });
      },
    );

    it.each(['page=', 'per_page=', 'page=&page[]=1'])(
      'refuses an empty paging parameter (%s) with 400, not 500',
      async (query) => {
        const res = await raw(ctx.t, 'GET', `/api/get_api_list.php?${query}`);
        expect(res.status).toBe(400);
        expect(JSON.parse(res.text)).toMatchObject({ code: 'request.validation' });
      },
    );

    it('answers a bad body sent to a bad path with the envelope', async () => {
      for (const [type, body] of [
        ['application/x-www-form-urlencoded', 'a=1'],
        ['application/json', '{"broken'],
      ]) {
        const res = await raw(ctx.t, 'POST', '/apis/base64/a%2fb', {
          headers: { 'content-type': type },
          body,
        });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(JSON.parse(res.text)).toMatchObject({ success: false, code: expect.any(String) });
        expect(res.text).not.toContain('FST_');
      }
    });

    it('answers a HEAD refused for its headers without a body', async () => {
      const { port } = new URL(ctx.t.baseUrl);
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(`HEAD / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`);
        });
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
        socket.on('error', () => resolve(Buffer.concat(chunks).toString('utf8')));
      });
      expect(answer).toMatch(/^HTTP\/1\.1 431 /);
      expect(answer).toContain('Content-Length: 0');
      expect(answer.endsWith('\r\n\r\n')).toBe(true);
    });

    it('answers over-large headers with an envelope', async () => {
      const { port } = new URL(ctx.t.baseUrl);
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(
            `GET /api/get_config.php HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`,
          );
        });
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
        socket.on('error', () => resolve(Buffer.concat(chunks).toString('utf8')));
      });
      expect(answer).toMatch(/^HTTP\/1\.1 431 /);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
        success: false,
        code: 'request.headers_too_large',
        message: 'request headers too large',
      });
    });
  });
});

describeEachDb(
  'security regressions: gateway keys and limits (findings 7 and 8)',
  (ctx) => {
    it('answers a rotated key 401 even when its own bucket is exhausted', async () => {
      const api = await createGatewayApi(ctx.t);
      const { user, password } = await createUser(ctx.t);
      const client = ctx.t.client();
      const info = await loginUser(ctx.t, client, user.username, password);
      const call = () =>
        ctx.t.client().get(`/apis/${api.name_en}`, {
          headers: { 'x-api-key': info.api_key, 'x-forwarded-for': '198.51.100.1' },
        });
      expect([(await call()).status, (await call()).status, (await call()).status]).toEqual([
        200, 200, 429,
      ]);
      expect((await client.post('/api/user/change_api_key.php')).status).toBe(200);
      const rotated = await call();
      expect(rotated.status).toBe(401);
      expect(rotated.body.code).toBe('gateway.key_invalid');
    });

    it('counts random keys against the caller IP, so guessing is limited', async () => {
      const api = await createGatewayApi(ctx.t);
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await ctx.t.client().get(`/apis/${api.name_en}`, {
          headers: { 'x-api-key': `pk_guess_${i}`, 'x-forwarded-for': '198.51.100.2' },
        });
        statuses.push(res.status);
        expect(res.headers.get('x-ratelimit-limit')).toBe('5');
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    });
  },
  { RATE_LIMIT_PER_KEY: '2', RATE_LIMIT_PER_IP: '5', TRUST_PROXY: '1' },
);

describeEachDb(
  'security regressions: registration limit',
  (ctx) => {
    it('limits registrations per address (finding 10)', async () => {
      const c = ctx.t.client();
      await primeCsrf(c);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await c.post('/api/register.php', {
          username: `reg_limit_${i}_${ctx.db}`,
          password: 'password-123',
        });
        statuses.push(res.status);
        if (res.status === 429) {
          expect(res.body.code).toBe('users.registration_throttled');
          expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        }
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      // Invalid forms do not use the allowance up, and are still answered with their reason.
      const invalid = await c.post('/api/register.php', { username: 'x', password: '1' });
      expect(invalid.status).toBe(400);
    });
  },
  { REGISTRATIONS_PER_IP_PER_HOUR: '3' },
);

describeEachDb(
  'security regressions: /metrics',
  (ctx) => {
    it.each(['/metrics', '/metrics/', '/metrics?x=1'])(
      'needs the bearer token at %s',
      async (path) => {
        const anonymous = await ctx.t.client().get(path);
        expect(anonymous.status).toBe(401);
        expect(anonymous.body.code).toBe('auth.metrics_token');
        const wrong = await ctx.t
          .client()
          .get(path, { headers: { authorization: 'Bearer not-the-token-at-all' } });
        expect(wrong.status).toBe(401);
        const right = await ctx.t
          .client()
          .get(path, { headers: { authorization: 'Bearer metrics-token-for-tests' } });
        expect(right.status).toBe(200);
        expect(right.text).toContain('# HELP');
      },
    );
  },
  { METRICS_TOKEN: 'metrics-token-for-tests' },
);

describeEachDb('security regressions: /metrics without a token', (ctx) => {
  it('answers a direct local scraper, never a proxied request', async () => {
    expect((await ctx.t.client().get('/metrics/')).status).toBe(200);
    const proxied = await ctx.t
      .client()
      .get('/metrics', { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(proxied.status).toBe(401);
  });
});

describe('security regressions: pages (finding 9: no security headers)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'portico-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Portico</title>');
    t = await startTestApp('sqlite', { CLIENT_DIST: dist });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(['/', '/index.html', '/login', '/api/1/ip', ADMIN_LOGIN_PATH, '/admin/config'])(
    'sends a CSP that forbids inline script and framing on %s',
    async (path) => {
      const res = await t.client().get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    },
  );

  it('hands out the XSRF cookie with the page, so the first write needs no retry', async () => {
    const c = t.client();
    await c.get(ADMIN_LOGIN_PATH);
    expect(c.cookies.has('XSRF-TOKEN')).toBe(true);
    const login = await c.post('/api/admin/admin_login.php', TEST_ADMIN);
    expect(login.status).toBe(200);
  });

  it('sets no XSRF cookie on gateway answers, HTML ones included, while pages get it', async () => {
    const upstream = await startUpstreamFake();
    try {
      const api = await createGatewayApi(t, { handler: null, upstream_url: upstream.url });
      const html = await t.client().get(`/apis/${api.name_en}/html`);
      expect(html.headers.get('content-type')).toContain('text/html');
      expect(html.headers.get('set-cookie')).toBeNull();
      for (const path of [`/apis/${api.name_en}/ok`, '/apis/none']) {
        expect((await t.client().get(path)).headers.get('set-cookie')).toBeNull();
      }
      const page = await t.client().get(ADMIN_LOGIN_PATH);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.headers.get('set-cookie')).toContain('XSRF-TOKEN=');
    } finally {
      await upstream.close();
    }
  });
});
