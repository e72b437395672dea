import { ContentEvents } from '../src/common/content-events';
import { ApiCategory, ApiDailyStat, ApiEntry, Category } from '../src/database/entities';
import { apiBody } from './factories/admin';
import { createApi } from './factories/catalogue';
import { loginAdmin } from './factories/users';
import { describeEachDb, startTestApp, TEST_DATABASES, TestApp } from './harness';
import type { HttpClient } from './http-client';

type Row = { id: number; name_en: string; categories: string[] };

describeEachDb('catalogue search, categories and sort', (ctx) => {
  let admin: HttpClient;
  const list = (query: Record<string, string | number | undefined> = {}) =>
    ctx.t.client().get('/api/get_api_list.php', { query });
  const names = async (query: Record<string, string | number | undefined>) => {
    const res = await list(query);
    expect(res.status).toBe(200);
    return (res.body.data as Row[]).map((api) => api.name_en);
  };
  const category = (values: Partial<Category>) =>
    ctx.t.dataSource.getRepository(Category).save({ sort_order: 0, ...values });
  const link = (api: ApiEntry, ...categories: Category[]) =>
    ctx.t.dataSource
      .getRepository(ApiCategory)
      .insert(categories.map((c) => ({ api_id: api.id, category_id: c.id })));

  beforeAll(async () => {
    admin = ctx.t.client();
    await loginAdmin(ctx.t, admin);
  });

  beforeEach(async () => {
    await ctx.t.dataSource.getRepository(ApiDailyStat).clear();
    await ctx.t.dataSource.getRepository(ApiCategory).createQueryBuilder().delete().execute();
    await ctx.t.dataSource.getRepository(Category).createQueryBuilder().delete().execute();
    await ctx.t.dataSource.getRepository(ApiEntry).createQueryBuilder().delete().execute();
    await ctx.t.app.get(ContentEvents).changed('apis');
  });

  /** Test data written straight to the database is announced as an admin write would be. */
  const announce = () => ctx.t.app.get(ContentEvents).changed('apis');

  describe('search', () => {
    it('ranks a name match before a description match, even a newer pinned one', async () => {
      const named = await createApi(ctx.t.dataSource, {
        name: '天气预报',
        name_en: 'forecast',
        title_en: 'Weather forecast',
        description: '未来七天',
        description_en: 'The next seven days',
      });
      await createApi(ctx.t.dataSource, {
        name: '穿衣建议',
        name_en: 'clothes',
        description: '根据天气给出穿衣建议',
        description_en: 'What to wear for the weather, weather and more weather',
        is_pinned: 1,
      });
      await announce();
      expect(await names({ search: 'weather' })).toEqual(['forecast', 'clothes']);
      expect(await names({ search: '天气' })).toEqual(['forecast', 'clothes']);
      expect(named.id).toBeGreaterThan(0);
    });

    it('tolerates one typo in a word of four letters or more, and matches prefixes', async () => {
      await createApi(ctx.t.dataSource, {
        name: '二维码生成',
        name_en: 'qrcode',
        title_en: 'QR code',
      });
      await createApi(ctx.t.dataSource, { name: '时间戳转换', name_en: 'timestamp' });
      await announce();
      expect(await names({ search: 'timestmp' })).toEqual(['timestamp']);
      expect(await names({ search: 'tmiestamp' })).toEqual([]);
      expect(await names({ search: 'qrcdoe' })).toEqual([]);
      expect(await names({ search: 'qrcod' })).toEqual(['qrcode']);
      expect(await names({ search: 'time' })).toEqual(['timestamp']);
    });

    it('matches both languages: Chinese and English names, title, descriptions', async () => {
      await createApi(ctx.t.dataSource, {
        name: 'IP 查询',
        name_en: 'ip',
        title_en: 'IP lookup',
        description: '查询 IP 地址的归属地',
        description_en: 'Where an address is',
      });
      await createApi(ctx.t.dataSource, {
        name: '随机姓名',
        name_en: 'name',
        title_en: 'Random names',
        description: '生成中文姓名',
        description_en: 'Chinese names',
      });
      await announce();
      expect(await names({ search: '查询' })).toEqual(['ip']);
      expect(await names({ search: '归属地' })).toEqual(['ip']);
      expect(await names({ search: 'lookup' })).toEqual(['ip']);
      expect(await names({ search: 'address' })).toEqual(['ip']);
      expect(await names({ search: '姓名' })).toEqual(['name']);
      expect(await names({ search: 'RANDOM names' })).toEqual(['name']);
      expect(await names({ search: '姓查' })).toEqual([]);
    });

    it("matches a category's names and filters by is_paid within the results", async () => {
      const net = await category({ name: '网络工具', name_en: 'Network', slug: 'network' });
      const ip = await createApi(ctx.t.dataSource, { name: 'A', name_en: 'ip' });
      const paid = await createApi(ctx.t.dataSource, { name: 'B', name_en: 'ping', is_paid: 1 });
      await createApi(ctx.t.dataSource, { name: 'C', name_en: 'joke' });
      await link(ip, net);
      await link(paid, net);
      await announce();
      expect((await names({ search: '网络' })).sort()).toEqual(['ip', 'ping']);
      expect((await names({ search: 'network' })).sort()).toEqual(['ip', 'ping']);
      expect(await names({ search: 'network', is_paid: 1 })).toEqual(['ping']);
      expect(await names({ search: 'network', is_paid: 0 })).toEqual(['ip']);
    });

    it('pages through best matches with the totals', async () => {
      for (let i = 0; i < 5; i++) {
        await createApi(ctx.t.dataSource, { name: `Convert ${i}`, name_en: `convert-${i}` });
      }
      await announce();
      const page = await list({ search: 'convert', per_page: 2, page: 3 });
      expect(page.body).toMatchObject({ total: 5, total_pages: 3, current_page: 3 });
      expect(page.body.data).toHaveLength(1);
    });
  });

  describe('categories', () => {
    it('lists categories in order with enabled-API counts, and each API names its slugs', async () => {
      const text = await category({
        name: '文本处理',
        name_en: 'Text',
        slug: 'text',
        sort_order: 20,
      });
      const time = await category({
        name: '日期时间',
        name_en: 'Date & time',
        slug: 'date-time',
        sort_order: 10,
      });
      const a = await createApi(ctx.t.dataSource, { name_en: 'slugify' });
      const b = await createApi(ctx.t.dataSource, { name_en: 'clock' });
      const off = await createApi(ctx.t.dataSource, { name_en: 'off', status: 0 });
      await link(a, text, time);
      await link(b, time);
      await link(off, text);
      await announce();

      const res = await ctx.t.client().get('/api/get_categories.php');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        message: 'ok',
        data: [
          {
            id: time.id,
            name: '日期时间',
            name_en: 'Date & time',
            slug: 'date-time',
            sort_order: 10,
            api_count: 2,
          },
          {
            id: text.id,
            name: '文本处理',
            name_en: 'Text',
            slug: 'text',
            sort_order: 20,
            api_count: 1,
          },
        ],
      });
      const rows = (await list()).body.data as Row[];
      expect(Object.fromEntries(rows.map((r) => [r.name_en, r.categories]))).toEqual({
        slugify: ['date-time', 'text'],
        clock: ['date-time'],
      });
      const detail = await ctx.t.client().get('/api/get_api_detail.php', { query: { id: a.id } });
      expect(detail.body.data.categories).toEqual(['date-time', 'text']);
    });

    it('filters the list by category, with and without a search', async () => {
      const text = await category({ name: '文本处理', name_en: 'Text', slug: 'text' });
      const a = await createApi(ctx.t.dataSource, {
        name: 'Case convert',
        name_en: 'case-convert',
      });
      await createApi(ctx.t.dataSource, { name: 'Unit convert', name_en: 'unit-convert' });
      await link(a, text);
      await announce();
      expect(await names({ category: 'text' })).toEqual(['case-convert']);
      expect(await names({ category: 'TEXT', search: 'convert' })).toEqual(['case-convert']);
      expect((await list({ category: 'text' })).body).toMatchObject({ total: 1, total_pages: 1 });
    });
  });

  describe('sort', () => {
    it('orders by popular, newest and price; pinned first only without a sort', async () => {
      const ds = ctx.t.dataSource;
      const cheap = await createApi(ds, {
        name: 'Sort cheap',
        name_en: 'cheap',
        is_paid: 1,
        price_per_call_milli: 1,
        usage_count: 5,
      });
      const dear = await createApi(ds, {
        name: 'Sort dear',
        name_en: 'dear',
        is_paid: 1,
        price_per_call_milli: 900,
        usage_count: 50,
        is_pinned: 1,
      });
      const mid = await createApi(ds, {
        name: 'Sort mid',
        name_en: 'mid',
        is_paid: 1,
        price_per_call_milli: 20,
        usage_count: 500,
      });
      await ds
        .getRepository(ApiEntry)
        .update(cheap.id, { created_at: new Date('2026-01-01T00:00:00Z') });
      await ds
        .getRepository(ApiEntry)
        .update(dear.id, { created_at: new Date('2026-02-01T00:00:00Z') });
      await ds
        .getRepository(ApiEntry)
        .update(mid.id, { created_at: new Date('2026-03-01T00:00:00Z') });
      await announce();
      expect(await names({})).toEqual(['dear', 'mid', 'cheap']);
      expect(await names({ sort: 'popular' })).toEqual(['mid', 'dear', 'cheap']);
      expect(await names({ sort: 'newest' })).toEqual(['mid', 'dear', 'cheap']);
      expect(await names({ sort: 'price' })).toEqual(['cheap', 'mid', 'dear']);
      expect(await names({ sort: 'price', search: 'sort' })).toEqual(['cheap', 'mid', 'dear']);
      expect(await names({ sort: 'popular', search: 'sort', per_page: 1, page: 2 })).toEqual([
        'dear',
      ]);
    });
  });

  describe('bad parameters', () => {
    it.each([
      [
        { sort: 'cheapest' },
        'apis.invalid_sort',
        'sort must be one of: popular, newest, price, fastest, reliable',
      ],
      [
        { sort: 'POPULAR' },
        'apis.invalid_sort',
        'sort must be one of: popular, newest, price, fastest, reliable',
      ],
      [{ category: 'no-such' }, 'apis.unknown_category', 'unknown category'],
      [{ category: 'x'.repeat(500) }, 'apis.unknown_category', 'unknown category'],
      [{ category: 'no-such', search: 'a' }, 'apis.unknown_category', 'unknown category'],
    ])('answers %j with a 400 envelope', async (query, code, message) => {
      const res = await list(query);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, code, message });
    });

    it('refuses a repeated sort or category with the same 400', async () => {
      for (const [param, code] of [
        ['sort', 'apis.invalid_sort'],
        ['category', 'apis.unknown_category'],
      ]) {
        const res = await ctx.t.client().get(`/api/get_api_list.php?${param}=a&${param}=b`);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ success: false, code });
      }
    });
  });

  describe('admin 分类管理', () => {
    it('creates, renames and deletes categories, and the public search follows at once', async () => {
      const created = await admin.post('/api/admin/create_category.php', {
        name: '图片',
        name_en: 'Images',
        slug: 'images',
        sort_order: 5,
      });
      expect(created.status).toBe(200);
      expect(created.body.data).toEqual({
        id: expect.any(Number),
        name: '图片',
        name_en: 'Images',
        slug: 'images',
        sort_order: 5,
        api_count: 0,
      });
      const id = created.body.data.id as number;
      const api = await admin.post(
        '/api/admin/create_api.php',
        apiBody({ name: '二维码', name_en: 'qr', category_ids: [id] }),
      );
      expect(api.status).toBe(200);
      expect(api.body.data.category_ids).toEqual([id]);
      expect(api.body.data.categories).toEqual(['images']);
      expect(await names({ search: 'images' })).toEqual(['qr']);

      const renamed = await admin.post('/api/admin/update_category.php', {
        id,
        name: '图像',
        name_en: 'Pictures',
        slug: 'pictures',
      });
      expect(renamed.body.data).toMatchObject({ slug: 'pictures', api_count: 1 });
      expect(await names({ search: 'images' })).toEqual([]);
      expect(await names({ search: 'pictures' })).toEqual(['qr']);
      expect(await names({ category: 'pictures' })).toEqual(['qr']);

      const cleared = await admin.post('/api/admin/update_api.php', {
        ...apiBody({ name: '二维码', name_en: 'qr' }),
        id: api.body.data.id,
        category_ids: [],
      });
      expect(cleared.body.data.category_ids).toEqual([]);
      expect(await names({ category: 'pictures' })).toEqual([]);

      await admin.post('/api/admin/update_api.php', {
        ...apiBody({ name: '二维码', name_en: 'qr' }),
        id: api.body.data.id,
        category_ids: [id],
      });
      expect((await admin.post('/api/admin/delete_category.php', { id })).status).toBe(200);
      // The API stays; its link went with the category.
      expect(await ctx.t.dataSource.getRepository(ApiCategory).count()).toBe(0);
      expect(await names({ search: 'qr' })).toEqual(['qr']);
      expect((await list({ category: 'pictures' })).body.code).toBe('apis.unknown_category');
      const audit = await admin.get('/api/admin/get_audit_log.php', {
        query: { target_type: 'category' },
      });
      expect(audit.body.data.entries.map((e: { action: string }) => e.action)).toEqual([
        'delete',
        'update',
        'create',
      ]);
    });

    it('keeps an API’s categories when an update leaves category_ids out', async () => {
      const c = await category({ name: '文本', name_en: 'Text', slug: 'text' });
      const body = apiBody({ category_ids: [c.id] });
      const api = (await admin.post('/api/admin/create_api.php', body)).body.data;
      const res = await admin.post('/api/admin/update_api.php', {
        ...body,
        id: api.id,
        name: '改名',
      });
      expect(res.body.data.category_ids).toEqual([c.id]);
    });

    it.each([
      [{ name: '', name_en: 'X', slug: 'x' }, 'category name cannot be empty', 'name'],
      [{ name: '甲', name_en: '', slug: 'x' }, 'English category name cannot be empty', 'name_en'],
      [
        { name: '甲', name_en: 'X', slug: 'Bad Slug' },
        'slug must be lower-case letters, digits and single hyphens (max 50 characters)',
        'slug',
      ],
      [
        { name: '甲', name_en: 'X', slug: 'a--b' },
        'slug must be lower-case letters, digits and single hyphens (max 50 characters)',
        'slug',
      ],
      [
        { name: '甲', name_en: 'X', slug: 'x', sort_order: 'first' },
        'sort order must be an integer',
        'sort_order',
      ],
    ])('refuses category %j with a 400 naming the field', async (body, message, field) => {
      const res = await admin.post('/api/admin/create_category.php', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, code: 'request.validation', message, field });
    });

    it('answers a taken slug 409, an unknown category 404, an unknown category id on an API 400', async () => {
      await category({ name: '文本', name_en: 'Text', slug: 'text' });
      const taken = await admin.post('/api/admin/create_category.php', {
        name: '乙',
        name_en: 'Y',
        slug: 'text',
      });
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ code: 'categories.slug_taken' });
      const missing = await admin.post('/api/admin/update_category.php', {
        id: 999999,
        name: '乙',
        name_en: 'Y',
        slug: 'y',
      });
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ code: 'admin.record_not_found' });
      const before = await ctx.t.dataSource.getRepository(ApiEntry).count();
      const api = await admin.post(
        '/api/admin/create_api.php',
        apiBody({ category_ids: [999999] }),
      );
      expect(api.status).toBe(400);
      expect(api.body).toMatchObject({ code: 'categories.not_found' });
      expect(await ctx.t.dataSource.getRepository(ApiEntry).count()).toBe(before);
      const notList = await admin.post(
        '/api/admin/create_api.php',
        apiBody({ category_ids: 'text' }),
      );
      expect(notList.body).toMatchObject({ code: 'request.validation', field: 'category_ids' });
    });

    it('is for admins only', async () => {
      const res = await ctx.t
        .client()
        .post('/api/admin/create_category.php', { name: '甲', name_en: 'X', slug: 'x' });
      expect([401, 403]).toContain(res.status);
      expect(await ctx.t.dataSource.getRepository(Category).count()).toBe(0);
    });
  });
});

