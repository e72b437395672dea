import { dayOf } from '../src/common/quota-period';
import { adminClient, seedApi, seedDailyCalls } from './factories/admin';
import { createUser } from './factories/users';
import { describeEachDb } from './harness';
import type { HttpClient } from './http-client';

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describeEachDb('admin: statistics, dashboard and users', (ctx) => {
  let admin: HttpClient;
  beforeAll(async () => {
    admin = await adminClient(ctx.t);
  });

  describe('statistics list and detail', () => {
    it('pages through every API (disabled too) by id, 10 per page by default, with search', async () => {
      const tag = `stat${Date.now().toString(36)}`;
      const made = [];
      for (let i = 0; i < 12; i++) {
        made.push(
          await seedApi(ctx.t, {
            name: `统计 ${tag} ${i}`,
            name_en: `${tag}-${i}`,
            usage_count: i * 10,
            status: i === 0 ? 0 : 1,
          }),
        );
      }
      const first = await admin.get('/api/admin/get_api_daily_stats.php', {
        query: { search: tag.toUpperCase() },
      });
      expect(first.body.data).toMatchObject({ total: 12, total_pages: 2 });
      expect(first.body.data.apis).toHaveLength(10);
      expect(first.body.data.apis[0]).toEqual({
        id: made[0].id,
        name: made[0].name,
        total_calls: 0,
        status: 0,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      const second = await admin.get('/api/admin/get_api_daily_stats.php', {
        query: { search: tag, page: 2 },
      });
      expect(second.body.data.apis.map((a: { id: number }) => a.id)).toEqual([
        made[10].id,
        made[11].id,
      ]);
      const byEnglish = await admin.get('/api/admin/get_api_daily_stats.php', {
        query: { search: `${tag}-11` },
      });
      expect(byEnglish.body.data.total).toBe(1);
      const none = await admin.get('/api/admin/get_api_daily_stats.php', {
        query: { search: '100%_' },
      });
      expect(none.body.data).toMatchObject({ apis: [], total: 0, total_pages: 0 });
    });

    it('orders by calls with sort=calls_desc / calls_asc (ties by id), by id with sort=id or no sort', async () => {
      const tag = `sort${Date.now().toString(36)}`;
      // Created in an order that differs from every calls order, with one tie (40, 40).
      const calls = [40, 5, 900, 0, 40, 70];
      const made = [];
      for (const [i, usage] of calls.entries()) {
        made.push(
          await seedApi(ctx.t, { name: `排序 ${tag} ${i}`, usage_count: usage, status: i % 2 }),
        );
      }
      const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
      const list = async (query: Record<string, string | number>) => {
        const res = await admin.get('/api/admin/get_api_daily_stats.php', {
          query: { search: tag, ...query },
        });
        expect(res.status).toBe(200);
        return res.body.data as { apis: { id: number; total_calls: number }[]; total: number };
      };
      const byId = ids(made);
      const desc = [made[2], made[5], made[0], made[4], made[1], made[3]].map((api) => api.id);
      const asc = [made[3], made[1], made[0], made[4], made[5], made[2]].map((api) => api.id);

      const mostFirst = await list({ sort: 'calls_desc' });
      expect(mostFirst.total).toBe(6);
      expect(ids(mostFirst.apis)).toEqual(desc);
      expect(mostFirst.apis.map((api) => api.total_calls)).toEqual([900, 70, 40, 40, 5, 0]);
      expect(ids((await list({ sort: 'calls_asc' })).apis)).toEqual(asc);
      expect(ids((await list({ sort: 'id' })).apis)).toEqual(byId);
      expect(ids((await list({})).apis)).toEqual(byId);

      // The order holds across pages: the most-called API is on page 1.
      const page1 = await list({ sort: 'calls_desc', per_page: 4 });
      const page2 = await list({ sort: 'calls_desc', per_page: 4, page: 2 });
      expect([...ids(page1.apis), ...ids(page2.apis)]).toEqual(desc);
      const ascPage2 = await list({ sort: 'calls_asc', per_page: 4, page: 2 });
      expect(ids(ascPage2.apis)).toEqual(asc.slice(4));

      const bad = await admin.get('/api/admin/get_api_daily_stats.php', {
        query: { sort: 'calls' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ success: false, field: 'sort' });
    });

    it('gives one API daily history as JSON text, newest date first', async () => {
      const api = await seedApi(ctx.t, { name: '历史接口' });
      await seedDailyCalls(ctx.t, api.id, '2026-03-01', 5);
      await seedDailyCalls(ctx.t, api.id, '2026-03-03', 9);
      await seedDailyCalls(ctx.t, api.id, '2026-03-02', 0);
      const res = await admin.get('/api/admin/get_api_daily_stats.php', { query: { id: api.id } });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        id: api.id,
        name: '历史接口',
        name_en: api.name_en,
        daily_calls_history: expect.any(String),
        today: dayOf(Date.now(), ctx.t.env.SITE_TIME_ZONE),
      });
      const history = JSON.parse(res.body.data.daily_calls_history);
      expect(Object.entries(history)).toEqual([
        ['2026-03-03', 9],
        ['2026-03-02', 0],
        ['2026-03-01', 5],
      ]);
      const empty = await seedApi(ctx.t);
      const none = await admin.get('/api/admin/get_api_daily_stats.php', {
        query: { id: empty.id },
      });
      expect(none.body.data.daily_calls_history).toBe('{}');
    });

    it('answers 404 for an unknown API and 400 for an invalid id', async () => {
      const missing = await admin.get('/api/admin/get_api_daily_stats.php', {
        query: { id: 999999 },
      });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({
        success: false,
        message: 'API not found',
        code: 'apis.not_found',
      });
      for (const id of ['abc', '0', '-1', '1.5']) {
        const bad = await admin.get('/api/admin/get_api_daily_stats.php', { query: { id } });
        expect(bad.status).toBe(400);
        expect(bad.body).toEqual({
          success: false,
          message: 'invalid API ID',
          code: 'request.validation',
          field: 'id',
        });
      }
    });

    it('rejects bad paging with a clear 400', async () => {
      const res = await admin.get('/api/admin/get_api_daily_stats.php', {
        query: { per_page: 1000 },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        message: 'per_page must be an integer between 1 and 100',
        code: 'request.validation',
        field: 'per_page',
      });
      const page = await admin.get('/api/admin/get_api_daily_stats.php', { query: { page: 'x' } });
      expect(page.body).toEqual({
        success: false,
        message: 'page must be a positive integer',
        code: 'request.validation',
        field: 'page',
      });
    });
  });

  describe('dashboard', () => {
    it('has the totals, the top 10, per-API totals, 30 days of daily calls and server info', async () => {
      const busy = await seedApi(ctx.t, {
        name: '最忙的接口',
        usage_count: 1_000_000,
      });
      await seedDailyCalls(ctx.t, busy.id, day(0), 7);
      await seedDailyCalls(ctx.t, busy.id, day(-29), 3);
      await seedDailyCalls(ctx.t, busy.id, day(-40), 99);
      const res = await admin.get('/api/admin/get_dashboard_stats.php');
      expect(res.status).toBe(200);
      const data = res.body.data;
      const apiCount = await ctx.t.dataSource.query('SELECT COUNT(*) AS n FROM apis');
      expect(data.total_stats.total_apis).toBe(Number(apiCount[0].n));
      expect(data.total_stats.total_calls).toBeGreaterThanOrEqual(1_000_000);
      expect(data.top_apis.length).toBeLessThanOrEqual(10);
      expect(data.top_apis[0]).toEqual({ id: busy.id, name: '最忙的接口', call_count: 1_000_000 });
      expect(data.all_api_total_calls).toHaveLength(data.total_stats.total_apis);
      const busyDays = data.daily_calls_per_api.filter(
        (row: { api_id: number }) => row.api_id === busy.id,
      );
      expect(busyDays).toEqual([
        { access_date: day(-29), api_id: busy.id, api_name: '最忙的接口', daily_calls: 3 },
        { access_date: day(0), api_id: busy.id, api_name: '最忙的接口', daily_calls: 7 },
      ]);
      expect(new Date(data.site_start_time).getTime()).not.toBeNaN();
      const labels = data.server_info.map((pair: { name: string }) => pair.name);
      expect(labels).toEqual([
        'Portico 版本',
        'Node.js',
        '操作系统',
        '数据库',
        '运行时间',
        '内存占用',
      ]);
      const database = data.server_info[3].value as string;
      expect(database).toMatch(ctx.db === 'sqlite' ? /^SQLite \d/ : /^(MySQL|MariaDB) \d/);
    });
  });

  describe('user list', () => {
    it('pages newest first, searches username or email case-insensitively, hides secrets', async () => {
      const tag = `u${Date.now().toString(36)}`;
      const created = [];
      for (let i = 0; i < 11; i++) {
        created.push(
          await createUser(ctx.t, {
            username: `${tag}_${i}`,
            email: i === 3 ? `Boss_${tag}@Example.com` : null,
            balance_milli: i * 1500,
          }),
        );
      }
      const first = await admin.get('/api/admin/get_user_list.php', { query: { search: tag } });
      expect(first.body.data).toMatchObject({ total: 11, total_pages: 2, current_page: 1 });
      expect(first.body.data.users).toHaveLength(10);
      const newest = created[10];
      expect(first.body.data.users[0]).toEqual({
        id: newest.user.id,
        username: newest.user.username,
        email: null,
        balance: 15,
        balance_milli: 15_000,
        credit_milli: 0,
        api_key: `${newest.apiKey.slice(0, 6)}...${newest.apiKey.slice(-4)}`,
        status: 1,
        created_at: expect.any(String),
        two_factor: false,
      });
      expect(first.text).not.toMatch(/password_hash|api_key_hash|api_key_enc|argon2/);
      expect(first.text).not.toContain(newest.apiKey);

      const page2 = await admin.get('/api/admin/get_user_list.php', {
        query: { search: tag, page: 2 },
      });
      expect(page2.body.data).toMatchObject({ current_page: 2, total: 11 });
      expect(page2.body.data.users.map((u: { id: number }) => u.id)).toEqual([created[0].user.id]);

      const byEmail = await admin.get('/api/admin/get_user_list.php', {
        query: { search: `boss_${tag.toUpperCase()}@EXAMPLE` },
      });
      expect(byEmail.body.data.users.map((u: { id: number }) => u.id)).toEqual([
        created[3].user.id,
      ]);
      expect(byEmail.body.data.users[0].balance).toBe(4.5);

      const wildcard = await admin.get('/api/admin/get_user_list.php', { query: { search: '%' } });
      expect(wildcard.body.data).toMatchObject({ users: [], total: 0, total_pages: 0 });
    });
  });
});
