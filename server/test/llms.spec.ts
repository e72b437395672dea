import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiEntry } from '../src/database/entities';
import { adminClient, apiBody } from './factories/admin';
import { createGatewayApi } from './factories/gateway';
import { describeEachDb, TestApp } from './harness';

const fetchText = async (t: TestApp, path: string) => {
  const res = await t.client().get(path);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  return res.text;
};

/** llmstxt.org: `# title`, a `> summary`, then `## sections` of `- [name](url): notes` items. */
function sections(text: string) {
  const lines = text.split('\n');
  const out = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of lines) {
    if (line.startsWith('## ')) out.set(line.slice(3), (current = []));
    else if (line.startsWith('- ') && current) current.push(line);
  }
  return { title: lines[0], blank: lines[1], summary: lines[2], sections: out };
}

/** A stand-in client build, so the page fallback has an index.html it could wrongly serve. */
const clientDist = mkdtempSync(join(tmpdir(), 'portico-client-'));
writeFileSync(join(clientDist, 'index.html'), '<!doctype html><title>app</title>');
afterAll(() => rmSync(clientDist, { recursive: true, force: true }));

describeEachDb(
  'llms.txt and llms-full.txt',
  (ctx) => {
    let free: ApiEntry;
    let paid: ApiEntry;
    let disabled: ApiEntry;

    beforeAll(async () => {
      free = await createGatewayApi(ctx.t, {
        name: 'Odd [name] | pipes',
        name_en: 'odd-name',
        description_en: 'First line\nsecond line | with a pipe',
        handler: 'hash',
        request_params: JSON.stringify([
          { name: 'text', type: 'string', required: true, description: 'a | b' },
        ]),
        response_params: JSON.stringify([
          { name: 'data.hash', type: 'string', description: 'hex' },
        ]),
        status_codes: JSON.stringify([{ code: 200, description: 'ok' }]),
        example_url: '/apis/odd-name?text=abc',
        response_example: '{"data":{"hash":"```"}}',
      });
      paid = await createGatewayApi(ctx.t, {
        name: '付费接口',
        name_en: 'paid-thing',
        description: '只有中文描述',
        handler: 'uuid',
        is_paid: 1,
        price_per_call_milli: 20,
      });
      disabled = await createGatewayApi(ctx.t, { name_en: 'hidden-thing', status: 0 });
    });

    it('lists the enabled catalogue in the llmstxt.org format', async () => {
      const text = await fetchText(ctx.t, '/llms.txt');
      const { title, blank, summary, sections: parts } = sections(text);
      expect(title).toBe('# Portico');
      expect(blank).toBe('');
      expect(summary).toMatch(/^> Portico is an API catalogue: 2 HTTP APIs/);
      expect([...parts.keys()]).toEqual(['Free APIs', 'Paid APIs', 'Optional']);
      const base = ctx.t.baseUrl;
      expect(parts.get('Free APIs')).toEqual([
        `- [Odd \\[name\\] | pipes (odd-name)](${base}/openapi/odd-name.json): First line second line | with a pipe — GET /apis/odd-name`,
      ]);
      expect(parts.get('Paid APIs')).toEqual([
        `- [付费接口 (paid-thing)](${base}/openapi/paid-thing.json): 只有中文描述 — GET /apis/paid-thing, 0.020 yuan per call`,
      ]);
      expect(parts.get('Optional')).toEqual([
        expect.stringContaining(`(${base}/openapi.json)`),
        expect.stringContaining(`(${base}/llms-full.txt)`),
      ]);
      expect(text).not.toContain(disabled.name_en);
      expect(text).toContain(`${base}/mcp`);
    });

    it('gives every API’s parameters, fields and example in llms-full.txt', async () => {
      const text = await fetchText(ctx.t, '/llms-full.txt');
      expect(text.startsWith('# Portico\n\n> ')).toBe(true);
      expect(text).toContain('### Odd [name] | pipes (odd-name)');
      expect(text).toContain(`- Endpoint: \`GET ${ctx.t.baseUrl}/apis/${free.name_en}\``);
      expect(text).toContain('| text | string | yes | a \\| b |');
      expect(text).toContain('| data.hash | string | hex |');
      expect(text).toContain(`Request: \`GET ${ctx.t.baseUrl}/apis/odd-name?text=abc\``);
      // A fence longer than the backticks inside the example.
      expect(text).toContain('````json\n{"data":{"hash":"```"}}\n````');
      expect(text).toContain('### 付费接口 (paid-thing)');
      expect(text).toContain('- Price: 0.020 yuan per successful call; needs an API key');
      expect(text).not.toContain(disabled.name_en);
    });

    it('follows the admin’s edits to the catalogue and the site at once', async () => {
      const admin = await adminClient(ctx.t);
      const config = await admin.post('/api/admin/update_config.php', {
        site_title: 'Acme APIs',
        site_description: 'Handy APIs\nfor everyone.',
        site_url: 'https://acme.example/',
      });
      expect(config.body.success).toBe(true);
      const body = apiBody({ name: 'Brand new', name_en: 'brand-new', description_en: 'Fresh' });
      const created = await admin.post('/api/admin/create_api.php', body);
      expect(created.body.success).toBe(true);
      try {
        for (const path of ['/llms.txt', '/llms-full.txt']) {
          const text = await fetchText(ctx.t, path);
          expect(text.startsWith('# Acme APIs\n\n> Handy APIs for everyone.\n')).toBe(true);
          expect(text).toContain('https://acme.example/apis/<name_en>');
          expect(text).toContain('Brand new (brand-new)');
        }
        expect(await fetchText(ctx.t, '/llms.txt')).toContain(
          '- [Brand new (brand-new)](https://acme.example/openapi/brand-new.json): Fresh — GET /apis/brand-new',
        );
        await admin.post('/api/admin/delete_api.php', { id: created.body.data.id });
        expect(await fetchText(ctx.t, '/llms.txt')).not.toContain('brand-new');
        expect(await fetchText(ctx.t, '/llms-full.txt')).not.toContain('brand-new');
      } finally {
        await admin.post('/api/admin/update_config.php', {
          site_title: 'Portico',
          site_description: '',
          site_url: '',
        });
      }
      expect(await fetchText(ctx.t, '/llms.txt')).toMatch(/^# Portico\n/);
    });

    it('answers as real routes, never with the page fallback’s index.html', async () => {
      expect((await ctx.t.client().get('/some/page')).text).toContain('<title>app</title>');
      for (const path of [
        '/llms.txt',
        '/llms-full.txt',
        '/openapi.yaml',
        '/openapi.json',
        '/mcp',
      ]) {
        const res = await ctx.t.client().get(path);
        expect({ path, html: /html/.test(res.headers.get('content-type') ?? '') }).toEqual({
          path,
          html: false,
        });
      }
      expect((await ctx.t.client().get(`/openapi/${paid.name_en}.json`)).status).toBe(200);
    });
  },
  { CLIENT_DIST: clientDist },
);
