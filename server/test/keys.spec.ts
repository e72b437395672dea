import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { In } from 'typeorm';
import { AccessLog, ApiKey, User } from '../src/database/entities';
import { hashPassword } from '../src/common/passwords';
import { KeyCache } from '../src/modules/keys/key-cache';
import { UsageRecorder } from '../src/modules/gateway/usage-recorder';
import { CreateKeyBody } from '../src/modules/keys/dto/key-settings.dto';
import { KeysService } from '../src/modules/keys/keys.service';
import type { ApiKeyView, CreatedApiKey } from '../src/contracts/api-keys';
import { adminClient } from './factories/admin';
import { createGatewayApi, createKeyedUser, ledgerOf } from './factories/gateway';
import { DEFAULT_PASSWORD, loginUser } from './factories/users';
import { inOneMinuteWindow, withDateAhead } from './clock';
import { describeEachDb, startTestApp, TestApp } from './harness';
import type { HttpClient, HttpResult } from './http-client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const GET_KEYS = '/api/user/get_api_keys.php';
const CREATE = '/api/user/create_api_key.php';
const UPDATE = '/api/user/update_api_key.php';
const REVOKE = '/api/user/revoke_api_key.php';

/** A user with a balance (as a recharge, so the ledger invariant holds), signed in. */
async function account(t: TestApp, balanceMilli = 0) {
  const { user, apiKey } = await createKeyedUser(t, balanceMilli);
  await t.dataSource
    .getRepository(User)
    .update({ id: user.id }, { password_hash: await hashPassword(DEFAULT_PASSWORD) });
  const client = t.client();
  await loginUser(t, client, user.username);
  return { user, apiKey, client };
}

async function createKey(client: HttpClient, body: Record<string, unknown>) {
  const res = await client.post<{ data: CreatedApiKey }>(CREATE, body);
  if (res.status !== 200) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body.data;
}

const call = (t: TestApp, name: string, key?: string) =>
  t.client().get(`/apis/${name}`, { headers: key ? { 'x-api-key': key } : {} });

