import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { compileErrors, validate } from '@readme/openapi-parser';
import createClient from 'openapi-fetch';
import ts from 'typescript';
import { parse as parseYaml } from 'yaml';
import type { ApiEntry } from '../src/database/entities';
import { adminClient, apiBody } from './factories/admin';
import { createGatewayApi, createKeyedUser, ledgerOf } from './factories/gateway';
import { createUser, loginUser } from './factories/users';
import { describeEachDb, TestApp } from './harness';
import { strictLintProblems } from './strict-lint';

const KEY_SECURITY = [{ ApiKeyHeader: [] }, { BearerAuth: [] }];

async function expectValid(document: unknown) {
  const result = await validate(structuredClone(document) as never);
  if (!result.valid) throw new Error(compileErrors(result));
  expect(result.specification).toBe('OpenAPI');
}

const fetchDocument = async (t: TestApp, path = '/openapi.json') => {
  const res = await t.client().get(path);
  expect(res.status).toBe(200);
  return res.body;
};

/**
 * Runs the openapi-typescript CLI as a user would (in a child: its dependencies are ES modules,
 * which Jest's module loader cannot require) and returns the generated declarations.
 */
async function generateTypes(dir: string, document: unknown): Promise<string> {
  const input = join(dir, 'openapi.json');
  const output = join(dir, 'portico.d.ts');
  writeFileSync(input, JSON.stringify(document));
  const cli = join(dirname(require.resolve('openapi-typescript/package.json')), 'bin/cli.js');
  await promisify(execFile)(process.execPath, [cli, input, '-o', output]);
  return readFileSync(output, 'utf8');
}

/**
 * Type-checks files against the generated types with the TypeScript compiler, openapi-fetch's
 * own declarations standing in for the package (the files live in a temp dir).
 */
