import { ApiDailyStat } from '../src/database/entities';
import {
  adminClient,
  anonymousClient,
  apiBody,
  seedApi,
  seedDailyCalls,
  userClient,
} from './factories/admin';
import { describeEachDb } from './harness';
import type { HttpClient } from './http-client';

const PRICE_MESSAGE =
  'invalid price format, must be a non-negative number with at most three decimal places';
const REQUIRED = 'API name, English name and Endpoint cannot be empty';

/** What an error envelope carries beside `success` and `message`. */
const invalid = (field: string) => ({ code: 'request.validation', field });
const BAD_PRICE = { code: 'apis.invalid_price', field: 'price_per_call' };
/** A list field's refusal names the list, so the editor marks it. */
const badList = (field: 'request_params' | 'response_params' | 'status_codes') => ({
  code: 'apis.invalid_list_field',
  field,
});

/** Every admin route this work adds, with a body that would otherwise be acceptable. */
const ADMIN_ROUTES: [method: 'GET' | 'POST', path: string][] = [
  ['GET', '/api/admin/get_api.php?id=1'],
  ['POST', '/api/admin/create_api.php'],
  ['POST', '/api/admin/update_api.php'],
  ['POST', '/api/admin/delete_api.php'],
  ['POST', '/api/admin/add_partner.php'],
  ['POST', '/api/admin/update_partner.php'],
  ['POST', '/api/admin/delete_partner.php'],
  ['POST', '/api/admin/add_ad.php'],
  ['POST', '/api/admin/update_ad.php'],
  ['POST', '/api/admin/delete_ad.php'],
  ['GET', '/api/admin/get_sidebar_links_admin.php'],
  ['POST', '/api/admin/add_sidebar_link.php'],
  ['POST', '/api/admin/update_sidebar_link.php'],
  ['POST', '/api/admin/delete_sidebar_link.php'],
  ['GET', '/api/admin/get_friend_links.php'],
  ['POST', '/api/admin/add_friend_link.php'],
  ['POST', '/api/admin/update_friend_link.php'],
  ['GET', '/api/admin/delete_friend_link.php?id=1'],
  ['GET', '/api/admin/get_config.php'],
  ['POST', '/api/admin/update_config.php'],
  ['GET', '/api/admin/get_api_daily_stats.php'],
  ['GET', '/api/admin/get_api_daily_stats.php?id=1'],
  ['GET', '/api/admin/get_dashboard_stats.php'],
  ['GET', '/api/admin/get_user_list.php'],
];

