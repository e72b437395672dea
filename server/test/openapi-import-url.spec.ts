import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stringify as toYaml } from 'yaml';
import { ApiEntry } from '../src/database/entities';
import { adminClient } from './factories/admin';
import { describeEachDb } from './harness';
import type { HttpClient } from './http-client';

const IMPORT_URL = '/api/admin/import_openapi_url.php';

const DOCUMENT = toYaml({
  openapi: '3.1.0',
  info: { title: 'Weather', version: '1' },
  servers: [{ url: 'https://weather.example/v1' }],
  paths: {
    '/forecast/{city}': {
      get: {
        operationId: 'forecast',
        summary: 'Forecast for a city',
        parameters: [{ name: 'city', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'the forecast' } },
      },
    },
  },
});

/** Where documents are published: a loopback server (the tests allow loopback, as for webhooks). */
async function startPublisher(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '';
    if (path === '/weather.yaml') {
      res.writeHead(200, { 'content-type': 'application/yaml' }).end(DOCUMENT);
    } else if (path === '/moved') {
      res.writeHead(302, { location: '/weather.yaml' }).end();
    } else if (path === '/to-private') {
      res.writeHead(301, { location: 'https://192.168.1.10/openapi.json' }).end();
    } else if (path === '/loop') {
      res.writeHead(302, { location: '/loop' }).end();
    } else if (path === '/declared-large') {
      // Its length announced, and then nothing: the import reads no further than the headers.
      res.writeHead(200, { 'content-length': String(16_000_001) });
      res.write('{');
    } else if (path === '/streamed-large') {
      // No length announced: the import stops reading past the limit.
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1 << 20, ' ');
      let sent = 0;
      const more = () => {
        while (sent < 17 && !res.destroyed) {
          sent += 1;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      more();
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describeEachDb(
  'admin OpenAPI import from a URL',
  (ctx) => {
    let admin: HttpClient;
    let publisher: Awaited<ReturnType<typeof startPublisher>>;

    beforeAll(async () => {
      admin = await adminClient(ctx.t);
      publisher = await startPublisher();
    });
    afterAll(() => publisher.close());

    const catalogue = () => ctx.t.dataSource.getRepository(ApiEntry).find({ order: { id: 'ASC' } });
    const importFrom = (url: string, dryRun: boolean) =>
      admin.post(IMPORT_URL, { url, dry_run: dryRun });

    it('imports the document at a URL, after a redirect, as if it were pasted', async () => {
      const pasted = await admin.post('/api/admin/import_openapi.php', {
        document: DOCUMENT,
        dry_run: true,
      });
      const preview = await importFrom(`${publisher.url}/moved`, true);
      expect(preview.status).toBe(200);
      expect(preview.body.data).toEqual(pasted.body.data);
      const applied = await importFrom(`${publisher.url}/weather.yaml`, false);
      expect(applied.body.data.counts).toEqual({ create: 1, update: 0, unchanged: 0 });
      const row = await ctx.t.dataSource
        .getRepository(ApiEntry)
        .findOneByOrFail({ name_en: 'forecast' });
      expect(row.upstream_url).toBe('https://weather.example/v1/forecast/{city}');
    });

    it('is for administrators only', async () => {
      const anonymous = ctx.t.client();
      const res = await anonymous.post(IMPORT_URL, { url: `${publisher.url}/x`, dry_run: true });
      expect(res.body.success).toBe(false);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    });

    const refusals: [string, () => string, number, string, RegExp][] = [
      [
        'an http:// URL elsewhere than loopback',
        () => 'http://docs.example/openapi.json',
        400,
        'openapi.url_invalid',
        /须为以 https:\/\/ 开头/,
      ],
      [
        'a URL with a password',
        () => 'https://admin:secret@docs.example/openapi.json',
        400,
        'openapi.url_invalid',
        /不含用户名和密码/,
      ],
      ['not a URL', () => 'openapi.json', 400, 'openapi.url_invalid', /文档网址无效/],
      [
        'a private address',
        () => 'https://10.1.2.3/openapi.json',
        400,
        'openapi.url_private',
        /“https:\/\/10\.1\.2\.3\/openapi\.json” 指向内网/,
      ],
      [
        'an IPv6 address carrying a private one',
        () => 'https://[::ffff:192.168.0.1]/x',
        400,
        'openapi.url_private',
        /指向内网/,
      ],
      [
        'a redirect to a private address',
        () => `${publisher.url}/to-private`,
        400,
        'openapi.url_private',
        /192\.168\.1\.10/,
      ],
      [
        'a redirect loop',
        () => `${publisher.url}/loop`,
        400,
        'openapi.url_unreachable',
        /重定向超过 3 次/,
      ],
      [
        'an HTTP error',
        () => `${publisher.url}/missing`,
        400,
        'openapi.url_unreachable',
        /HTTP 404/,
      ],
      [
        'a document announced over 16 MB',
        () => `${publisher.url}/declared-large`,
        413,
        'openapi.too_large',
        /最多 16 MB.*当前 16000001 字节/,
      ],
      [
        'a document streamed past 16 MB',
        () => `${publisher.url}/streamed-large`,
        413,
        'openapi.too_large',
        /最多 16 MB/,
      ],
    ];

    it.each(refusals)(
      'refuses %s, fetching nothing more and importing nothing',
      async (_name, url, status, code, says) => {
        const before = await catalogue();
        const res = await importFrom(url(), false);
        expect({ status: res.status, code: res.body.code, field: res.body.field }).toEqual({
          status,
          code,
          field: code === 'openapi.too_large' ? undefined : 'url',
        });
        expect(res.body.message).toMatch(says);
        expect(await catalogue()).toEqual(before);
      },
    );
  },
  { ALERT_WEBHOOK_ALLOW_LOOPBACK: 'true' },
);
