import { AuditLog, ApiEntry, Partner, SiteConfig } from '../src/database/entities';
import { adminClient, apiBody, seedApi } from './factories/admin';
import { createUser } from './factories/users';
import { describeEachDb } from './harness';
import type { HttpClient } from './http-client';
import { LoopStalls } from './loop-stalls';

/** Issue 25 item 3 (every admin write audited in its own transaction) and item 9 (the import). */

const IMPORT = '/api/admin/import_openapi.php';
const REFUSE_AUDIT = 'security_audit_refuse';

type Doc = Record<string, unknown>;

const operation = (operationId: string) => ({
  get: {
    operationId,
    summary: operationId,
    responses: { '200': { description: 'ok' } },
  },
});

const openApi = (serverUrl: string, operations: string[], extra: Doc = {}): Doc => ({
  openapi: '3.1.0',
  info: { title: 'audit', version: '1' },
  servers: [{ url: serverUrl }],
  paths: Object.fromEntries(operations.map((id) => [`/${id}`, operation(id)])),
  ...extra,
});

/** 2.9 KB: 22 schemas, each naming the one below it twice (2^22 copies once expanded). */
function refBomb(): Doc {
  const schemas: Doc = { L0: { type: 'string' } };
  for (let i = 1; i <= 22; i++) {
    const below = { $ref: `#/components/schemas/L${i - 1}` };
    schemas[`L${i}`] = { type: 'object', properties: { a: below, b: below } };
  }
  return {
    ...openApi('https://bomb.example', []),
    paths: {
      '/bomb': {
        get: {
          operationId: 'bomb',
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/L22' } } },
            },
          },
        },
      },
    },
    components: { schemas },
  };
}