describeEachDb('admin: access and API management', (ctx) => {
  let admin: HttpClient;
  beforeAll(async () => {
    admin = await adminClient(ctx.t);
  });

  describe('access', () => {
    it.each(ADMIN_ROUTES)(
      '%s %s answers 401 without a session and for a user',
      async (method, path) => {
        for (const client of [await anonymousClient(ctx.t), await userClient(ctx.t)]) {
          const res = await client.request(method, path, method === 'POST' ? { id: 1 } : undefined);
          expect(res.status).toBe(401);
          expect(res.body).toEqual({
            success: false,
            message: expect.any(String),
            code: 'auth.admin_unauthenticated',
          });
        }
      },
    );

    it('needs the XSRF header for writes and for the deleting GET', async () => {
      const create = await admin.post('/api/admin/create_api.php', apiBody(), { noXsrf: true });
      expect(create.status).toBe(403);
      const del = await admin.get('/api/admin/delete_friend_link.php', {
        query: { id: 1 },
        noXsrf: true,
      });
      expect(del.status).toBe(403);
    });
  });

  describe('create, edit and delete an API', () => {
    it('round-trips every field, and the public catalogue shows it at once', async () => {
      const body = apiBody({ is_paid: 1, price_per_call: '0.005', is_pinned: 1 });
      const created = await admin.post('/api/admin/create_api.php', body);
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({ success: true, message: 'API created' });
      const id = created.body.data.id as number;

      const fetched = await admin.get('/api/admin/get_api.php', { query: { id } });
      expect(fetched.body.data).toMatchObject({
        id,
        name: body.name,
        name_en: body.name_en,
        endpoint: body.endpoint,
        request_method: 'GET',
        request_params: [
          {
            name: 'q',
            type: 'string',
            required: true,
            description: '查询词',
            description_en: 'query',
          },
        ],
        response_params: [
          { name: 'data', type: 'object', description: '结果', description_en: 'result' },
        ],
        status_codes: [{ code: 200, description: '成功', description_en: 'ok' }],
        is_paid: 1,
        is_pinned: 1,
        status: 1,
        price_per_call: '0.005',
        handler: null,
        upstream_url: body.upstream_url,
      });

      const publicDetail = await ctx.t.client().get('/api/get_api_detail.php', { query: { id } });
      expect(publicDetail.status).toBe(200);
      expect(publicDetail.body.data.name_en).toBe(body.name_en);

      const updated = await admin.post('/api/admin/update_api.php', {
        ...body,
        id,
        name: '改名后的接口',
        status: 0,
        request_method: 'POST',
        price_per_call: 1.25,
        upstream_url: 'https://upstream.example.com/v1',
        upstream_timeout_ms: 5000,
      });
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({
        name: '改名后的接口',
        status: 0,
        request_method: 'POST',
        price_per_call: '1.250',
        upstream_url: 'https://upstream.example.com/v1',
        upstream_timeout_ms: 5000,
      });
      // Disabled: the public detail says so at once (no stale cache), documentation kept.
      const disabled = await ctx.t.client().get('/api/get_api_detail.php', { query: { id } });
      expect(disabled.body.data).toMatchObject({ name: '改名后的接口', status: 0 });

      const deleted = await admin.post('/api/admin/delete_api.php', { id });
      expect(deleted.body).toEqual({ success: true, message: 'API deleted' });
      expect((await admin.get('/api/admin/get_api.php', { query: { id } })).status).toBe(404);
      expect((await admin.post('/api/admin/delete_api.php', { id })).status).toBe(404);
    });

    it('drops the daily counters of a deleted API', async () => {
      const api = await seedApi(ctx.t);
      await seedDailyCalls(ctx.t, api.id, '2026-01-02', 4);
      await admin.post('/api/admin/delete_api.php', { id: api.id });
      const left = await ctx.t.dataSource.getRepository(ApiDailyStat).countBy({ api_id: api.id });
      expect(left).toBe(0);
    });

    it('accepts doubly encoded list fields, flags as text and booleans, arrays as is', async () => {
      const params = [{ name: 'n', type: 'integer', required: '1', description: 'count' }];
      const res = await admin.post(
        '/api/admin/create_api.php',
        apiBody({
          request_params: JSON.stringify(JSON.stringify(params)),
          response_params: [{ key: 'value', type: 'string', description: 'v' }],
          status_codes: '',
          is_paid: '0',
          is_pinned: true,
          status: '1',
        }),
      );
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        // SPEC's one description is kept as written, beside an empty English one.
        request_params: [
          { name: 'n', type: 'integer', required: true, description: 'count', description_en: '' },
        ],
        response_params: [{ name: 'value', type: 'string', description: 'v', description_en: '' }],
        status_codes: [],
        is_paid: 0,
        is_pinned: 1,
        status: 1,
      });
    });

    it("keeps a parameter's enum, default and example for the API page's console", async () => {
      const params = [
        { name: 'level', type: 'string', required: false, description: '', enum: ['l', 'm'] },
        { name: 'size', type: 'integer', required: false, description: '', default: 256 },
        { name: 'text', type: 'string', required: true, description: '', example: ' hi ' },
        { name: 'x', type: 'string', required: false, description: '', enum: null, default: '' },
      ];
      const res = await admin.post(
        '/api/admin/create_api.php',
        apiBody({ request_params: params }),
      );
      expect(res.status).toBe(200);
      const none = { description: '', description_en: '' };
      expect(res.body.data.request_params).toEqual([
        { name: 'level', type: 'string', required: false, ...none, enum: ['l', 'm'] },
        { name: 'size', type: 'integer', required: false, ...none, default: '256' },
        { name: 'text', type: 'string', required: true, ...none, example: 'hi' },
        { name: 'x', type: 'string', required: false, ...none },
      ]);
    });

    it('refuses a list field past what its column holds, naming it, and saves nothing', async () => {
      const rows = Array.from({ length: 40 }, (_, i) => ({
        name: `p${i}`,
        type: 'string',
        required: false,
        description: '说明'.repeat(300),
        description_en: 'text '.repeat(300),
      }));
      const body = apiBody({ request_params: rows });
      const res = await admin.post('/api/admin/create_api.php', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'apis.list_too_long', field: 'request_params' });
      const found = await admin.get('/api/get_api_detail.php', {
        query: { name_en: body.name_en },
      });
      expect(found.status).toBe(404);
      // 60,000 bytes of JSON are kept (a MySQL TEXT column holds 65,535).
      const fits = apiBody({ request_params: rows.slice(0, 10) });
      expect((await admin.post('/api/admin/create_api.php', fits)).status).toBe(200);
    });

    it("keeps every list row's descriptions as written, and a field's nullable mark", async () => {
      const res = await admin.post(
        '/api/admin/create_api.php',
        apiBody({
          request_params: [
            {
              name: 'tz',
              type: 'string',
              required: false,
              description: ' 时区 ',
              description_en: ' time zone ',
            },
            { name: 'a', type: 'string', required: false, description: 'IANA 时区' },
            { name: 'b', type: 'string', required: false, description: 'IANA zone' },
          ],
          response_params: [
            {
              name: 'local',
              type: 'string',
              description: '当地时间',
              description_en: '',
              nullable: true,
            },
            { name: 'x', type: 'string', description: 'x', nullable: 'yes' },
          ],
          status_codes: [
            { code: 429, description: '请求过于频繁', description_en: 'Rate limited' },
          ],
        }),
      );
      expect(res.status).toBe(200);
      const detail = await ctx.t.client().get('/api/get_api_detail.php', {
        query: { id: res.body.data.id },
      });
      for (const data of [res.body.data, detail.body.data]) {
        expect(data.request_params).toEqual([
          {
            name: 'tz',
            type: 'string',
            required: false,
            description: '时区',
            description_en: 'time zone',
          },
          {
            name: 'a',
            type: 'string',
            required: false,
            description: 'IANA 时区',
            description_en: '',
          },
          {
            name: 'b',
            type: 'string',
            required: false,
            description: 'IANA zone',
            description_en: '',
          },
        ]);
        expect(data.response_params).toEqual([
          {
            name: 'local',
            type: 'string',
            description: '当地时间',
            description_en: '',
            nullable: true,
          },
          { name: 'x', type: 'string', description: 'x', description_en: '' },
        ]);
        expect(data.status_codes).toEqual([
          { code: 429, description: '请求过于频繁', description_en: 'Rate limited' },
        ]);
      }
    });

    it('keeps English names unique, whatever the case (409)', async () => {
      const body = apiBody();
      expect((await admin.post('/api/admin/create_api.php', body)).status).toBe(200);
      const again = await admin.post('/api/admin/create_api.php', {
        ...apiBody(),
        name_en: body.name_en.toUpperCase(),
      });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({
        success: false,
        message: 'an API with this English name already exists',
        code: 'apis.name_taken',
        field: 'name_en',
      });
      const other = await seedApi(ctx.t);
      const rename = await admin.post('/api/admin/update_api.php', {
        ...apiBody(),
        id: other.id,
        name_en: body.name_en,
      });
      expect(rename.status).toBe(409);
    });
  });

  describe('validation', () => {
    it.each([
      [{ name: '' }, REQUIRED, invalid('name')],
      [{ name: '   ' }, REQUIRED, invalid('name')],
      [{ name_en: undefined }, REQUIRED, invalid('name_en')],
      [{ endpoint: '' }, REQUIRED, invalid('endpoint')],
      [{ is_paid: 1, price_per_call: '-1' }, PRICE_MESSAGE, BAD_PRICE],
      [{ is_paid: 1, price_per_call: '0.0001' }, PRICE_MESSAGE, BAD_PRICE],
      [{ is_paid: 1, price_per_call: 'abc' }, PRICE_MESSAGE, BAD_PRICE],
      [{ is_paid: 1, price_per_call: '' }, PRICE_MESSAGE, BAD_PRICE],
      [{ is_paid: 1, price_per_call: 1e-7 }, PRICE_MESSAGE, BAD_PRICE],
      [
        { request_method: 'PATCH' },
        'request method must be GET, POST, PUT or DELETE',
        invalid('request_method'),
      ],
      [
        { title_en: 'T'.repeat(101) },
        'English title is too long (max 100 characters)',
        invalid('title_en'),
      ],
      [{ name: '名'.repeat(101) }, 'API name is too long (max 100 characters)', invalid('name')],
      [{ status: 2 }, 'status must be 0 or 1', invalid('status')],
      [{ is_paid: 'yes' }, 'is_paid must be 0 or 1', invalid('is_paid')],
      [{ is_pinned: 5 }, 'is_pinned must be 0 or 1', invalid('is_pinned')],
      [
        { name_en: 'has space' },
        'English name may only contain letters, digits, dots, hyphens and underscores',
        invalid('name_en'),
      ],
      [
        { request_params: '{not json' },
        'request parameters must be a JSON list of {name, type, required, description}',
        badList('request_params'),
      ],
      [
        { request_params: '{"name":"q"}' },
        'request parameters must be a JSON list of {name, type, required, description}',
        badList('request_params'),
      ],
      [
        { request_params: '[{"name":"q","type":"date"}]' },
        'parameter type must be one of string, integer, number, boolean, array, object, file',
        badList('request_params'),
      ],
      [
        { request_params: '[{"type":"string"}]' },
        'every request parameter needs a name',
        badList('request_params'),
      ],
      [
        { request_params: '[{"name":"q","type":"string","enum":"l"}]' },
        'a parameter enum must be a list of values',
        badList('request_params'),
      ],
      [
        { request_params: '[{"name":"q","type":"string","enum":[{"v":1}]}]' },
        'a parameter enum must be a list of values',
        badList('request_params'),
      ],
      [
        { response_params: '[1,2]' },
        'response parameters must be a JSON list of {name, type, description}',
        badList('response_params'),
      ],
      [
        { status_codes: '[{"code":"abc"}]' },
        'every status code must be a number',
        badList('status_codes'),
      ],
      [
        { upstream_url: 'ftp://files.example.com' },
        'upstream URL must be an http(s) URL',
        invalid('upstream_url'),
      ],
      [
        { upstream_timeout_ms: 5 },
        'upstream timeout must be an integer between 100 and 120000 ms',
        invalid('upstream_timeout_ms'),
      ],
    ])('rejects %j with its message', async (overrides, message, error) => {
      const res = await admin.post('/api/admin/create_api.php', apiBody(overrides));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message, ...error });
    });

    it('lets a free API keep any price text it does not charge', async () => {
      const res = await admin.post(
        '/api/admin/create_api.php',
        apiBody({ is_paid: 0, price_per_call: 'n/a' }),
      );
      expect(res.status).toBe(200);
      expect(res.body.data.price_per_call).toBe('0.000');
    });

    it.each([undefined, 'abc', 0, -3, '1.5'])(
      'rejects the update id %j: invalid API ID',
      async (id) => {
        const res = await admin.post('/api/admin/update_api.php', { ...apiBody(), id });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ success: false, message: 'invalid API ID', ...invalid('id') });
        const del = await admin.post('/api/admin/delete_api.php', { id });
        expect(del.body).toEqual({ success: false, message: 'invalid API ID', ...invalid('id') });
      },
    );

    it('answers 404 when updating an API that does not exist', async () => {
      const res = await admin.post('/api/admin/update_api.php', { ...apiBody(), id: 999999 });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        success: false,
        message: 'API not found',
        code: 'apis.not_found',
      });
    });
  });
});
