import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeEachDb } from './harness';

const clientDist = mkdtempSync(join(tmpdir(), 'portico-dist-'));
mkdirSync(join(clientDist, 'assets'));
writeFileSync(join(clientDist, 'index.html'), '<!doctype html><title>spa</title>');
writeFileSync(join(clientDist, 'assets', 'app.js'), 'console.log(1)');

describeEachDb(
  'HTTP envelope and errors',
  (ctx) => {
    it('answers health and readiness', async () => {
      const client = ctx.t.client();
      expect((await client.get('/healthz')).body).toEqual({ success: true, message: 'ok' });
      expect((await client.get('/readyz')).body).toEqual({ success: true, message: 'ready' });
    });

    it.each([
      ['/api/nope.php', 'request.not_found'],
      ['/api/', 'request.not_found'],
      ['/apis/unknown-thing/x', 'gateway.api_not_found'],
      ['/api/admin/nothing', 'request.not_found'],
    ])('gives a 404 envelope for unknown route %s', async (path, code) => {
      const res = await ctx.t.client().get(path);
      expect(res.status).toBe(404);
      // Gateway answers add the call's request id (also sent as X-Request-Id).
      const requestId = path.startsWith('/apis/')
        ? { request_id: res.headers.get('x-request-id') }
        : {};
      expect(res.body).toEqual({ success: false, message: expect.any(String), code, ...requestId });
      if (path.startsWith('/apis/')) expect(res.headers.get('x-request-id')).toBeTruthy();
    });

    it('rejects malformed JSON with 400, never 500', async () => {
      const res = await ctx.t.client().post('/api/get_api_list.php', undefined, { raw: '{"a":' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        message: 'request body is not valid JSON',
        code: 'request.invalid_json',
      });
    });

    it('rejects bodies over 1 MB with 413', async () => {
      const raw = JSON.stringify({ filler: 'x'.repeat(1024 * 1024 + 10) });
      const res = await ctx.t.client().post('/api/get_api_list.php', undefined, { raw });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({
        success: false,
        message: 'request body too large (max 1 MB)',
        code: 'request.body_too_large',
      });
    });

    it('rejects invalid query values with a clear 400', async () => {
      const client = ctx.t.client();
      for (const [query, message, field] of [
        [{ page: -1 }, 'page must be a positive integer', 'page'],
        [{ per_page: 'abc' }, 'per_page must be an integer between 1 and 1000', 'per_page'],
        [{ is_paid: 7 }, 'is_paid must be 0 or 1', 'is_paid'],
        [{ search: 'x'.repeat(10_000) }, 'search text is too long (max 100 characters)', 'search'],
      ] as const) {
        const res = await client.get('/api/get_api_list.php', { query });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ success: false, message, code: 'request.validation', field });
      }
    });

    it('serves the client for client routes and assets, never for /api or /apis', async () => {
      const client = ctx.t.client();
      const page = await client.get('/user/dashboard');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.text).toContain('<title>spa</title>');
      const asset = await client.get('/assets/app.js');
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toContain('immutable');
      expect((await client.get('/assets/missing.js')).status).toBe(404);
      for (const detail of ['/api/7', '/api/7/ip', '/api/qrcode', '/api/5/ip.v2']) {
        expect((await client.get(detail)).text).toContain('<title>spa</title>');
      }
      expect((await client.get('/api/user/get_user_info.php')).status).toBe(401);
      expect((await client.get('/api/user/dashboard')).headers.get('content-type')).toContain(
        'application/json',
      );
    });

    it('never leaks stack traces or SQL in error bodies', async () => {
      const res = await ctx.t.client().get('/api/get_api_list.php', {
        query: { search: "' OR 1=1; DROP TABLE apis; --" },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([]);
      expect(res.text).not.toMatch(/at .*\.ts:\d+|SELECT|QueryFailedError/);
    });
  },
  { CLIENT_DIST: clientDist },
);