/** The gateway headers every answer carries (X-Balance only where a charge was made). */
function expectGatewayHeaders(res: HttpResult, cost = '0.000') {
  expect(res.headers.get('x-request-id')).toMatch(UUID);
  expect(res.headers.get('x-cost')).toBe(cost);
  expect(res.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
  expect(res.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
  expect(res.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
  if (res.status >= 400) expect(res.body.request_id).toBe(res.headers.get('x-request-id'));
}

describeEachDb('API keys: create, list, update, revoke', (ctx) => {
  it('lists the default key by its hint and never a secret', async () => {
    const { client, apiKey } = await account(ctx.t);
    const res = await client.get(GET_KEYS);
    expect(res.status).toBe(200);
    expect(res.body.data.max_named_keys).toBe(20);
    expect(res.body.data.rate_limit_max).toBe(600);
    expect(res.body.data.keys).toEqual([
      expect.objectContaining({
        name: '',
        is_default: true,
        status: 'active',
        hint: `${apiKey.slice(0, 6)}...${apiKey.slice(-4)}`,
        spent_today: null,
        daily_cap: null,
      }),
    ]);
    expect(res.text).not.toContain(apiKey);
    expect(res.text).not.toMatch(/key_hash|key_enc/);
  });

  it('creates a named key with every setting and shows its secret only once', async () => {
    const { client } = await account(ctx.t);
    const api = await createGatewayApi(ctx.t);
    const expires = new Date(Date.now() + 86_400_000).toISOString().replace(/\.\d+Z$/, '.000Z');
    const created = await createKey(client, {
      name: '  CI server  ',
      expires_at: expires,
      allowed_apis: [api.id, api.id],
      allowed_ips: ['10.1.2.3/8', '2001:db8::1/32', '127.0.0.1'],
      rate_limit: 30,
      daily_cap: '1.5',
      monthly_cap: 20,
    });
    expect(created.secret).toMatch(/^pk_[A-Za-z0-9_-]{32}$/);
    expect(created.key).toMatchObject({
      name: 'CI server',
      is_default: false,
      status: 'active',
      expires_at: expires,
      allowed_apis: [api.id],
      allowed_api_names: [{ id: api.id, name: api.name, name_en: api.name_en, title_en: '' }],
      allowed_ips: ['10.0.0.0/8', '2001:db8::/32', '127.0.0.1'],
      rate_limit: 30,
      daily_cap: '1.50',
      monthly_cap: '20.00',
      spent_today: '0.00',
      spent_this_month: '0.00',
      last_used_at: null,
      revoked_at: null,
    });
    const list = await client.get(GET_KEYS);
    expect(list.body.data.keys.map((k: ApiKeyView) => k.id)).toContain(created.key.id);
    expect(list.body.data.keys[0].allowed_api_names).toBeNull();
    const listed = list.body.data.keys.find((k: ApiKeyView) => k.id === created.key.id);
    expect(listed.allowed_api_names).toEqual(created.key.allowed_api_names);
    expect(list.text).not.toContain(created.secret);
    const row = await ctx.t.dataSource
      .getRepository(ApiKey)
      .findOneByOrFail({ id: created.key.id });
    expect(row.key_enc).toBeNull();
    expect((await call(ctx.t, api.name_en, created.secret)).status).toBe(200);
  });

  it.each([
    [{ name: '' }, 'request.validation', 'name'],
    [{ name: 'x'.repeat(51) }, 'request.validation', 'name'],
    [{ name: 'k', expires_at: 'tomorrow' }, 'request.validation', 'expires_at'],
    [{ name: 'k', expires_at: '2001-01-01T00:00:00Z' }, 'keys.expiry_past', 'expires_at'],
    [{ name: 'k', allowed_ips: ['10.0.0.0/33'] }, 'keys.ip_invalid', 'allowed_ips'],
    [{ name: 'k', allowed_ips: ['1.2.3'] }, 'keys.ip_invalid', 'allowed_ips'],
    [{ name: 'k', allowed_ips: '10.0.0.0/8' }, 'request.validation', 'allowed_ips'],
    [{ name: 'k', allowed_apis: [999999] }, 'keys.api_unknown', 'allowed_apis'],
    [{ name: 'k', allowed_apis: ['x'] }, 'request.validation', 'allowed_apis'],
    [{ name: 'k', rate_limit: 0 }, 'request.validation', 'rate_limit'],
    [{ name: 'k', rate_limit: 1.5 }, 'request.validation', 'rate_limit'],
    [{ name: 'k', rate_limit: 601 }, 'keys.rate_limit_too_high', 'rate_limit'],
    [{ name: 'k', daily_cap: '-1' }, 'request.validation', 'daily_cap'],
    [{ name: 'k', monthly_cap: '1.2345' }, 'request.validation', 'monthly_cap'],
  ])('refuses %j with %s on %s and creates nothing', async (body, code, field) => {
    const { client, user } = await account(ctx.t);
    const res = await client.post(CREATE, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code, field });
    expect(await ctx.t.dataSource.getRepository(ApiKey).countBy({ user_id: user.id })).toBe(1);
  });

  it('allows 20 named keys, also when created at once, and counts revoked ones out', async () => {
    const { client, user } = await account(ctx.t);
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) => client.post(CREATE, { name: `k${i}` })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(20);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.map((r) => [r.status, r.body.code])).toEqual(
      Array(4).fill([409, 'keys.too_many']),
    );
    const named = { user_id: user.id, is_default: 0 };
    expect(await ctx.t.dataSource.getRepository(ApiKey).countBy(named)).toBe(20);
    const first = results.find((r) => r.status === 200)!.body.data.key.id;
    expect((await client.post(REVOKE, { id: first })).status).toBe(200);
    expect((await client.post(CREATE, { name: 'again' })).status).toBe(200);
  });

  it("lets a key's own rate limit only lower the site's RATE_LIMIT_PER_KEY", async () => {
    const { client } = await account(ctx.t);
    const high = await client.post(CREATE, { name: 'greedy', rate_limit: 1_000_000 });
    expect(high.status).toBe(400);
    expect(high.body).toMatchObject({ code: 'keys.rate_limit_too_high', field: 'rate_limit' });
    expect(high.body.message).toContain('at most 600 calls a minute');
    const created = await createKey(client, { name: 'fair', rate_limit: 600 });
    expect(created.key.rate_limit).toBe(600);
    const raise = await client.post(UPDATE, { id: created.key.id, rate_limit: 601 });
    expect([raise.status, raise.body.code]).toEqual([400, 'keys.rate_limit_too_high']);
    const row = await ctx.t.dataSource
      .getRepository(ApiKey)
      .findOneByOrFail({ id: created.key.id });
    expect(row.rate_limit).toBe(600);
  });

  it('keeps revoked keys 30 days and at most 20 of them', async () => {
    const { client, user } = await account(ctx.t);
    const repo = ctx.t.dataSource.getRepository(ApiKey);
    const ids: number[] = [];
    for (let i = 0; i < 22; i += 1) {
      const { key } = await createKey(client, { name: `old${i}` });
      expect((await client.post(REVOKE, { id: key.id })).status).toBe(200);
      ids.push(key.id);
    }
    const listed = (await client.get(GET_KEYS)).body.data.keys as ApiKeyView[];
    expect(listed.filter((k) => k.status === 'revoked')).toHaveLength(20);
    // The two revoked first are gone; the rest are kept.
    expect(await repo.countBy({ id: In(ids.slice(0, 2)) })).toBe(0);
    await repo.update({ id: ids[5] }, { revoked_at: new Date(Date.now() - 31 * 86_400_000) });
    const { key } = await createKey(client, { name: 'new' });
    await client.post(REVOKE, { id: key.id });
    expect(await repo.existsBy({ id: ids[5] })).toBe(false);
    expect(await repo.countBy({ user_id: user.id, is_default: 0 })).toBe(20);
  });

  it('updates only the fields sent, clears with null, and keeps the secret', async () => {
    const { client } = await account(ctx.t);
    const created = await createKey(client, { name: 'a', rate_limit: 5, daily_cap: '2' });
    const res = await client.post(UPDATE, {
      id: created.key.id,
      name: 'renamed',
      daily_cap: null,
      allowed_ips: ['::1'],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'renamed',
      rate_limit: 5,
      daily_cap: null,
      allowed_ips: ['::1'],
    });
    const row = await ctx.t.dataSource
      .getRepository(ApiKey)
      .findOneByOrFail({ id: created.key.id });
    expect(row.daily_cap_milli).toBeNull();
    expect(row.key_hint).toBe(created.key.hint);
  });

  it('keeps live keys’ names apart, ignoring case, also when created at once', async () => {
    const { client } = await account(ctx.t);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => client.post(CREATE, { name: 'Deploy' })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const refused of results.filter((r) => r.status !== 200)) {
      expect([refused.status, refused.body.code, refused.body.field]).toEqual([
        409,
        'keys.name_taken',
        'name',
      ]);
    }
    const lower = await client.post(CREATE, { name: 'deploy' });
    expect([lower.status, lower.body.code]).toEqual([409, 'keys.name_taken']);
    const other = await createKey(client, { name: 'other' });
    const rename = await client.post(UPDATE, { id: other.key.id, name: 'DEPLOY', rate_limit: 3 });
    expect([rename.status, rename.body.code, rename.body.field]).toEqual([
      409,
      'keys.name_taken',
      'name',
    ]);
    // Refused whole: the limit sent with the name did not change either.
    const listed = (await client.get(GET_KEYS)).body.data.keys as ApiKeyView[];
    expect(listed.find((k) => k.id === other.key.id)).toMatchObject({
      name: 'other',
      rate_limit: null,
    });
    expect((await client.post(UPDATE, { id: other.key.id, name: 'Other' })).status).toBe(200);
    const deploy = results.find((r) => r.status === 200)!.body.data.key.id as number;
    expect((await client.post(REVOKE, { id: deploy })).status).toBe(200);
    expect((await client.post(CREATE, { name: 'deploy' })).status).toBe(200);
    const { client: someoneElse } = await account(ctx.t);
    expect((await someoneElse.post(CREATE, { name: 'Other' })).status).toBe(200);
  });

  it("refuses another user's key, the default key and changes to a revoked key", async () => {
    const owner = await account(ctx.t);
    const other = await account(ctx.t);
    const created = await createKey(owner.client, { name: 'mine' });
    for (const res of [
      await other.client.post(UPDATE, { id: created.key.id, name: 'stolen' }),
      await other.client.post(REVOKE, { id: created.key.id }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('keys.not_found');
    }
    const defaultId = (await owner.client.get(GET_KEYS)).body.data.keys[0].id;
    const edit = await owner.client.post(UPDATE, { id: defaultId, rate_limit: 1 });
    expect([edit.status, edit.body.code]).toEqual([400, 'keys.default_key']);
    const revokeDefault = await owner.client.post(REVOKE, { id: defaultId });
    expect([revokeDefault.status, revokeDefault.body.code]).toEqual([400, 'keys.default_key']);
    const revoked = await owner.client.post(REVOKE, { id: created.key.id });
    expect(revoked.body.data).toMatchObject({ status: 'revoked', revoked_at: expect.any(String) });
    const late = await owner.client.post(UPDATE, { id: created.key.id, name: 'x' });
    expect([late.status, late.body.code]).toEqual([400, 'keys.revoked']);
  });

  it('asks for the session and the CSRF header', async () => {
    const { client } = await account(ctx.t);
    expect((await ctx.t.client().get(GET_KEYS)).status).toBe(401);
    for (const path of [CREATE, UPDATE, REVOKE]) {
      const res = await client.post(path, { id: 1, name: 'x' }, { noXsrf: true });
      expect([res.status, res.body.code]).toEqual([403, 'auth.csrf_invalid']);
    }
  });

  it('shows when and from where a key was last used, written in a batch', async () => {
    const { client } = await account(ctx.t);
    const api = await createGatewayApi(ctx.t);
    const created = await createKey(client, { name: 'used' });
    expect((await call(ctx.t, api.name_en, created.secret)).status).toBe(200);
    await ctx.t.app.get(UsageRecorder).flush();
    const key = (await client.get(GET_KEYS)).body.data.keys.find(
      (k: ApiKeyView) => k.id === created.key.id,
    );
    expect(key.last_used_ip).toBe('127.0.0.1');
    expect(Date.now() - Date.parse(key.last_used_at)).toBeLessThan(10_000);
  });

  it('lets the admin reveal a default key, recording every reveal', async () => {
    const { user, apiKey } = await account(ctx.t);
    const admin = await adminClient(ctx.t);
    const list = await admin.get('/api/admin/get_user_list.php', {
      query: { search: user.username },
    });
    expect(list.body.data.users[0].api_key).toBe(`${apiKey.slice(0, 6)}...${apiKey.slice(-4)}`);
    expect(list.text).not.toContain(apiKey);
    const path = '/api/admin/reveal_user_api_key.php';
    expect((await admin.post(path, { user_id: user.id }, { noXsrf: true })).status).toBe(403);
    for (let i = 0; i < 2; i += 1) {
      const res = await admin.post(path, { user_id: user.id });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ api_key: apiKey });
    }
    const missing = await admin.post(path, { user_id: 99999999 });
    expect([missing.status, missing.body.code]).toEqual([404, 'users.not_found']);
    const audit = await admin.get('/api/admin/get_audit_log.php', {
      query: { action: 'reveal_key' },
    });
    const mine = audit.body.data.entries.filter(
      (e: { target_id: number }) => e.target_id === user.id,
    );
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ action: 'reveal_key', target_type: 'user', ip: '127.0.0.1' });
    expect(JSON.stringify(mine)).not.toContain(apiKey);
    const asUser = await (await account(ctx.t)).client.post(path, { user_id: user.id });
    expect(asUser.status).toBe(401);
  });
});