function typeErrors(dir: string, files: Record<string, string>): string[] {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const fetchTypes = require.resolve('openapi-fetch').replace(/\.cjs$/, '.d.cts');
  const program = ts.createProgram(
    Object.keys(files).map((name) => join(dir, name)),
    {
      strict: true,
      noEmit: true,
      esModuleInterop: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      types: ['node'],
      typeRoots: [dirname(dirname(require.resolve('@types/node/package.json')))],
      paths: { 'openapi-fetch': [fetchTypes] },
    },
  );
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describeEachDb(
  'OpenAPI documents',
  (ctx) => {
    let disabled: ApiEntry;

    beforeAll(async () => {
      await createGatewayApi(ctx.t, {
        name: '哈希（付费）',
        name_en: 'paid-hash',
        description_en: 'Hashes text',
        handler: 'hash',
        is_paid: 1,
        price_per_call_milli: 5,
        // The documents are English: a row's English text where it has one, else its Chinese.
        request_params: JSON.stringify([
          {
            name: 'text',
            type: 'string',
            required: true,
            description: '原文',
            description_en: 'the text',
          },
          {
            name: 'algo',
            type: 'string',
            required: false,
            description: 'md5、sha1 或 sha256',
            enum: ['md5', 'sha1', 'sha256'],
            default: 'sha256',
          },
          {
            name: 'rounds',
            type: 'integer',
            required: '1',
            description: 'an old-style flag',
            // Hints that do not read as integers are left out of the schema.
            enum: ['1', '2', 'x'],
            default: '2',
            example: 'two',
          },
        ]),
        response_params: JSON.stringify([
          { name: 'success', type: 'boolean', description: 'true' },
          { name: 'message', type: 'string', description: 'ok' },
          { name: 'data', type: 'object', description: 'the result' },
          { key: 'data.hash', type: 'string', description: 'the digest, hex' },
        ]),
        status_codes: JSON.stringify([
          { code: 200, description: '摘要', description_en: 'the digest' },
          { code: '400', description: 'bad text' },
          { code: 99999, description: 'not an HTTP status' },
        ]),
        response_example: '{"success":true,"message":"ok","data":{"hash":"2cf24d"}}',
      });
      await createGatewayApi(ctx.t, {
        name_en: 'post-diff',
        handler: 'text-diff',
        request_method: 'POST',
        request_params: JSON.stringify([
          { name: 'a', type: 'string', required: true, description: 'first' },
          { name: 'b', type: 'string', required: false, description: 'second', example: 'hello' },
        ]),
      });
      await createGatewayApi(ctx.t, {
        name_en: 'loose-example',
        // An array's fields listed before it, and an example with a field the table leaves out.
        response_params: JSON.stringify([
          { name: 'items.id', type: 'integer', description: 'its id' },
          { name: 'items', type: 'array', description: 'the items' },
        ]),
        response_example: '{"items":[{"id":1,"extra":true}]}',
      });
      disabled = await createGatewayApi(ctx.t, { name_en: 'switched-off', status: 0 });
      await createGatewayApi(ctx.t, {
        name_en: 'quota-hash',
        handler: 'hash',
        is_paid: 1,
        price_per_call_milli: 5,
        free_quota_calls: 1,
        free_quota_period: 'day',
        request_params: JSON.stringify([
          { name: 'text', type: 'string', required: true, description: 'the text' },
        ]),
      });
    });

    it('describes every enabled API, demo catalogue included, as a valid OpenAPI 3.1 document', async () => {
      const res = await ctx.t.client().get('/openapi.json');
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      const doc = res.body;
      await expectValid(doc);
      expect(await strictLintProblems(doc)).toEqual([]);
      expect(doc.openapi).toBe('3.1.0');
      expect(doc.servers).toEqual([{ url: ctx.t.baseUrl }]);
      expect(doc.components.securitySchemes).toMatchObject({
        ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        BearerAuth: { type: 'http', scheme: 'bearer' },
      });
      const enabled = await ctx.t.dataSource.query<
        { name_en: string; request_method: string; is_paid: number; price: string }[]
      >(
        'SELECT name_en, request_method, is_paid, price_per_call_milli AS price FROM apis WHERE status = 1',
      );
      expect(enabled.length).toBeGreaterThan(20);
      expect(Object.keys(doc.paths).sort()).toEqual(
        enabled.map((api) => `/apis/${api.name_en}`).sort(),
      );
      expect(doc.paths[`/apis/${disabled.name_en}`]).toBeUndefined();
      for (const api of enabled) {
        const operation = doc.paths[`/apis/${api.name_en}`][api.request_method.toLowerCase()];
        expect(operation.operationId).toBe(api.name_en);
        if (Number(api.is_paid) === 1) {
          expect(operation['x-price-per-call']).toBe((Number(api.price) / 1000).toFixed(3));
          expect(operation.security).toEqual(KEY_SECURITY);
          expect(operation.responses['402'].content['application/json'].schema).toEqual({
            $ref: '#/components/schemas/Error',
          });
        } else {
          expect(operation['x-price-per-call']).toBeUndefined();
          expect(operation.security).toEqual([{}, ...KEY_SECURITY]);
        }
      }
    });

    it('turns request_params into query parameters or a JSON body, and the rest into responses', async () => {
      const doc = await fetchDocument(ctx.t);
      const get = doc.paths['/apis/paid-hash'].get;
      expect(get).toMatchObject({ summary: '哈希（付费）', description: 'Hashes text' });
      expect(get['x-price-per-call']).toBe('0.005');
      expect(get.parameters).toEqual([
        {
          name: 'text',
          in: 'query',
          required: true,
          description: 'the text',
          schema: { type: 'string' },
        },
        {
          name: 'algo',
          in: 'query',
          required: false,
          description: 'md5、sha1 或 sha256',
          schema: { type: 'string', enum: ['md5', 'sha1', 'sha256'], default: 'sha256' },
        },
        {
          name: 'rounds',
          in: 'query',
          required: true,
          description: 'an old-style flag',
          schema: { type: 'integer', enum: [1, 2], default: 2 },
        },
      ]);
      expect(Object.keys(get.responses)).toEqual([
        '200',
        '400',
        '401',
        '402',
        '403',
        '404',
        '405',
        '409',
        '429',
        '503',
      ]);
      expect(get.responses['200']).toEqual({
        description: 'the digest',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: {
                success: { type: 'boolean', description: 'true' },
                message: { type: 'string', description: 'ok' },
                data: {
                  type: 'object',
                  description: 'the result',
                  properties: { hash: { type: 'string', description: 'the digest, hex' } },
                },
              },
            },
            example: { success: true, message: 'ok', data: { hash: '2cf24d' } },
          },
        },
        headers: {
          ...Object.fromEntries(
            [
              'X-Request-Id',
              'X-RateLimit-Limit',
              'X-RateLimit-Remaining',
              'X-RateLimit-Reset',
              'X-Cost',
              'X-Balance',
              'X-Charged-From',
              'X-Quota-Window',
            ].map((name) => [name, { $ref: `#/components/headers/${name}` }]),
          ),
          // A plan's counts: paid-hash gives no free calls, so only a plan's call carries them.
          ...Object.fromEntries(
            ['X-Quota-Limit', 'X-Quota-Remaining', 'X-Quota-Reset'].map((name) => [
              name,
              expect.objectContaining({ required: false }),
            ]),
          ),
        },
      });
      expect(get.responses['400'].description).toBe('bad text');

      const post = doc.paths['/apis/post-diff'].post;
      expect(post.parameters).toBeUndefined();
      expect(post.requestBody).toEqual({
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: {
                a: { type: 'string', description: 'first' },
                b: { type: 'string', example: 'hello', description: 'second' },
              },
              required: ['a'],
            },
          },
        },
      });
      // The demo QR code answers with an image, not JSON.
      expect(Object.keys(doc.paths['/apis/qrcode'].get.responses['200'].content)).toEqual([
        'image/svg+xml',
        'image/png',
      ]);
    });

    it('shows an example its fields do not describe as text, and an array’s fields as its items’', async () => {
      const doc = await fetchDocument(ctx.t, '/openapi/loose-example.json');
      expect(await strictLintProblems(doc)).toEqual([]);
      const ok = doc.paths['/apis/loose-example'].get.responses['200'];
      expect(ok.content['application/json']).toEqual({
        schema: {
          type: 'object',
          properties: {
            items: {
              type: 'array',
              description: 'the items',
              items: {
                type: 'object',
                properties: { id: { type: 'integer', description: 'its id' } },
              },
            },
          },
        },
      });
      expect(ok.description).toBe('OK\n\nExample:\n\n```\n{"items":[{"id":1,"extra":true}]}\n```');
      // No field documented: nothing is claimed about the answer's shape.
      const bare = (await fetchDocument(ctx.t)).paths['/apis/post-diff'].post.responses['200'];
      expect(bare.content['application/json']).toEqual({ schema: {} });
    });

    it('declares nulls, examples, the gateway’s headers and its error envelope', async () => {
      const doc = await fetchDocument(ctx.t);
      const data = (name: string) =>
        doc.paths[`/apis/${name}`].get.responses['200'].content['application/json'].schema
          .properties.data.properties;
      expect(data('email-check').reason.type).toEqual(['string', 'null']);
      expect(data('jwt-decode').not_before.type).toEqual(['string', 'null']);
      expect(data('ip').accept_language.type).toEqual(['string', 'null']);
      expect(data('time').unix.type).toBe('integer');

      // Examples come from the API's example call.
      expect(doc.paths['/apis/time'].get.parameters[0]).toMatchObject({
        name: 'tz',
        example: 'Asia/Shanghai',
        schema: { type: 'string' },
      });
      const body = doc.paths['/apis/json-format'].post.requestBody.content['application/json'];
      expect(body.schema.properties.indent).toMatchObject({ type: 'integer', example: 2 });

      expect(Object.keys(doc.components.headers).sort()).toEqual(
        [
          'Allow',
          'Retry-After',
          'X-Balance',
          'X-Charged-From',
          'X-Cost',
          'X-Quota-Limit',
          'X-Quota-Remaining',
          'X-Quota-Reset',
          'X-Quota-Window',
          'X-RateLimit-Limit',
          'X-RateLimit-Remaining',
          'X-RateLimit-Reset',
          'X-Request-Id',
        ].sort(),
      );
      const time = doc.paths['/apis/time'].get.responses;
      // A free API is never busy, but its probes may put it into maintenance (503).
      expect(Object.keys(time)).toEqual([
        '200',
        '400',
        '401',
        '403',
        '404',
        '405',
        '409',
        '429',
        '503',
      ]);
      expect(time['503'].headers['Retry-After']).toEqual({
        $ref: '#/components/headers/Retry-After',
      });
      expect(time['429'].headers['Retry-After']).toEqual({
        $ref: '#/components/headers/Retry-After',
      });
      expect(time['405'].headers.Allow).toEqual({ $ref: '#/components/headers/Allow' });
      expect(time['200'].headers['X-Cost']).toBeUndefined();
      expect(Object.keys(doc.paths['/apis/json-format'].post.responses)).toContain('413');
      expect(doc.components.schemas.Error.properties.code.enum).toEqual(
        expect.arrayContaining(['gateway.key_invalid', 'gateway.idempotency_mismatch']),
      );
    });

    it('serves the same document as YAML', async () => {
      const res = await ctx.t.client().get('/openapi.yaml');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
      expect(res.text).not.toMatch(/[&*]a\d+\b/); // no YAML anchors or aliases
      expect(parseYaml(res.text)).toEqual(await fetchDocument(ctx.t));
    });

    it('declares what paid a call and the free calls left, as a live call answers them', async () => {
      const doc = await fetchDocument(ctx.t, '/openapi/quota-hash.json');
      const responses = doc.paths['/apis/quota-hash'].get.responses;
      const quota = ['X-Quota-Limit', 'X-Quota-Remaining', 'X-Quota-Reset'];
      expect(Object.keys(responses['200'].headers)).toEqual(
        expect.arrayContaining(['X-Charged-From', ...quota]),
      );
      expect(Object.keys(responses['402'].headers)).toEqual(expect.arrayContaining(quota));
      expect(responses['503'].description).toMatch(/maintenance/);
      const declared = (name: string) => doc.components.headers[name].schema;
      const { apiKey } = await createKeyedUser(ctx.t, 0);
      const call = () =>
        ctx.t.client().get('/apis/quota-hash?text=a', { headers: { 'x-api-key': apiKey } });
      const free = await call();
      expect(free.status).toBe(200);
      expect(declared('X-Charged-From').enum).toContain(free.headers.get('x-charged-from'));
      expect(free.headers.get('x-charged-from')).toBe('free');
      const refused = await call();
      expect(refused.status).toBe(402);
      for (const answer of [free, refused]) {
        for (const name of quota) {
          const value = Number(answer.headers.get(name));
          expect([name, Number.isInteger(value)]).toEqual([name, true]);
          expect(value).toBeGreaterThanOrEqual(declared(name).minimum);
        }
      }
      expect(refused.headers.get('x-quota-remaining')).toBe('0');
    });

    it("declares a plan's counts on every paid API, as a plan's live calls answer them", async () => {
      const doc = await fetchDocument(ctx.t, '/openapi/paid-hash.json');
      const responses = doc.paths['/apis/paid-hash'].get.responses;
      const counts = ['X-Quota-Limit', 'X-Quota-Remaining', 'X-Quota-Reset'];
      for (const code of ['200', '429']) {
        // Only a plan's call carries them here (paid-hash gives no free calls): not required.
        for (const name of counts) {
          expect([code, name, responses[code].headers[name].required]).toEqual([code, name, false]);
        }
        expect(responses[code].headers['X-Quota-Window']).toEqual({
          $ref: '#/components/headers/X-Quota-Window',
        });
      }
      const window = doc.components.headers['X-Quota-Window'];
      expect(window).toMatchObject({
        required: false,
        schema: { enum: ['period', 'hour', 'day', 'week'] },
      });
      expect(responses['402'].headers['X-Quota-Window']).toBeUndefined();
      // A free-quota API still promises its counts on every charged answer.
      const quota = (await fetchDocument(ctx.t, '/openapi/quota-hash.json')).paths[
        '/apis/quota-hash'
      ].get.responses;
      expect(quota['200'].headers['X-Quota-Limit']).toEqual({
        $ref: '#/components/headers/X-Quota-Limit',
      });

      const admin = await adminClient(ctx.t);
      const saved = await admin.post('/api/admin/save_plan.php', {
        name: '日限套餐',
        name_en: 'Daily',
        price: '0',
        period: 'month',
        included_calls: 10,
        day_limit: 1,
        scope: 'all',
        overage: 'stop',
      });
      expect(saved.status).toBe(200);
      const { user, apiKey } = await createUser(ctx.t);
      const client = ctx.t.client();
      await loginUser(ctx.t, client, user.username);
      const subscribed = await client.post('/api/user/subscribe_plan.php', {
        plan_id: saved.body.data.id,
      });
      expect(subscribed.status).toBe(200);
      const call = () =>
        ctx.t.client().get('/apis/paid-hash?text=a&rounds=1', { headers: { 'x-api-key': apiKey } });
      const paid = await call();
      const refused = await call();
      expect([paid.status, paid.headers.get('x-charged-from')]).toEqual([200, 'plan']);
      expect(refused.status).toBe(429);
      const declared = (code: string, name: string) => {
        const object = responses[code].headers[name];
        return (object.$ref ? doc.components.headers[name] : object).schema;
      };
      for (const [code, answer] of [
        ['200', paid],
        ['429', refused],
      ] as const) {
        for (const name of counts) {
          const value = Number(answer.headers.get(name));
          expect([code, name, Number.isInteger(value)]).toEqual([code, name, true]);
          expect(value).toBeGreaterThanOrEqual(declared(code, name).minimum);
        }
        expect(declared(code, 'X-Quota-Window').enum).toContain(
          answer.headers.get('x-quota-window'),
        );
      }
      expect([paid.headers.get('x-quota-window'), refused.headers.get('x-quota-window')]).toEqual([
        'day',
        'day',
      ]);
    });

    it('serves one API’s own document, and 404 for unknown or disabled ones', async () => {
      const doc = await fetchDocument(ctx.t, '/openapi/paid-hash.json');
      await expectValid(doc);
      expect(await strictLintProblems(doc)).toEqual([]);
      expect(Object.keys(doc.paths)).toEqual(['/apis/paid-hash']);
      // Only the headers its answers carry: paid-hash gives no free calls.
      expect(doc.components.headers['X-Charged-From']).toBeDefined();
      expect(doc.components.headers['X-Quota-Limit']).toBeUndefined();
      expect(doc.info.title).toMatch(/: paid-hash$/);
      expect(doc.tags).toEqual([{ name: 'Paid', description: expect.any(String) }]);
      for (const path of [
        '/openapi/no-such-api.json',
        `/openapi/${disabled.name_en}.json`,
        '/openapi/paid-hash.yaml',
      ]) {
        const res = await ctx.t.client().get(path);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({
          success: false,
          message: 'API not found',
          code: 'apis.not_found',
        });
      }
    });

    it('names the site_url as the server and its terms as the licence, following the admin’s edits', async () => {
      const admin = await adminClient(ctx.t);
      const config = (await admin.get('/api/admin/get_config.php')).body.data;
      const before = (await fetchDocument(ctx.t)).info.license;
      expect(before).toEqual({
        name: expect.stringMatching(/^© ./),
        url: `${ctx.t.baseUrl}/about`,
      });
      const set = await admin.post('/api/admin/update_config.php', {
        site_url: 'https://apis.example.com/',
        copyright: '© 2026 某某数据',
        copyright_en: '© 2026 Example Data Ltd.',
      });
      expect(set.body.success).toBe(true);
      try {
        const whole = await fetchDocument(ctx.t);
        expect(whole.servers).toEqual([{ url: 'https://apis.example.com' }]);
        expect(whole.info.license).toEqual({
          name: '© 2026 Example Data Ltd.',
          url: 'https://apis.example.com/about',
        });
        const one = await fetchDocument(ctx.t, '/openapi/paid-hash.json');
        expect(one.servers).toEqual([{ url: 'https://apis.example.com' }]);
        expect(one.info.license).toEqual(whole.info.license);
      } finally {
        await admin.post('/api/admin/update_config.php', {
          site_url: config.site_url,
          copyright: config.copyright,
          copyright_en: config.copyright_en,
        });
      }
      const after = await fetchDocument(ctx.t);
      expect(after.servers).toEqual([{ url: ctx.t.baseUrl }]);
      expect(after.info.license).toEqual(before);
    });

    it('follows admin writes to the catalogue at once', async () => {
      const admin = await adminClient(ctx.t);
      const body = apiBody({ name_en: 'made-by-admin', description_en: 'first words' });
      const created = await admin.post('/api/admin/create_api.php', body);
      expect(created.body.success).toBe(true);
      const id = created.body.data.id as number;
      expect((await fetchDocument(ctx.t)).paths['/apis/made-by-admin'].get.description).toBe(
        'first words',
      );
      await admin.post('/api/admin/update_api.php', {
        ...body,
        id,
        description_en: 'second words',
        request_method: 'PUT',
        is_paid: 1,
        price_per_call: '1.25',
      });
      const updated = (await fetchDocument(ctx.t)).paths['/apis/made-by-admin'];
      expect(Object.keys(updated)).toEqual(['put']);
      expect(updated.put).toMatchObject({
        description: 'second words',
        'x-price-per-call': '1.250',
      });
      await admin.post('/api/admin/update_api.php', { ...body, id, status: 0 });
      expect((await fetchDocument(ctx.t)).paths['/apis/made-by-admin']).toBeUndefined();
      expect((await ctx.t.client().get('/openapi/made-by-admin.json')).status).toBe(404);
    });

    it('generates a typed client (openapi-typescript + openapi-fetch) whose paid call costs exactly the price', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'portico-openapi-'));
      try {
        const types = await generateTypes(dir, await fetchDocument(ctx.t));
        const client = [
          "import createClient from 'openapi-fetch';",
          "import type { paths } from './portico';",
          '',
          'export async function hashPaid(create: typeof createClient, baseUrl: string, key: string) {',
          '  const client = create<paths>({ baseUrl });',
          "  const { data, error, response } = await client.GET('/apis/paid-hash', {",
          "    params: { query: { text: 'hello', algo: 'sha256', rounds: 1 } },",
          "    headers: { 'X-API-Key': key },",
          '  });',
          '  const hash: string | undefined = data?.data?.hash;',
          '  return { status: response.status, hash, error };',
          '}',
          '',
          'export function misspelt(create: typeof createClient) {',
          "  const client = create<paths>({ baseUrl: 'http://localhost' });",
          '  // @ts-expect-error the parameter is text, not txet',
          "  void client.GET('/apis/paid-hash', { params: { query: { txet: 'x', rounds: 1 } } });",
          '}',
        ].join('\n');
        expect(typeErrors(dir, { 'portico.d.ts': types, 'client.ts': client })).toEqual([]);

        const { outputText } = ts.transpileModule(client, {
          compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
        });
        writeFileSync(join(dir, 'client.js'), outputText);
        const generated = (await import(join(dir, 'client.js'))) as {
          hashPaid(create: typeof createClient, baseUrl: string, key: string): Promise<unknown>;
        };
        const { user, apiKey } = await createKeyedUser(ctx.t, 12);
        const answer = await generated.hashPaid(createClient, ctx.t.baseUrl, apiKey);
        expect(answer).toEqual({
          status: 200,
          hash: '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
          error: undefined,
        });
        expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 7, expected: 7 });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  },
  { SEED_DEMO: 'true' },
);
