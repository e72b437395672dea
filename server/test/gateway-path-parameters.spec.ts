import { AccessLog } from '../src/database/entities';
import { adminClient } from './factories/admin';
import { createGatewayApi, createKeyedUser, ledgerOf } from './factories/gateway';
import { startUpstreamFake } from './fakes/upstream-fake';
import { describeEachDb } from './harness';

describeEachDb('gateway: path parameters in the upstream URL', (ctx) => {
  let upstream: Awaited<ReturnType<typeof startUpstreamFake>>;
  beforeAll(async () => {
    upstream = await startUpstreamFake();
  });
  afterAll(() => upstream.close());

  const repoApi = (overrides = {}) =>
    createGatewayApi(ctx.t, {
      handler: null,
      upstream_url: `${upstream.url}/v1/repos/{owner}/{repo}/issues`,
      request_params: JSON.stringify([
        { name: 'owner', in: 'path', type: 'string', required: true, description: '' },
        { name: 'repo', in: 'path', type: 'string', required: true, description: '' },
      ]),
      ...overrides,
    });

  it('fills each from the sub-path in order or from the query by name, encoded', async () => {
    const api = await repoApi();
    const client = ctx.t.client();
    const cases: [string, Record<string, string>, string][] = [
      ['/octo/hello', {}, '/v1/repos/octo/hello/issues'],
      [
        '',
        { owner: 'octo', repo: 'hello', state: 'open' },
        '/v1/repos/octo/hello/issues?state=open',
      ],
      ['/octo', { repo: 'hello' }, '/v1/repos/octo/hello/issues'],
      ['/a%20b', { repo: 'c?d#e' }, '/v1/repos/a%20b/c%3Fd%23e/issues'],
      ['/%E4%B8%AD', { repo: 'x' }, '/v1/repos/%E4%B8%AD/x/issues'],
    ];
    for (const [subPath, query, seen] of cases) {
      const res = await client.get(`/apis/${api.name_en}${subPath}`, { query });
      expect({ subPath, query, status: res.status, url: res.body.url }).toEqual({
        subPath,
        query,
        status: 200,
        url: seen,
      });
    }
  });

  it('refuses a missing, climbing or multi-segment value, and a longer sub-path, charging nothing', async () => {
    const api = await repoApi({ is_paid: 1, price_per_call_milli: 9 });
    const { user, apiKey } = await createKeyedUser(ctx.t, 1000);
    const client = ctx.t.client();
    const before = upstream.seen.length;
    const cases: [string, Record<string, string>, string, string][] = [
      ['', { owner: 'octo' }, 'gateway.path_parameter_missing', 'repo'],
      ['/octo', { repo: '' }, 'gateway.path_parameter_missing', 'repo'],
      ['', { owner: 'a/b', repo: 'x' }, 'gateway.invalid_path', 'owner'],
      ['', { owner: '..;x', repo: 'x' }, 'gateway.invalid_path', 'owner'],
      ['', { owner: 'a\\b', repo: 'x' }, 'gateway.invalid_path', 'owner'],
      ['/octo/hello/extra', {}, 'gateway.invalid_path', 'repo'],
    ];
    for (const [subPath, query, code, field] of cases) {
      const res = await client.get(`/apis/${api.name_en}${subPath}`, {
        query,
        headers: { 'x-api-key': apiKey },
      });
      expect({
        subPath,
        query,
        status: res.status,
        code: res.body.code,
        field: res.body.field,
      }).toEqual({
        subPath,
        query,
        status: 400,
        code,
        field,
      });
    }
    // A dot segment or an encoded slash in the address itself is refused before routing by the
    // site-wide guard.
    for (const [segments, status] of [
      ['%2e%2e', 404],
      ['%252e%252e', 400],
      ['octo/a%2Fb', 400],
    ] as const) {
      const res = await client.get(`/apis/${api.name_en}/${segments}`, {
        query: { repo: 'x' },
        headers: { 'x-api-key': apiKey },
      });
      expect(res.status).toBe(status);
    }
    expect(upstream.seen.length).toBe(before);
    expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 1000, expected: 1000 });
    expect(await ctx.t.dataSource.getRepository(AccessLog).countBy({ user_id: user.id })).toBe(0);

    const paid = await client.get(`/apis/${api.name_en}/octo/hello`, {
      headers: { 'x-api-key': apiKey },
    });
    expect(paid.status).toBe(200);
    expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 991, expected: 991 });
  });

  it('takes them from the query string beside a JSON body', async () => {
    const api = await repoApi({ request_method: 'POST' });
    const res = await ctx.t.client().request(
      'POST',
      `/apis/${api.name_en}`,
      { title: 'bug' },
      {
        query: { owner: 'octo', repo: 'hello' },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      method: 'POST',
      url: '/v1/repos/octo/hello/issues',
      body: '{"title":"bug"}',
    });
  });

  it('is saved by the admin only as whole path segments', async () => {
    const admin = await adminClient(ctx.t);
    const api = await repoApi();
    const form = (upstream_url: string) => ({
      id: api.id,
      name: api.name,
      name_en: api.name_en,
      endpoint: api.endpoint,
      request_method: 'GET',
      handler: null,
      upstream_url,
      request_params: api.request_params,
    });
    for (const bad of [
      'https://up.example/pets/{pet id}',
      'https://up.example/pets/x{petId}',
      'https://{host}.example/pets',
      'https://up.example/pets?id={petId}',
    ]) {
      const res = await admin.post('/api/admin/update_api.php', form(bad));
      expect({ bad, status: res.status, field: res.body.field }).toEqual({
        bad,
        status: 400,
        field: 'upstream_url',
      });
    }
    const ok = await admin.post(
      '/api/admin/update_api.php',
      form('https://up.example/v2/pets/{petId}/photos/{photo.id}'),
    );
    expect(ok.status).toBe(200);
    const detail = await ctx.t.client().get('/api/get_api_detail.php', { query: { id: api.id } });
    expect(detail.body.data.request_params[0]).toMatchObject({ name: 'owner', in: 'path' });
  });
});
