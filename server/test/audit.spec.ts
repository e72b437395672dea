import { AuditLog } from '../src/database/entities';
import { adminClient, apiBody, seedApi } from './factories/admin';
import { createUser } from './factories/users';
import { servedRoutes } from './fuzz/routes';
import { describeEachDb } from './harness';
import type { HttpClient } from './http-client';

describeEachDb('audit log', (ctx) => {
  let admin: HttpClient;
  beforeAll(async () => {
    admin = await adminClient(ctx.t);
  });

  const auditLog = async (query: Record<string, string | number> = {}) => {
    const res = await admin.get('/api/admin/get_audit_log.php', { query });
    expect(res.status).toBe(200);
    return res.body.data as {
      entries: Record<string, unknown>[];
      total: number;
      total_pages: number;
      current_page: number;
      total_capped: boolean;
      next_before: string | null;
    };
  };
  const latest = async (target_type: string, target_id: number) =>
    (await auditLog({ target_type })).entries.find((e) => e.target_id === target_id);

  /** Posts a write, expects 200 and the envelope. */
  const write = async (path: string, body: unknown) => {
    const res = await admin.post(path, body);
    expect({ path, status: res.status, success: res.body.success }).toEqual({
      path,
      status: 200,
      success: true,
    });
    return res.body as { data?: Record<string, unknown> & { id: number } };
  };

  it('records API writes with before and after, and answers 200', async () => {
    const created = await write('/api/admin/create_api.php', apiBody({ name: '审计接口' }));
    const id = created.data!.id;
    expect(await latest('api', id)).toMatchObject({
      action: 'create',
      admin_username: 'root_admin',
      before: null,
      after: { id, name: '审计接口' },
    });
    await write('/api/admin/update_api.php', { ...apiBody(), id, name: '审计接口改' });
    expect(await latest('api', id)).toMatchObject({
      action: 'update',
      before: { name: '审计接口' },
      after: { name: '审计接口改' },
    });
    await write('/api/admin/update_api_flags.php', { ids: [id], status: 0 });
    expect(await latest('api', id)).toMatchObject({
      action: 'update',
      before: { status: 1 },
      after: { status: 0 },
    });
    await write('/api/admin/delete_apis.php', { ids: [id] });
    const deleted = await latest('api', id);
    expect(deleted).toMatchObject({
      action: 'delete',
      before: { name: '审计接口改' },
      after: null,
    });
    expect(typeof deleted?.ip).toBe('string');
  });

  it.each([
    ['partner', 'partner', { name: '伙伴' }, 'name'],
    [
      'ad',
      'ad',
      { title: '广告', image_url: 'https://a.example/i.png', link_url: 'https://a.example' },
      'title',
    ],
    ['sidebar_link', 'sidebar_link', { title: '链接', url: '/about' }, 'title'],
    ['friend_link', 'friend_link', { name: '友链', link_url: 'https://f.example' }, 'name'],
  ] as const)('records %s add, update and delete', async (kind, target, body, field) => {
    const added = await write(`/api/admin/add_${kind}.php`, body);
    const id = added.data!.id;
    expect(await latest(target, id)).toMatchObject({ action: 'create', after: { id } });
    await write(`/api/admin/update_${kind}.php`, { ...added.data, [field]: '改名' });
    expect(await latest(target, id)).toMatchObject({
      action: 'update',
      before: { [field]: body[field as keyof typeof body] },
      after: { [field]: '改名' },
    });
    if (kind === 'friend_link') {
      const res = await admin.get('/api/admin/delete_friend_link.php', { query: { id } });
      expect(res.status).toBe(200);
    } else {
      await write(`/api/admin/delete_${kind}.php`, { id });
    }
    expect(await latest(target, id)).toMatchObject({ action: 'delete', before: { id } });
  });

  it('records a bulk action and an import as one row per record', async () => {
    const ids: number[] = [];
    for (const name of ['批量一', '批量二', '批量三']) {
      ids.push((await write('/api/admin/create_api.php', apiBody({ name }))).data!.id);
    }
    const rowsOf = async (action: string) =>
      (await auditLog({ target_type: 'api', action, per_page: 100 })).entries.filter((e) =>
        ids.includes(e.target_id as number),
      );
    await write('/api/admin/update_api_flags.php', { ids, status: 0 });
    const flagged = await rowsOf('update');
    expect(flagged.map((e) => e.target_id).sort()).toEqual([...ids].sort());
    expect(flagged.every((e) => (e.after as { status: number }).status === 0)).toBe(true);
    await write('/api/admin/delete_apis.php', { ids });
    const deleted = await rowsOf('delete');
    expect(deleted.map((e) => (e.before as { name: string }).name).sort()).toEqual(
      ['批量一', '批量三', '批量二'].sort(),
    );

    const operation = (id: string) => ({
      get: { operationId: id, responses: { '200': { description: 'ok' } } },
    });
    const imported = await write('/api/admin/import_openapi.php', {
      dry_run: false,
      document: JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'audit', version: '1' },
        servers: [{ url: 'https://audit.example.com' }],
        paths: { '/a': operation('auditImportA'), '/b': operation('auditImportB') },
      }),
    });
    const created = (await auditLog({ target_type: 'api', action: 'create' })).entries.filter((e) =>
      /^auditImport/.test(String((e.after as { name_en?: string } | null)?.name_en)),
    );
    expect(created.map((e) => (e.after as { name_en: string }).name_en).sort()).toEqual([
      'auditImportA',
      'auditImportB',
    ]);
    expect(imported.data).toMatchObject({ counts: { create: 2 } });
  });

  it('records config updates and balance adjustments', async () => {
    await write('/api/admin/update_config.php', { site_title: '审计站点' });
    expect((await auditLog({ target_type: 'config' })).entries[0]).toMatchObject({
      action: 'update',
      after: { site_title: '审计站点' },
    });
    const { user } = await createUser(ctx.t);
    await write('/api/admin/adjust_user_balance.php', {
      user_id: user.id,
      amount: '2.5',
      reason: 'refund',
    });
    expect(await latest('user', user.id)).toMatchObject({
      action: 'adjust_balance',
      before: { balance: '0.00' },
      after: { balance: '2.50', amount: '2.5', reason: 'refund' },
    });
  });

  it('filters by admin, target type, action and date, and pages', async () => {
    await seedApi(ctx.t);
    const all = await auditLog({ per_page: 2 });
    expect(all.entries).toHaveLength(2);
    expect(all.total_pages).toBe(Math.ceil(all.total / 2));
    expect((await auditLog({ action: 'delete' })).entries.every((e) => e.action === 'delete')).toBe(
      true,
    );
    expect((await auditLog({ admin: 'ROOT' })).total).toBe(all.total);
    expect((await auditLog({ admin: 'nobody' })).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await auditLog({ from: today, to: today })).total).toBe(all.total);
    expect((await auditLog({ to: '2000-01-01' })).total).toBe(0);
    const bad = await admin.get('/api/admin/get_audit_log.php', { query: { action: 'drop' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('request.validation');
    const anonymous = await ctx.t.client().get('/api/admin/get_audit_log.php');
    expect(anonymous.status).toBe(401);
  });

  it('reads the next page from the last entry on, whatever was written meanwhile', async () => {
    // Writes in one second: their ids order them.
    for (const title of ['审计一', '审计二', '审计三']) {
      await write('/api/admin/update_config.php', { site_title: title });
    }
    const ids = (page: { entries: Record<string, unknown>[] }) => page.entries.map((e) => e.id);
    const first = await auditLog({ per_page: 2 });
    expect(first.total_capped).toBe(false);
    expect(first.next_before).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?_\d+$/);
    const second = await auditLog({ per_page: 2, page: 2, before: first.next_before! });
    expect(ids(second)).toEqual(ids(await auditLog({ per_page: 2, page: 2 })));
    expect(second.current_page).toBe(2);
    await write('/api/admin/update_config.php', { site_title: '审计四' });
    expect(ids(await auditLog({ per_page: 2, page: 2, before: first.next_before! }))).toEqual(
      ids(second),
    );
    expect(ids(await auditLog({ per_page: 2, page: 2 }))).not.toEqual(ids(second));

    const bad = await admin.get('/api/admin/get_audit_log.php', { query: { before: '12_' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'request.validation',
      field: 'before',
      message: 'before is not a position in the audit log',
    });
  });

  it('cannot be changed or deleted through any endpoint', async () => {
    const rows = () => ctx.t.dataSource.getRepository(AuditLog).find({ order: { id: 'ASC' } });
    const before = await rows();
    expect(before.length).toBeGreaterThan(0);
    const routes = servedRoutes(ctx.t.app).filter((r) => /audit/i.test(r.path));
    expect(routes.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'GET /api/admin/get_audit_log.php',
      'HEAD /api/admin/get_audit_log.php',
    ]);
    for (const path of ['/api/admin/delete_audit_log.php', '/api/admin/update_audit_log.php']) {
      expect((await admin.post(path, { id: before[0].id })).status).toBe(404);
    }
    expect(await rows()).toEqual(before);
  });
});