/** A slow run crossed a minute and saw 200 where the limit's 429 was due. */
const inOneWindow = () => inOneMinuteWindow(10_000);

describeEachDb(
  'API keys at the gateway',
  (ctx) => {
    it('answers a revoked key 401 even after a burst used up its own limit', async () => {
      const { client } = await account(ctx.t, 1000);
      const api = await createGatewayApi(ctx.t);
      const created = await createKey(client, { name: 'burst', rate_limit: 3 });
      const statuses: number[] = [];
      await inOneWindow();
      for (let i = 0; i < 4; i += 1)
        statuses.push((await call(ctx.t, api.name_en, created.secret)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await call(ctx.t, api.name_en, created.secret);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(limited.headers.get('x-ratelimit-limit')).toBe('3');
      expectGatewayHeaders(limited);
      await client.post(REVOKE, { id: created.key.id });
      const revoked = await call(ctx.t, api.name_en, created.secret);
      expect(revoked.status).toBe(401);
      expect(revoked.body).toMatchObject({ code: 'gateway.key_revoked' });
      expectGatewayHeaders(revoked);
    });

    it('refuses an expired key with 401', async () => {
      const { client } = await account(ctx.t);
      const api = await createGatewayApi(ctx.t);
      const created = await createKey(client, {
        name: 'short',
        expires_at: new Date(Date.now() + 1500).toISOString(),
      });
      expect((await call(ctx.t, api.name_en, created.secret)).status).toBe(200);
      await withDateAhead(1600, async () => {
        const res = await call(ctx.t, api.name_en, created.secret);
        expect([res.status, res.body.code]).toEqual([401, 'gateway.key_expired']);
        expectGatewayHeaders(res);
        const listed = (await client.get(GET_KEYS)).body.data.keys;
        expect(listed.find((k: ApiKeyView) => k.id === created.key.id).status).toBe('expired');
      });
    });

    it('refuses APIs and addresses the key is not allowed, without using its bucket', async () => {
      const { client } = await account(ctx.t);
      const allowed = await createGatewayApi(ctx.t);
      const other = await createGatewayApi(ctx.t);
      const created = await createKey(client, {
        name: 'narrow',
        allowed_apis: [allowed.id],
        rate_limit: 2,
      });
      expect((await call(ctx.t, allowed.name_en, created.secret)).status).toBe(200);
      for (let i = 0; i < 3; i += 1) {
        const res = await call(ctx.t, other.name_en, created.secret);
        expect([res.status, res.body.code]).toEqual([403, 'gateway.api_not_allowed']);
        expectGatewayHeaders(res);
      }
      // The refusals were counted against the caller's address, not the key's 2 calls a minute.
      expect((await call(ctx.t, allowed.name_en, created.secret)).status).toBe(200);

      const elsewhere = await createKey(client, {
        name: 'lan',
        allowed_ips: ['10.0.0.0/8', '::1'],
      });
      const res = await call(ctx.t, allowed.name_en, elsewhere.secret);
      expect([res.status, res.body.code]).toEqual([403, 'gateway.ip_not_allowed']);
      expect(res.body.message).toContain('127.0.0.1');
      await client.post(UPDATE, { id: elsewhere.key.id, allowed_ips: ['127.0.0.0/8'] });
      expect((await call(ctx.t, allowed.name_en, elsewhere.secret)).status).toBe(200);

      // Metrics tell these refusals from a disabled API's 403 (labelled "disabled" as before).
      const disabled = await createGatewayApi(ctx.t, { status: 0 });
      const off = await call(ctx.t, disabled.name_en, elsewhere.secret);
      expect([off.status, off.body.code]).toEqual([403, 'gateway.api_disabled']);
      const metrics = (await ctx.t.client().get('/metrics')).text;
      expect(metrics).toContain(
        `portico_gateway_calls_total{api="${other.name_en}",outcome="key_forbidden"} 3`,
      );
      expect(metrics).toContain(
        `portico_gateway_calls_total{api="${allowed.name_en}",outcome="key_forbidden"} 1`,
      );
      expect(metrics).toContain(
        `portico_gateway_calls_total{api="${disabled.name_en}",outcome="disabled"} 1`,
      );
    });

    it('stops at the daily and monthly caps with 402 naming the cap', async () => {
      const { client, user, apiKey } = await account(ctx.t, 1000);
      const api = await createGatewayApi(ctx.t, { is_paid: 1, price_per_call_milli: 3 });
      const daily = await createKey(client, { name: 'd', daily_cap: '0.01' });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1)
        statuses.push((await call(ctx.t, api.name_en, daily.secret)).status);
      expect(statuses).toEqual([200, 200, 200, 402]);
      const capped = await call(ctx.t, api.name_en, daily.secret);
      expect(capped.body).toMatchObject({
        code: 'gateway.daily_cap_reached',
        message:
          "this key's daily spending cap of 0.01 yuan is reached: this call costs 0.003 yuan",
      });
      expectGatewayHeaders(capped);
      const monthly = await createKey(client, { name: 'm', monthly_cap: '0.005' });
      expect((await call(ctx.t, api.name_en, monthly.secret)).status).toBe(200);
      const res = await call(ctx.t, api.name_en, monthly.secret);
      expect([res.status, res.body.code]).toEqual([402, 'gateway.monthly_cap_reached']);
      // The default key has no caps; the refused calls cost nothing.
      expect((await call(ctx.t, api.name_en, apiKey)).status).toBe(200);
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 985, expected: 985 });
      const listed = (await client.get(GET_KEYS)).body.data.keys;
      expect(listed.find((k: ApiKeyView) => k.id === daily.key.id).spent_today).toBe('0.009');
    });

    it('never lets a race pass a spending cap', async () => {
      const { client, user } = await account(ctx.t, 100_000);
      const api = await createGatewayApi(ctx.t, { is_paid: 1, price_per_call_milli: 1 });
      const created = await createKey(client, { name: 'race', daily_cap: '0.1', monthly_cap: '1' });
      const results = await Promise.all(
        Array.from({ length: 400 }, () => call(ctx.t, api.name_en, created.secret)),
      );
      const count = (status: number) => results.filter((r) => r.status === status).length;
      expect([count(200), count(402)]).toEqual([100, 300]);
      const row = await ctx.t.dataSource
        .getRepository(ApiKey)
        .findOneByOrFail({ id: created.key.id });
      expect([row.spent_day_milli, row.spent_month_milli]).toEqual([100, 100]);
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 99_900, expected: 99_900 });
    }, 120_000);

    it('lets exactly the affordable 500 of 2,000 racing calls through two keys of one user', async () => {
      const { client, user, apiKey } = await account(ctx.t, 500 * 2);
      const api = await createGatewayApi(ctx.t, { is_paid: 1, price_per_call_milli: 2 });
      const named = await createKey(client, { name: 'second' });
      const results = await Promise.all(
        Array.from({ length: 2000 }, (_, i) =>
          call(ctx.t, api.name_en, i % 2 === 0 ? apiKey : named.secret),
        ),
      );
      const ok = results.filter((r) => r.status === 200);
      expect(ok).toHaveLength(500);
      expect(results.every((r) => r.status === 200 || r.status === 402)).toBe(true);
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 0, expected: 0 });
      const logs = await ctx.t.dataSource.getRepository(AccessLog).findBy({ user_id: user.id });
      expect(logs).toHaveLength(500);
      expect(new Set(logs.map((l) => l.request_id)).size).toBe(500);
      const row = await ctx.t.dataSource
        .getRepository(ApiKey)
        .findOneByOrFail({ id: named.key.id });
      const byNamed = logs.filter((l) => l.api_key_id === named.key.id).length;
      expect(row.spent_day_milli).toBe(byNamed * 2);
    }, 120_000);

    it('answers X-Cost 0.000 and the restored balance when a paid call is refunded', async () => {
      const { client, user } = await account(ctx.t, 10);
      const api = await createGatewayApi(ctx.t, {
        handler: 'hash',
        is_paid: 1,
        price_per_call_milli: 4,
      });
      const created = await createKey(client, { name: 'refunds', daily_cap: '1' });
      const res = await call(ctx.t, api.name_en, created.secret);
      expect([res.status, res.body.code]).toEqual([400, 'gateway.invalid_param']);
      expectGatewayHeaders(res);
      expect(res.headers.get('x-balance')).toBe('0.01');
      const row = await ctx.t.dataSource
        .getRepository(ApiKey)
        .findOneByOrFail({ id: created.key.id });
      expect(row.spent_day_milli).toBe(0);
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 10, expected: 10 });
    });

    // These two start an app of their own: passport's strategies are process-wide and the last
    // app started answers logins, so they come after every test here that signs in.
    it('answers a default key rotated after a burst 401, not 429', async () => {
      const t = await startTestApp(ctx.db, { RATE_LIMIT_PER_KEY: '2' });
      try {
        const { user, apiKey } = await createKeyedUser(t, 0);
        const api = await createGatewayApi(t);
        const statuses: number[] = [];
        await inOneWindow();
        for (let i = 0; i < 3; i += 1) statuses.push((await call(t, api.name_en, apiKey)).status);
        expect(statuses).toEqual([200, 200, 429]);
        const fresh = await t.app.get(KeysService).rotateDefault(user.id);
        const old = await call(t, api.name_en, apiKey);
        expect([old.status, old.body.code]).toEqual([401, 'gateway.key_invalid']);
        expect((await call(t, api.name_en, fresh)).status).toBe(200);
      } finally {
        await t.close();
      }
    });

    it("clamps a stored key's limit to a lowered RATE_LIMIT_PER_KEY", async () => {
      const t = await startTestApp(ctx.db, { RATE_LIMIT_PER_KEY: '2' });
      try {
        const { user } = await createKeyedUser(t, 0);
        const api = await createGatewayApi(t);
        const { key, secret } = await t.app
          .get(KeysService)
          .create(user.id, Object.assign(new CreateKeyBody(), { name: 'from before' }));
        // Stored while the site's limit was higher.
        await t.dataSource.getRepository(ApiKey).update({ id: key.id }, { rate_limit: 1_000_000 });
        const answers = [];
        await inOneWindow();
        for (let i = 0; i < 3; i += 1) answers.push(await call(t, api.name_en, secret));
        expect(answers.map((r) => r.status)).toEqual([200, 200, 429]);
        expect(answers[0].headers.get('x-ratelimit-limit')).toBe('2');
      } finally {
        await t.close();
      }
    });

    it('answers the gateway headers on 200, 401, 404, 402 and 429', async () => {
      const t = await startTestApp(ctx.db, { RATE_LIMIT_PER_IP: '3' });
      try {
        const { user, apiKey } = await createKeyedUser(t, 5);
        const paid = await createGatewayApi(t, { is_paid: 1, price_per_call_milli: 4 });
        const ok = await call(t, paid.name_en, apiKey);
        expect(ok.status).toBe(200);
        expectGatewayHeaders(ok, '0.004');
        expect(ok.headers.get('x-balance')).toBe('0.001');
        const [log] = await t.dataSource.getRepository(AccessLog).findBy({ user_id: user.id });
        expect(log.request_id).toBe(ok.headers.get('x-request-id'));
        expect(log.api_key_id).toEqual(expect.any(Number));
        const poor = await call(t, paid.name_en, apiKey);
        expect(poor.status).toBe(402);
        expectGatewayHeaders(poor);
        expect(poor.headers.get('x-balance')).toBe('0.001');
        await inOneWindow();
        const answers = [
          await call(t, paid.name_en, 'pk_unknown'),
          await call(t, 'no-such-api'),
          await call(t, paid.name_en),
          await call(t, 'no-such-api'),
        ];
        expect(answers.map((r) => r.status)).toEqual([401, 404, 401, 429]);
        for (const res of answers) expectGatewayHeaders(res);
        expect(answers[3].headers.get('retry-after')).toMatch(/^\d+$/);
      } finally {
        await t.close();
      }
    });

    it('keeps a known key cached while more unknown keys are tried than the cache holds', async () => {
      const { user } = await createKeyedUser(ctx.t, 0);
      const api = await createGatewayApi(ctx.t);
      const created = await ctx.t.app
        .get(KeysService)
        .create(user.id, Object.assign(new CreateKeyBody(), { name: 'steady' }));
      // Past the polls that see the new row (they drop it from the cache once).
      await sleep(1500);
      expect((await call(ctx.t, api.name_en, created.secret)).status).toBe(200);
      const cache = ctx.t.app.get(KeyCache);
      // All at once: guessed keys still being looked up must not push the known key out either.
      // On a loaded machine some of 10,100 lookups may outwait the pool's acquire timeout; which
      // guesses get an answer does not matter here, only that the known key stays.
      await Promise.all(
        Array.from({ length: 10_100 }, () =>
          Promise.resolve(cache.find(randomBytes(32).toString('hex'))).catch(() => null),
        ),
      );
      // Deleted behind the cache's back (a delete is not polled): only a cached key still works.
      await ctx.t.dataSource.getRepository(ApiKey).delete({ id: created.key.id });
      expect((await call(ctx.t, api.name_en, created.secret)).status).toBe(200);
    }, 60_000);

    it('lets browser callers read the gateway headers', async () => {
      const res = await call(ctx.t, 'no-such-api');
      expect(res.headers.get('access-control-expose-headers')).toBe(
        'X-Request-Id, X-Cost, X-Balance, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, Allow, Idempotent-Replayed, X-Charged-From, X-Quota-Limit, X-Quota-Remaining, X-Quota-Reset, X-Quota-Window',
      );
    });
  },
  { RATE_LIMIT_PER_KEY: '1000000', RATE_LIMIT_PER_IP: '1000000' },
);

