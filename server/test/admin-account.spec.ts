import { adminClient, apiBody } from './factories/admin';
import { describeEachDb, TEST_ADMIN } from './harness';

describeEachDb('admin account', (ctx) => {
  it('changes its own password, ends the other sessions and keeps this one', async () => {
    const here = await adminClient(ctx.t);
    const elsewhere = await adminClient(ctx.t);
    const wrong = await here.post('/api/admin/change_password.php', {
      old_password: 'not-it',
      new_password: 'new-password-2',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'request.validation', field: 'old_password' });
    const short = await here.post('/api/admin/change_password.php', {
      old_password: TEST_ADMIN.password,
      new_password: '123',
    });
    expect(short.body).toMatchObject({ code: 'request.validation', field: 'new_password' });

    const changed = await here.post('/api/admin/change_password.php', {
      old_password: TEST_ADMIN.password,
      new_password: 'new-password-2',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.success).toBe(true);
    expect((await here.get('/api/admin/get_config.php')).status).toBe(200);
    expect((await elsewhere.get('/api/admin/get_config.php')).status).toBe(401);

    const client = ctx.t.client();
    await client.get('/api/user/get_user_info.php');
    const old = await client.post('/api/admin/admin_login.php', TEST_ADMIN);
    expect(old.status).toBe(401);
    const fresh = await client.post('/api/admin/admin_login.php', {
      username: TEST_ADMIN.username,
      password: 'new-password-2',
    });
    expect(fresh.status).toBe(200);
    const audit = await here.get('/api/admin/get_audit_log.php', {
      query: { action: 'change_password' },
    });
    expect(audit.body.data.entries[0]).toMatchObject({ target_type: 'admin', before: null });

    // Back to the password the other suites sign in with.
    await client.post('/api/admin/change_password.php', {
      old_password: 'new-password-2',
      new_password: TEST_ADMIN.password,
    });
  });

  it('lists every API, disabled too, with search, filters, sort and paging', async () => {
    const admin = await adminClient(ctx.t);
    const make = async (name: string, extra: Record<string, unknown>) => {
      const res = await admin.post('/api/admin/create_api.php', apiBody({ name, ...extra }));
      expect(res.status).toBe(200);
      return res.body.data.id as number;
    };
    const off = await make('列表关闭', { status: 0 });
    const paid = await make('列表付费', { is_paid: 1, price_per_call: '0.010' });
    const list = async (query: Record<string, string | number>) => {
      const res = await admin.get('/api/admin/get_api_list.php', { query });
      expect(res.status).toBe(200);
      return res.body as { data: { id: number }[]; total: number; total_pages: number };
    };
    expect((await list({ search: '列表' })).data.map((a) => a.id)).toEqual([paid, off]);
    expect((await list({ search: '列表', sort: 'oldest' })).data.map((a) => a.id)).toEqual([
      off,
      paid,
    ]);
    expect((await list({ search: '列表', status: 0 })).data.map((a) => a.id)).toEqual([off]);
    expect((await list({ search: '列表', is_paid: 1 })).data.map((a) => a.id)).toEqual([paid]);
    const paged = await list({ search: '列表', per_page: 1, page: 2 });
    expect(paged).toMatchObject({ total: 2, total_pages: 2, data: [{ id: off }] });
    expect(
      (await admin.get('/api/admin/get_api_list.php', { query: { per_page: 1001 } })).status,
    ).toBe(400);
    expect((await ctx.t.client().get('/api/admin/get_api_list.php')).status).toBe(401);
  });

  it('stores the English title an API is saved with, and shows it on the public detail', async () => {
    const admin = await adminClient(ctx.t);
    const created = await admin.post(
      '/api/admin/create_api.php',
      apiBody({ name: '天气', name_en: 'weather-title', title_en: 'Weather forecast' }),
    );
    expect(created.status).toBe(200);
    const detail = await ctx.t.client().get('/api/get_api_detail.php', {
      query: { id: created.body.data.id },
    });
    expect(detail.body.data.title_en).toBe('Weather forecast');
  });

  it('answers the dashboard keys at the top level and under data', async () => {
    const admin = await adminClient(ctx.t);
    const res = await admin.get('/api/admin/get_dashboard_stats.php');
    for (const key of [
      'total_stats',
      'top_apis',
      'all_api_total_calls',
      'daily_calls_per_api',
      'site_start_time',
    ]) {
      expect(res.body[key]).toEqual(res.body.data[key]);
    }
    expect(res.body.data.activity).toMatchObject({
      calls_today: expect.any(Number),
      charges: {
        today: expect.any(String),
        days_7: expect.any(String),
        days_30: expect.any(String),
      },
      new_users: { today: expect.any(Number) },
    });
    expect(res.body.data.top_apis.every((a: { call_count: number }) => a.call_count > 0)).toBe(
      true,
    );
    const usage = await ctx.t.client().get('/api/get_usage_stats.php');
    expect(usage.body.summary).toEqual(usage.body.data);
  });
});