describe.each(TEST_DATABASES)('an admin edit on one instance, searched on another [%s]', (db) => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // No REDIS_URL: the shared database's catalogue version is the only way B hears of A's edit.
    a = await startTestApp(db);
    b = await startTestApp(db, { DATABASE_URL: a.env.DATABASE_URL });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const searchOn = async (app: TestApp, search: string) =>
    (
      (await app.client().get('/api/get_api_list.php', { query: { search } })).body.data as Row[]
    ).map((api) => api.name_en);

  /** B's answer within a few seconds: its version check runs at most once a second. */
  async function eventually(search: string, expected: string[]) {
    const deadline = Date.now() + 5000;
    let seen = await searchOn(b, search);
    while (JSON.stringify(seen) !== JSON.stringify(expected) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      seen = await searchOn(b, search);
    }
    return seen;
  }

  it('finds the renamed API on B and stops finding the old name', async () => {
    const adminA = a.client();
    await loginAdmin(a, adminA);
    const body = apiBody({ name: '汇率换算', name_en: 'fx-rate', title_en: 'Exchange rates' });
    const created = await adminA.post('/api/admin/create_api.php', body);
    expect(created.status).toBe(200);
    expect(await eventually('exchange', ['fx-rate'])).toEqual(['fx-rate']);
    // B now has an index; A renames the API.
    await adminA.post('/api/admin/update_api.php', {
      ...body,
      id: created.body.data.id,
      title_en: 'Currency converter',
    });
    expect(await eventually('currency', ['fx-rate'])).toEqual(['fx-rate']);
    expect(await searchOn(b, 'exchange')).toEqual([]);
  });
});