describeEachDb('security: admin writes and their audit rows, the OpenAPI import', (ctx) => {
  let admin: HttpClient;
  beforeAll(async () => {
    admin = await adminClient(ctx.t);
  });

  const auditRows = () => ctx.t.dataSource.getRepository(AuditLog).find({ order: { id: 'ASC' } });
  const importDoc = (document: Doc | string, dryRun = false) =>
    admin.post(IMPORT, {
      document: typeof document === 'string' ? document : JSON.stringify(document),
      dry_run: dryRun,
    });

  it('import writes one audit row per API created or changed, with before and after', async () => {
    const paid = await seedApi(ctx.t, {
      name: '付费接口',
      name_en: 'auditPaid',
      status: 1,
      is_paid: 1,
      price_per_call_milli: 5000,
      handler: null,
      upstream_url: 'https://old-upstream.example/auditPaid',
    });
    const rowsBefore = (await auditRows()).length;
    const first = await importDoc(
      openApi('https://new-upstream.example', ['auditPaid', 'auditFresh', 'auditOther']),
    );
    expect(first.status).toBe(200);
    expect(first.body.data.counts).toEqual({ create: 2, update: 1, unchanged: 0 });
    const rows = (await auditRows()).slice(rowsBefore);
    const actions = new Map(
      (first.body.data.apis as { id: number; action: string }[]).map((api) => [api.id, api.action]),
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.target_type).toBe('api');
      expect(row.action).toBe(actions.get(row.target_id!));
    }
    const update = rows.find((row) => row.target_id === paid.id)!;
    expect(JSON.parse(update.before!)).toMatchObject({
      id: paid.id,
      upstream_url: 'https://old-upstream.example/auditPaid',
      is_paid: 1,
      price_per_call_milli: 5000,
    });
    expect(JSON.parse(update.after!)).toMatchObject({
      id: paid.id,
      upstream_url: expect.stringContaining('https://new-upstream.example'),
    });
    for (const created of rows.filter((row) => row.action === 'create')) {
      expect(created.before).toBeNull();
      expect(JSON.parse(created.after!)).toMatchObject({ id: created.target_id, status: 0 });
    }

    // The same document again changes nothing and writes no row; one changed operation, one row.
    const again = await importDoc(
      openApi('https://new-upstream.example', ['auditPaid', 'auditFresh', 'auditOther']),
    );
    expect(again.body.data.counts).toEqual({ create: 0, update: 0, unchanged: 3 });
    expect(await auditRows()).toHaveLength(rowsBefore + 3);
    const moved = await importDoc(openApi('https://moved.example', ['auditOther']));
    expect(moved.body.data.counts).toEqual({ create: 0, update: 1, unchanged: 0 });
    const last = (await auditRows()).slice(rowsBefore + 3);
    expect(last.map((row) => [row.action, row.target_id])).toEqual([
      ['update', moved.body.data.apis[0].id],
    ]);
  });

  it('stores before/after past 64 KB whole, answers 200, and keeps auditing the API', async () => {
    const php = '汉'.repeat(20_000);
    const example = '字'.repeat(20_000);
    const created = await admin.post(
      '/api/admin/create_api.php',
      apiBody({ name: '长示例', php_example: php, response_example: example }),
    );
    expect({ status: created.status, success: created.body.success }).toEqual({
      status: 200,
      success: true,
    });
    const id = created.body.data.id as number;
    const updated = await admin.post('/api/admin/update_api.php', {
      ...apiBody({ php_example: php, response_example: example }),
      id,
      name: '长示例改',
    });
    expect(updated.status).toBe(200);
    const flags = await admin.post('/api/admin/update_api_flags.php', { ids: [id], status: 0 });
    expect(flags.status).toBe(200);

    const rows = await ctx.t.dataSource
      .getRepository(AuditLog)
      .find({ where: { target_type: 'api', target_id: id }, order: { id: 'ASC' } });
    expect(rows.map((row) => row.action)).toEqual(['create', 'update', 'update']);
    const [create, update, flag] = rows.map((row) => ({
      before: row.before === null ? null : (JSON.parse(row.before) as ApiEntry),
      after: JSON.parse(row.after!) as ApiEntry,
    }));
    expect(Buffer.byteLength(rows[1].before!)).toBeGreaterThan(100_000);
    expect(create.after.php_example).toBe(php);
    expect(create.after.response_example).toBe(example);
    expect(update.before!.response_example).toBe(example);
    expect(update.after).toMatchObject({ name: '长示例改', php_example: php });
    expect(flag).toEqual({
      before: { status: 1, is_pinned: 0 },
      after: { status: 0, is_pinned: 0 },
    });
    // The log answers them whole too.
    const log = await admin.get('/api/admin/get_audit_log.php', { query: { target_type: 'api' } });
    const entry = (
      log.body.data.entries as { target_id: number; action: string; after: ApiEntry }[]
    )
      .filter((e) => e.target_id === id)
      .find((e) => e.after.name === '长示例改');
    expect(entry?.after.response_example).toBe(example);
  });

  describe('an audit row that cannot be written rolls the change back', () => {
    const refuseAudit = () =>
      ctx.db === 'sqlite'
        ? `CREATE TRIGGER ${REFUSE_AUDIT} BEFORE INSERT ON audit_log BEGIN SELECT RAISE(ABORT, 'audit refused'); END`
        : `CREATE TRIGGER ${REFUSE_AUDIT} BEFORE INSERT ON audit_log FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'audit refused'`;
    beforeEach(() => ctx.t.dataSource.query(refuseAudit()));
    afterEach(() => ctx.t.dataSource.query(`DROP TRIGGER IF EXISTS ${REFUSE_AUDIT}`));

    /** The write fails, answered as an error (never a success), and leaves `state` as it was. */
    const refused = async (
      state: () => Promise<unknown>,
      write: () => Promise<{ status: number; body: { success: boolean } }>,
    ) => {
      const before = await state();
      const rows = (await auditRows()).length;
      const res = await write();
      expect(res.body.success).toBe(false);
      expect(res.status).toBe(500);
      expect(await state()).toEqual(before);
      expect(await auditRows()).toHaveLength(rows);
    };
    const apis = () => ctx.t.dataSource.getRepository(ApiEntry).find({ order: { id: 'ASC' } });

    it('creating and changing an API, and an import', async () => {
      const api = await seedApi(ctx.t, { name: '不变', handler: null });
      await refused(apis, () => admin.post('/api/admin/create_api.php', apiBody()));
      await refused(apis, () =>
        admin.post('/api/admin/update_api.php', { ...apiBody(), id: api.id, name: '改了' }),
      );
      await refused(apis, () =>
        admin.post('/api/admin/update_api_flags.php', { ids: [api.id], status: 0 }),
      );
      await refused(apis, () => importDoc(openApi('https://rolled-back.example', ['rolledBack'])));
    });

    it('partners, site config and balance adjustments', async () => {
      const partners = () => ctx.t.dataSource.getRepository(Partner).find({ order: { id: 'ASC' } });
      await refused(partners, () => admin.post('/api/admin/add_partner.php', { name: '伙伴' }));
      const config = () => ctx.t.dataSource.getRepository(SiteConfig).find();
      await refused(config, () =>
        admin.post('/api/admin/update_config.php', { site_title: '不会保存' }),
      );
      const { user } = await createUser(ctx.t);
      const money = () =>
        Promise.all([
          ctx.t.dataSource.query('SELECT balance_milli FROM users WHERE id = ?', [user.id]),
          ctx.t.dataSource.query('SELECT COUNT(*) AS n FROM balance_adjustments'),
        ]).then((rows) => JSON.stringify(rows));
      await refused(money, () =>
        admin.post('/api/admin/adjust_user_balance.php', {
          user_id: user.id,
          amount: '3',
          reason: 'refund',
        }),
      );
    });
  });

  it('refuses a $ref bomb in milliseconds, the event loop never held', async () => {
    const bomb = JSON.stringify(refBomb());
    expect(bomb.length).toBeLessThan(3000);
    const stalls = new LoopStalls().start();
    let health = 0;
    const polling = (async () => {
      const client = ctx.t.client();
      for (let i = 0; i < 5; i++) {
        if ((await client.get('/healthz')).status === 200) health += 1;
      }
    })();
    const started = Date.now();
    const res = await importDoc(bomb, true);
    const took = Date.now() - started;
    await polling;
    stalls.stop();
    expect({ status: res.status, code: res.body.code }).toEqual({
      status: 400,
      code: 'openapi.refs_too_large',
    });
    expect(res.body.message).toMatch(/\$ref 引用展开后过大/);
    expect(health).toBe(5);
    // Before, expanding it held the event loop about 10 s; a loaded machine stays far below 2 s.
    expect(stalls.maxMs).toBeLessThan(2000);
    expect(took).toBeLessThan(5000);
  });

  it('takes a document just under 16 MB, and refuses one over it naming the limit', async () => {
    const doc = JSON.stringify(openApi('https://size.example', ['sizeCheck']), null, 1);
    const padded = (bytes: number) => `${doc}${' '.repeat(bytes - Buffer.byteLength(doc))}`;
    const under = padded(15_990_000);
    const accepted = await importDoc(under, true);
    expect({ status: accepted.status, counts: accepted.body.data?.counts }).toEqual({
      status: 200,
      counts: { create: 1, update: 0, unchanged: 0 },
    });
    const over = await importDoc(padded(16_000_001), true);
    expect({ status: over.status, code: over.body.code }).toEqual({
      status: 413,
      code: 'openapi.too_large',
    });
    expect(over.body.message).toMatch(/最多 16 MB（16000000 字节），当前 16000001 字节/);
    // A body past the route's limit is refused before it is read whole, naming the same limit.
    const body = await importDoc(padded(21_000_000), true);
    expect({ status: body.status, code: body.body.code }).toEqual({
      status: 413,
      code: 'openapi.too_large',
    });
    expect(body.body.message).toBe('文档过大：最多 16 MB（16000000 字节）');
  });
});