describeEachDb('API key revocation across instances', (ctx) => {
  it('is seen by a second instance on the same database within a second', async () => {
    const second = await startTestApp(ctx.db, { DATABASE_URL: ctx.t.env.DATABASE_URL });
    try {
      const { client } = await account(ctx.t);
      const api = await createGatewayApi(ctx.t);
      const created = await createKey(client, { name: 'shared' });
      // The second instance has the key cached.
      expect((await call(second, api.name_en, created.secret)).status).toBe(200);
      await client.post(REVOKE, { id: created.key.id });
      const revokedAt = Date.now();
      let status = 200;
      while (status === 200 && Date.now() - revokedAt < 5000) {
        status = (await call(second, api.name_en, created.secret)).status;
        if (status === 200) await sleep(25);
      }
      expect(status).toBe(401);
      expect(Date.now() - revokedAt).toBeLessThan(1000);
    } finally {
      await second.close();
    }
  });

  it('holds a spending cap when two instances charge one key at once', async () => {
    const vars = { RATE_LIMIT_PER_KEY: '1000000', RATE_LIMIT_PER_IP: '1000000' };
    const second = await startTestApp(ctx.db, { ...vars, DATABASE_URL: ctx.t.env.DATABASE_URL });
    try {
      const { user } = await createKeyedUser(ctx.t, 10_000);
      const api = await createGatewayApi(ctx.t, { is_paid: 1, price_per_call_milli: 2 });
      const { key, secret } = await ctx.t.app
        .get(KeysService)
        .create(user.id, Object.assign(new CreateKeyBody(), { name: 'both', daily_cap: '0.1' }));
      const apps = [ctx.t, second];
      const results = await Promise.all(
        Array.from({ length: 300 }, (_, i) => call(apps[i % 2], api.name_en, secret)),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(50);
      expect(results.every((r) => r.status === 200 || r.status === 402)).toBe(true);
      const row = await ctx.t.dataSource.getRepository(ApiKey).findOneByOrFail({ id: key.id });
      expect(row.spent_day_milli).toBe(100);
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 9_900, expected: 9_900 });
    } finally {
      await second.close();
    }
  }, 120_000);
});
