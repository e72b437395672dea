import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse as parseYaml } from 'yaml';
import { adminClient } from './factories/admin';
import { startUpstreamFake } from './fakes/upstream-fake';
import { describeEachDb, startTestApp } from './harness';
import type { TestApp } from './harness';
import type { HttpClient } from './http-client';
import { describeIf } from './requires';
import { strictLintProblems } from './strict-lint';

/** Real public documents (see fixtures/openapi/README.md), each gzipped. */
const CORPUS_DIR = join(__dirname, 'fixtures/openapi');
const IMPORT = '/api/admin/import_openapi.php';

const corpus = readdirSync(CORPUS_DIR, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.gz') && !file.startsWith('api.github.com'))
  .sort();

/**
 * The documents the import refuses, and why: each has no absolute server URL, which the catalogue
 * needs to reach the upstream (a relative one has nothing to be relative to on our side).
 */
const REFUSED: Record<string, RegExp> = {
  'readme/2.0/api-with-examples.json.gz': /GET \/ 没有可用的服务器地址.*（文档没有 servers）/,
  'readme/3.0/callbacks.json.gz': /POST \/streams 没有可用的服务器地址/,
  'readme/3.0/link-example.json.gz': /没有可用的服务器地址.*（文档没有 servers）/,
  'readme/3.0/server-path-level.json.gz': /没有可用的服务器地址.*（当前为 “\/v2”）/,
};

const read = (file: string) => gunzipSync(readFileSync(join(CORPUS_DIR, file)));
const mediaType = (file: string) =>
  file.endsWith('.yaml.gz') ? 'application/yaml' : 'application/vnd.oai.openapi+json';

type Doc = Record<string, any>;

/**
 * A number hint as a number: the export writes "1.0" for a number parameter as the JSON number 1,
 * which reads back as "1".
 */
const numbersRead = (param: Doc) => {
  if (param.type !== 'number' && param.type !== 'integer') return param;
  const read = (value: unknown) => (value === undefined ? value : String(Number(value)));
  return {
    ...param,
    default: read(param.default),
    example: read(param.example),
    enum: param.enum?.map(read),
  };
};

/** What an import makes of each operation, leaving out where it came from and what it did. */
const entries = (preview: Doc) =>
  (preview.apis as Doc[])
    .map(({ name, name_en, method, parameters }) => ({
      name,
      name_en,
      method,
      parameters: (parameters as Doc[]).map(numbersRead),
    }))
    .sort((a, b) => a.name_en.localeCompare(b.name_en));

describeEachDb('real OpenAPI documents', (ctx) => {
  let admin: HttpClient;
  let upstream: Awaited<ReturnType<typeof startUpstreamFake>>;

  beforeAll(async () => {
    admin = await adminClient(ctx.t);
    upstream = await startUpstreamFake();
  });
  afterAll(() => upstream.close());

  const enable = async (ids: number[]) => {
    const enabled = await admin.post('/api/admin/update_api_flags.php', { ids, status: 1 });
    expect(enabled.body.success).toBe(true);
  };

  const importDocument = (document: Buffer | string, type: string, dryRun: boolean) =>
    admin.post(IMPORT, undefined, {
      raw: document,
      headers: { 'content-type': type },
      query: { dry_run: String(dryRun) },
    });

  it('covers every version the import reads', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(60);
    for (const version of ['readme/2.0/', 'readme/3.0/', 'readme/3.1/', 'scalar-galaxy']) {
      expect(corpus.some((file) => file.startsWith(version))).toBe(true);
    }
    for (const file of Object.keys(REFUSED)) expect(corpus).toContain(file);
  });

  it.each(Object.entries(REFUSED))('refuses %s, saying why', async (file, says) => {
    const res = await importDocument(read(file), mediaType(file), false);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('openapi.invalid_document');
    expect(res.body.message).toMatch(says);
  });

  it.each(corpus.filter((file) => !REFUSED[file]))(
    'imports %s, and its export imports to the same entries',
    async (file) => {
      const imported = await importDocument(read(file), mediaType(file), false);
      expect(imported.status).toBe(200);
      const apis = imported.body.data.apis as Doc[];
      if (apis.length > 0) await enable(apis.map((api) => api.id));
      // The export describes the catalogue's own endpoints: imported again, the same entries.
      const exported = (await admin.get('/openapi.json')).body as Doc;
      const names = new Set(apis.map((api) => api.name_en));
      const own = Object.fromEntries(
        Object.entries(exported.paths as Doc).filter(([path]) =>
          names.has(path.split('/')[2] ?? ''),
        ),
      );
      const again = await importDocument(
        JSON.stringify({ ...exported, paths: own }),
        'application/vnd.oai.openapi+json',
        true,
      );
      expect(again.status).toBe(200);
      expect(entries(again.body.data)).toEqual(entries(imported.body.data));
      expect(again.body.data.skipped).toEqual([]);
    },
  );

  it("describes the whole imported catalogue in a document that passes redocly's recommended-strict profile", async () => {
    const exported = (await admin.get('/openapi.json')).body as Doc;
    expect(Object.keys(exported.paths).length).toBeGreaterThan(200);
    expect(await strictLintProblems(exported)).toEqual([]);
  });

  it('calls an operation of Scalar’s Galaxy with its path parameter through the gateway', async () => {
    const galaxy = parseYaml(read('scalar-galaxy.yaml.gz').toString('utf8')) as Doc;
    const document = { ...galaxy, servers: [{ url: `${upstream.url}/v1` }] };
    const imported = await importDocument(
      JSON.stringify(document),
      'application/vnd.oai.openapi+json',
      false,
    );
    const planet = (imported.body.data.apis as Doc[]).find((api) => api.name_en === 'getPlanet')!;
    expect(planet.upstream_url).toBe(`${upstream.url}/v1/planets/{planetId}`);
    await enable([planet.id]);

    const visitor = ctx.t.client();
    const detail = await visitor.get('/api/get_api_detail.php', { query: { id: planet.id } });
    expect(detail.body.data.request_params[0]).toMatchObject({
      name: 'planetId',
      in: 'path',
      required: true,
    });
    // Its own document declares the parameter where a call gives it: the path after the API's.
    const own = (await visitor.get('/openapi/getPlanet.json')).body as Doc;
    expect(Object.keys(own.paths)).toEqual(['/apis/getPlanet/{planetId}']);
    expect(own.paths['/apis/getPlanet/{planetId}'].get.parameters[0]).toMatchObject({
      name: 'planetId',
      in: 'path',
      required: true,
    });
    const call = await visitor.get('/apis/getPlanet/42');
    expect(call.status).toBe(200);
    expect(upstream.seen.at(-1)).toMatchObject({ method: 'GET', url: '/v1/planets/42' });
    const byQuery = await visitor.get('/apis/getPlanet', { query: { planetId: 'mars 2' } });
    expect(byQuery.status).toBe(200);
    expect(upstream.seen.at(-1)).toMatchObject({ method: 'GET', url: '/v1/planets/mars%202' });
  });
});

