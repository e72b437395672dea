import { ContentEvents } from '../src/common/content-events';
import { ApiDailyStat, ApiEntry } from '../src/database/entities';
import { createApi } from './factories/catalogue';
import { loginAdmin } from './factories/users';
import { describeEachDb } from './harness';
import type { HttpClient } from './http-client';

describeEachDb('public catalogue', (ctx) => {
  const list = (query: Record<string, string | number | undefined> = {}) =>
    ctx.t.client().get('/api/get_api_list.php', { query });
  const detail = (query: Record<string, string | number | undefined>) =>
    ctx.t.client().get('/api/get_api_detail.php', { query });

  /** Empties the catalogue and tells the caches, as an admin write would. */
  async function resetCatalogue() {
    await ctx.t.dataSource.getRepository(ApiDailyStat).clear();
    await ctx.t.dataSource.getRepository(ApiEntry).createQueryBuilder().delete().execute();
    await ctx.t.app.get(ContentEvents).changed('apis');
  }

  beforeEach(resetCatalogue);

  describe('GET /api/get_api_list.php', () => {
    it('lists enabled APIs, pinned first then newest, with the page totals', async () => {
      const ds = ctx.t.dataSource;
      const old = await createApi(ds, { name_en: 'old-one' });
      const pinned = await createApi(ds, { name_en: 'pinned-one', is_pinned: 1 });
      const fresh = await createApi(ds, { name_en: 'fresh-one' });
      await createApi(ds, { name_en: 'hidden-one', status: 0 });

      const res = await list();
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, total: 3, total_pages: 1, current_page: 1 });
      expect(res.body.data.map((api: { id: number }) => api.id)).toEqual([
        pinned.id,
        fresh.id,
        old.id,
      ]);
    });

    it('returns summaries with the price as 3-decimal text and nothing internal', async () => {
      await createApi(ctx.t.dataSource, {
        name_en: 'priced',
        is_paid: 1,
        price_per_call_milli: 5,
        usage_count: 42,
        handler: 'ip',
        upstream_url: 'http://internal.example/secret',
      });
      const [item] = (await list()).body.data;
      expect(item).toEqual({
        id: expect.any(Number),
        name: 'Test API priced',
        name_en: 'priced',
        title_en: '',
        description: 'An API made by a test',
        description_en: 'An API made by a test',
        endpoint: '/apis/priced',
        request_method: 'GET',
        status: 1,
        is_paid: 1,
        is_pinned: 0,
        price_per_call: '0.005',
        usage_count: 42,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        categories: [],
        health: null,
        maintenance: false,
        free_quota_calls: 0,
        free_quota_period: 'day',
      });
    });

    it('filters by is_paid and is_pinned', async () => {
      const ds = ctx.t.dataSource;
      await createApi(ds, { name_en: 'free-a' });
      await createApi(ds, { name_en: 'paid-a', is_paid: 1, price_per_call_milli: 1 });
      await createApi(ds, { name_en: 'paid-pinned', is_paid: 1, is_pinned: 1 });
      const names = async (query: Record<string, number>) =>
        (await list(query)).body.data.map((api: { name_en: string }) => api.name_en);
      expect(await names({ is_paid: 0 })).toEqual(['free-a']);
      expect(await names({ is_paid: 1 })).toEqual(['paid-pinned', 'paid-a']);
      expect(await names({ is_paid: 1, is_pinned: 0 })).toEqual(['paid-a']);
    });

    it('searches names, English title and both descriptions, ignoring case', async () => {
      const ds = ctx.t.dataSource;
      await createApi(ds, { name: 'Weather Now', name_en: 'weather' });
      await createApi(ds, { name: 'Hash', name_en: 'md5-hash' });
      await createApi(ds, { name: 'Clock', name_en: 'clock', description: 'WORLD time zones' });
      await createApi(ds, {
        name: '天气预报',
        name_en: 'forecast',
        title_en: 'Sky Report',
        description_en: 'Rain or shine',
      });
      const names = async (search: string) =>
        (await list({ search })).body.data.map((api: { name_en: string }) => api.name_en);
      expect(await names('weather NOW')).toEqual(['weather']);
      expect(await names('MD5')).toEqual(['md5-hash']);
      expect(await names('world time')).toEqual(['clock']);
      expect(await names('sky report')).toEqual(['forecast']);
      expect(await names('RAIN or')).toEqual(['forecast']);
      expect(await names('  ')).toHaveLength(4);
    });

    it('treats search text as words, never as SQL or a pattern', async () => {
      await createApi(ctx.t.dataSource, { name: '100% uptime', name_en: 'uptime' });
      await createApi(ctx.t.dataSource, { name: 'Other', name_en: 'other_api' });
      for (const [search, expected] of [
        ['100%', ['uptime']],
        ['other_api', ['other_api']],
        ['%', []],
        ['_', []],
        ["' OR 1=1 --", []],
        ['!', []],
      ] as const) {
        const res = await list({ search });
        expect(res.status).toBe(200);
        expect(res.body.data.map((api: { name_en: string }) => api.name_en)).toEqual(expected);
      }
    });

    it('pages through results and caps per_page at 100 for visitors', async () => {
      const ds = ctx.t.dataSource;
      await ds.getRepository(ApiEntry).insert(
        Array.from({ length: 105 }, (_, i) => ({
          name: `Bulk ${i}`,
          name_en: `bulk-${i}`,
          description: '',
          description_en: '',
          endpoint: `/apis/bulk-${i}`,
          example_url: '',
          request_params: '[]',
          response_params: '[]',
          status_codes: '[]',
          php_example: '',
          response_example: '',
        })),
      );
      const page3 = await list({ per_page: 48, page: 3 });
      expect(page3.body).toMatchObject({ total: 105, total_pages: 3, current_page: 3 });
      expect(page3.body.data).toHaveLength(9);

      const capped = await list({ per_page: 1000 });
      expect(capped.body.data).toHaveLength(100);
      expect(capped.body.total_pages).toBe(2);

      const beyond = await list({ page: 50 });
      expect(beyond.status).toBe(200);
      expect(beyond.body.data).toEqual([]);
    });

    it.each([
      [{ page: -1 }, 'page must be a positive integer', 'page'],
      [{ page: 'abc' }, 'page must be a positive integer', 'page'],
      [{ page: '1.5' }, 'page must be a positive integer', 'page'],
      [{ per_page: 'abc' }, 'per_page must be an integer between 1 and 1000', 'per_page'],
      [{ per_page: 0 }, 'per_page must be an integer between 1 and 1000', 'per_page'],
      [{ per_page: 5000 }, 'per_page must be an integer between 1 and 1000', 'per_page'],
      [{ is_paid: 7 }, 'is_paid must be 0 or 1', 'is_paid'],
      [{ is_pinned: 'yes' }, 'is_pinned must be 0 or 1', 'is_pinned'],
      [{ search: 'x'.repeat(10_000) }, 'search text is too long (max 100 characters)', 'search'],
    ])('rejects %j with a clear 400', async (query, message, field) => {
      const res = await list(query);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message, code: 'request.validation', field });
    });

    it('rejects a repeated search parameter with 400', async () => {
      const res = await ctx.t.client().get('/api/get_api_list.php?search=a&search=b');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        message: 'search must be text',
        code: 'request.validation',
        field: 'search',
      });
    });

    it('serves cached lists until an admin write announces a change', async () => {
      const api = await createApi(ctx.t.dataSource, { name: 'Before' });
      expect((await list()).body.data[0].name).toBe('Before');
      await ctx.t.dataSource.getRepository(ApiEntry).update(api.id, { name: 'After' });
      expect((await list()).body.data[0].name).toBe('Before');
      await ctx.t.app.get(ContentEvents).changed('apis');
      expect((await list()).body.data[0].name).toBe('After');
    });
  });

  describe('with an admin session (answered as a visitor)', () => {
    let admin: HttpClient;
    beforeAll(async () => {
      admin = ctx.t.client();
      await loginAdmin(ctx.t, admin);
    });

    it("gets the visitors' list: enabled APIs only, at most 100 a page", async () => {
      const ds = ctx.t.dataSource;
      await createApi(ds, { name_en: 'on' });
      const off = await createApi(ds, { name_en: 'off', status: 0 });
      await ds.getRepository(ApiEntry).insert(
        Array.from({ length: 110 }, (_, i) => ({
          name: `Bulk ${i}`,
          name_en: `bulk-${i}`,
          description: '',
          description_en: '',
          endpoint: `/apis/bulk-${i}`,
          example_url: '',
          request_params: '[]',
          response_params: '[]',
          status_codes: '[]',
          php_example: '',
          response_example: '',
        })),
      );
      const res = await admin.get('/api/get_api_list.php', { query: { per_page: 1000 } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual((await list({ per_page: 1000 })).body);
      expect(res.body).toMatchObject({ total: 111, total_pages: 2 });
      expect(res.body.data).toHaveLength(100);
      expect(res.body.data.map((api: { id: number }) => api.id)).not.toContain(off.id);
    });

    it('reads a disabled API as the public does: its documentation, status 0', async () => {
      const off = await createApi(ctx.t.dataSource, { status: 0 });
      const res = await admin.get('/api/get_api_detail.php', { query: { id: off.id } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual((await detail({ id: off.id })).body);
      expect(res.body.data.status).toBe(0);
    });

    it('still rejects per_page over 1000', async () => {
      const res = await admin.get('/api/get_api_list.php', { query: { per_page: 1001 } });
      expect(res.status).toBe(400);
    });
  });

  describe('GET /api/get_api_detail.php', () => {
    it('finds an API by id or by English name, with the list fields as arrays', async () => {
      const api = await createApi(ctx.t.dataSource, {
        name_en: 'detailed',
        is_paid: 1,
        price_per_call_milli: 1500,
      });
      for (const query of [{ id: api.id }, { name_en: 'detailed' }, { id: ` ${api.id} ` }]) {
        const res = await detail(query);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          success: true,
          message: 'ok',
          data: expect.objectContaining({
            id: api.id,
            name_en: 'detailed',
            endpoint: '/apis/detailed',
            example_url: '/apis/detailed?q=1',
            response_format: 'application/json',
            request_method: 'GET',
            price_per_call: '1.500',
            // Rows stored with one description (as before rows had two): as written, with an
            // empty English one.
            request_params: [
              {
                name: 'q',
                type: 'string',
                required: true,
                description: 'query',
                description_en: '',
              },
            ],
            response_params: [
              { name: 'success', type: 'boolean', description: 'ok', description_en: '' },
            ],
            status_codes: [{ code: 200, description: 'ok', description_en: '' }],
            php_example: '<?php echo 1;',
            response_example: '{"success":true}',
          }),
        });
        expect(res.body.data).not.toHaveProperty('handler');
        expect(res.body.data).not.toHaveProperty('upstream_url');
      }
    });

    it('decodes list fields encoded up to 5 times and gives [] for anything else', async () => {
      const params = [{ name: 'x', type: 'integer', required: false, description: '' }];
      let fiveTimes: string = JSON.stringify(params);
      for (let i = 1; i < 5; i++) fiveTimes = JSON.stringify(fiveTimes);
      const api = await createApi(ctx.t.dataSource, {
        request_params: fiveTimes,
        response_params: JSON.stringify(fiveTimes),
        status_codes: 'not json at all',
      });
      const { data } = (await detail({ id: api.id })).body;
      expect(data.request_params).toEqual([{ ...params[0], description_en: '' }]);
      expect(data.response_params).toEqual([]);
      expect(data.status_codes).toEqual([]);

      const objectNotList = await createApi(ctx.t.dataSource, {
        request_params: '{"name":"x"}',
        response_params: '',
        status_codes: 'null',
      });
      const other = (await detail({ id: objectNotList.id })).body.data;
      expect([other.request_params, other.response_params, other.status_codes]).toEqual([
        [],
        [],
        [],
      ]);
    });

    it('answers 404 API not found for unknown APIs', async () => {
      for (const query of [{ id: 999999 }, { name_en: 'nope' }]) {
        const res = await detail(query);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({
          success: false,
          message: 'API not found',
          code: 'apis.not_found',
        });
      }
    });

    it('keeps a disabled API’s documentation, marked with status 0', async () => {
      const disabled = await createApi(ctx.t.dataSource, {
        name_en: 'switched-off',
        status: 0,
        php_example: '<?php echo 1;',
      });
      for (const query of [{ id: disabled.id }, { name_en: 'switched-off' }]) {
        const res = await detail(query);
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({
          id: disabled.id,
          name_en: 'switched-off',
          status: 0,
          php_example: '<?php echo 1;',
        });
      }
      const listed = await list({ per_page: 100 });
      expect(listed.body.data.map((api: { id: number }) => api.id)).not.toContain(disabled.id);
    });

    it('asks for an id or English name when neither is given', async () => {
      for (const query of [{}, { id: '' }, { name_en: '  ' }]) {
        const res = await detail(query);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          success: false,
          message: 'API ID or English name not provided',
          code: 'apis.ref_missing',
        });
      }
    });

    it.each(['abc', '-1', '0', '1.5', '99999999999', "1' OR '1'='1"])(
      'rejects id %p with 400 invalid API ID',
      async (id) => {
        const res = await detail({ id });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          success: false,
          message: 'invalid API ID',
          code: 'request.validation',
          field: 'id',
        });
      },
    );

    it('rejects an over-long English name with 400', async () => {
      const res = await detail({ name_en: 'x'.repeat(5000) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        message: 'invalid API English name',
        code: 'request.validation',
        field: 'name_en',
      });
    });

    it('serves cached details until an admin write announces a change', async () => {
      const api = await createApi(ctx.t.dataSource, { description: 'first' });
      expect((await detail({ id: api.id })).body.data.description).toBe('first');
      await ctx.t.dataSource.getRepository(ApiEntry).update(api.id, { description: 'second' });
      expect((await detail({ id: api.id })).body.data.description).toBe('first');
      await ctx.t.app.get(ContentEvents).changed('apis');
      expect((await detail({ id: api.id })).body.data.description).toBe('second');

      await ctx.t.dataSource.getRepository(ApiEntry).update(api.id, { status: 0 });
      await ctx.t.app.get(ContentEvents).changed('apis');
      expect((await detail({ id: api.id })).body.data.status).toBe(0);
    });

    it('ignores changes to other kinds of content', async () => {
      const api = await createApi(ctx.t.dataSource, { description: 'kept' });
      await detail({ id: api.id });
      await ctx.t.dataSource.getRepository(ApiEntry).update(api.id, { description: 'changed' });
      await ctx.t.app.get(ContentEvents).changed('partners');
      expect((await detail({ id: api.id })).body.data.description).toBe('kept');
    });
  });
});