const CLIENT_DIST = join(__dirname, '../../client/dist');
const built = existsSync(join(CLIENT_DIST, '../dist-ssr/entry-server.cjs'));

/** The text a browser shows for server-rendered HTML's escapes. */
const unescapeHtml = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');

describeIf(built, 'a built client (npm run build)')('real OpenAPI documents’ pages', () => {
  let t: TestApp;

  beforeAll(async () => {
    // One address renders every page here: past the per-address limit it would get the shell.
    t = await startTestApp('sqlite', { CLIENT_DIST, PAGE_RENDERS_PER_IP: '100000' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('renders the page of every API the corpus imports, with its name and parameters', async () => {
    const admin = await adminClient(t);
    // By id: a later document's operation of the same English name updates the entry.
    const imported = new Map<number, Doc>();
    for (const file of corpus.filter((name) => !REFUSED[name])) {
      const res = await admin.post(IMPORT, undefined, {
        raw: read(file),
        headers: { 'content-type': mediaType(file) },
        query: { dry_run: 'false' },
      });
      expect([file, res.status]).toEqual([file, 200]);
      for (const api of res.body.data.apis as Doc[]) imported.set(api.id, api);
    }
    expect(imported.size).toBeGreaterThan(200);
    const ids = [...imported.keys()];
    expect((await admin.post('/api/admin/update_api_flags.php', { ids, status: 1 })).status).toBe(
      200,
    );
    for (const api of imported.values()) {
      const res = await fetch(`${t.baseUrl}/api/${api.id}/${api.name_en}`);
      const html = unescapeHtml(await res.text());
      expect([api.name_en, res.status]).toEqual([api.name_en, 200]);
      // Rendered on the server, not the shell a browser would render itself.
      expect([api.name_en, /<h1[^>]*>/.test(html) && html.includes(api.name)]).toEqual([
        api.name_en,
        true,
      ]);
      for (const param of api.parameters as Doc[]) {
        expect([api.name_en, param.name, html.includes(param.name)]).toEqual([
          api.name_en,
          param.name,
          true,
        ]);
      }
    }
    // Over two hundred pages rendered one after another.
  }, 120_000);
});
