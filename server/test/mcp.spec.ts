import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ApiEntry } from '../src/database/entities';
import { UsageRecorder } from '../src/modules/gateway/usage-recorder';
import { createGatewayApi, createKeyedUser, ledgerOf } from './factories/gateway';
import {
  callTool,
  connectMcp as connect,
  INITIALIZE as initialize,
  rawMcpPost as rawPost,
} from './factories/mcp';
import { createUser, loginUser } from './factories/users';
import { startUpstreamFake } from './fakes/upstream-fake';
import { describeEachDb, TestApp } from './harness';

const params = (...rows: [string, string, boolean][]) =>
  JSON.stringify(
    rows.map(([name, type, required]) => ({ name, type, required, description: `the ${name}` })),
  );

async function withClient<T>(t: TestApp, key: string | undefined, use: (c: Client) => Promise<T>) {
  const client = await connect(t, key);
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

/** The text of a tool result's content items, joined. */
const textOf = (result: CallToolResult) =>
  result.content.map((item) => (item.type === 'text' ? item.text : `[${item.type}]`)).join('\n');

async function logsOf(t: TestApp, apiId: number) {
  await t.app.get(UsageRecorder).flush();
  return t.dataSource.query<
    { user_id: number | null; cost_milli: string; ip_address: string; user_agent: string }[]
  >('SELECT user_id, cost_milli, ip_address, user_agent FROM access_logs WHERE api_id = ?', [
    apiId,
  ]);
}

describeEachDb('MCP server at /mcp', (ctx) => {
  let hash: ApiEntry;
  let paid: ApiEntry;
  let diff: ApiEntry;
  let disabled: ApiEntry;

  beforeAll(async () => {
    hash = await createGatewayApi(ctx.t, {
      name: '哈希计算',
      name_en: `mcp-hash-${Date.now()}`,
      description_en: 'Hashes text with md5, sha1 or sha256',
      handler: 'hash',
      request_params: params(['text', 'string', true], ['algo', 'string', false]),
      response_example: '{"success":true,"message":"ok","data":{"hash":"..."}}',
    });
    paid = await createGatewayApi(ctx.t, {
      name: 'UUID generator',
      name_en: `mcp-uuid-${Date.now()}`,
      description_en: 'Random UUIDs, paid per call',
      handler: 'uuid',
      is_paid: 1,
      price_per_call_milli: 5,
    });
    diff = await createGatewayApi(ctx.t, {
      name_en: `mcp-diff-${Date.now()}`,
      description_en: 'Compares two texts',
      handler: 'text-diff',
      request_method: 'POST',
      request_params: params(['a', 'string', true], ['b', 'string', true]),
    });
    disabled = await createGatewayApi(ctx.t, {
      name_en: `mcp-off-${Date.now()}`,
      description_en: 'Hashes text but is switched off',
      handler: 'hash',
      status: 0,
    });
  });

  it('lists its three tools with their argument schemas', async () => {
    const { tools } = await withClient(ctx.t, undefined, (c) => c.listTools());
    expect(tools.map((tool) => tool.name).sort()).toEqual(['call_api', 'get_api', 'search_apis']);
    const call = tools.find((tool) => tool.name === 'call_api')!;
    expect(call.inputSchema.required).toEqual(['name_en']);
    expect(Object.keys(call.inputSchema.properties ?? {}).sort()).toEqual([
      'body',
      'method',
      'name_en',
      'query',
    ]);
  });

  it('searches enabled APIs by the words of names and descriptions', async () => {
    await withClient(ctx.t, undefined, async (client) => {
      const found = JSON.parse(
        textOf(await callTool(client, 'search_apis', { query: 'hashes TEXT' })),
      ) as { name_en: string; price: string; method: string; description: string }[];
      expect(found.map((row) => row.name_en)).toEqual([hash.name_en]);
      expect(found[0]).toEqual({
        name: '哈希计算',
        name_en: hash.name_en,
        description: 'Hashes text with md5, sha1 or sha256',
        method: 'GET',
        price: '0.000',
      });
      const all = JSON.parse(textOf(await callTool(client, 'search_apis', { query: '' })));
      const names = (all as { name_en: string; price: string }[]).map((row) => row.name_en);
      expect(names).toEqual(expect.arrayContaining([hash.name_en, paid.name_en, diff.name_en]));
      expect(names).not.toContain(disabled.name_en);
      expect(all.find((row: { name_en: string }) => row.name_en === paid.name_en).price).toBe(
        '0.005',
      );
    });
  });

  it('answers an API’s documentation, and a tool error for unknown or disabled ones', async () => {
    await withClient(ctx.t, undefined, async (client) => {
      const doc = textOf(await callTool(client, 'get_api', { name_en: hash.name_en }));
      expect(doc).toContain(`# 哈希计算 (${hash.name_en})`);
      expect(doc).toContain(`GET ${ctx.t.baseUrl}/apis/${hash.name_en}`);
      expect(doc).toContain('| text | string | yes | the text |');
      expect(doc).toContain('"hash":"..."');
      const paidDoc = textOf(await callTool(client, 'get_api', { name_en: paid.name_en }));
      expect(paidDoc).toContain('0.005 yuan per successful call');
      for (const name_en of ['no-such-api', disabled.name_en]) {
        const missing = await callTool(client, 'get_api', { name_en });
        expect(missing.isError).toBe(true);
        expect(textOf(missing)).toContain('search_apis');
      }
    });
  });

  it('calls a free API anonymously through the gateway (counted, not logged)', async () => {
    const result = await withClient(ctx.t, undefined, (c) =>
      callTool(c, 'call_api', { name_en: hash.name_en, query: { text: 'abc', algo: 'md5' } }),
    );
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain('900150983cd24fb0d6963f7d28e17f72');
    expect(textOf(result)).toContain(`HTTP 200 from /apis/${hash.name_en}`);
    expect(await logsOf(ctx.t, hash.id)).toEqual([]);
    const [row] = await ctx.t.dataSource.query<{ n: string }[]>(
      'SELECT usage_count AS n FROM apis WHERE id = ?',
      [hash.id],
    );
    expect(Number(row.n)).toBeGreaterThanOrEqual(1);
  });

  it('sends a JSON body to a POST API, and refuses a body on a GET call', async () => {
    await withClient(ctx.t, undefined, async (client) => {
      const result = await callTool(client, 'call_api', {
        name_en: diff.name_en,
        body: { a: 'kitten', b: 'sitting' },
      });
      expect(result.isError).toBeFalsy();
      expect(JSON.parse(result.content[1].type === 'text' ? result.content[1].text : '')).toEqual(
        expect.objectContaining({ data: expect.objectContaining({ distance: 3 }) }),
      );
      const refused = await callTool(client, 'call_api', { name_en: hash.name_en, body: {} });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain('takes no body');
    });
  });

  it('charges exactly the price of a paid call to the bearer key, logged with the caller', async () => {
    const { user, apiKey } = await createKeyedUser(ctx.t, 12);
    const result = await withClient(ctx.t, apiKey, (c) =>
      callTool(c, 'call_api', { name_en: paid.name_en }),
    );
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain('charged 0.005 yuan');
    expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 7, expected: 7 });
    const logs = (await logsOf(ctx.t, paid.id)).filter((log) => log.user_id === user.id);
    expect(logs).toHaveLength(1);
    expect(Number(logs[0].cost_milli)).toBe(5);
    expect(logs[0].ip_address).toBe('127.0.0.1');
    expect(logs[0].user_agent).toContain('(via MCP)');
    // The tool call sent an Idempotency-Key of its own: the gateway kept the call's answer.
    const keys = await ctx.t.dataSource.query<{ state: string }[]>(
      'SELECT state FROM idempotency_keys WHERE user_id = ?',
      [user.id],
    );
    expect(keys).toEqual([{ state: 'done' }]);
  });

  it('refuses paid calls without a key or balance with how to fix it, charging nothing', async () => {
    const anonymous = await withClient(ctx.t, undefined, (c) =>
      callTool(c, 'call_api', { name_en: paid.name_en }),
    );
    expect(anonymous.isError).toBe(true);
    expect(textOf(anonymous)).toContain('gateway.key_required');
    expect(textOf(anonymous)).toContain('Authorization: Bearer <key>');

    const { user, apiKey } = await createKeyedUser(ctx.t, 4);
    const poor = await withClient(ctx.t, apiKey, (c) =>
      callTool(c, 'call_api', { name_en: paid.name_en }),
    );
    expect(poor.isError).toBe(true);
    expect(textOf(poor)).toContain('402 gateway.insufficient_balance');
    expect(textOf(poor)).toContain(`Recharge at ${ctx.t.baseUrl}/user/recharge`);
    expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 4, expected: 4 });
  });

  it('stops honouring a key once the user rotates it, and takes the new one', async () => {
    const { user, apiKey } = await createUser(ctx.t, { balance_milli: 0 });
    const browser = ctx.t.client();
    await loginUser(ctx.t, browser, user.username);
    const rotated = await browser.post('/api/user/change_api_key.php');
    expect(rotated.status).toBe(200);
    const newKey = rotated.body.data.new_api_key as string;

    // The old key opens no session at all (issue 25): the refusal comes before any tool call.
    await expect(connect(ctx.t, apiKey)).rejects.toMatchObject({
      code: 401,
      message: expect.stringContaining('"code":"gateway.key_invalid"'),
    });
    const fresh = await withClient(ctx.t, newKey, (c) =>
      callTool(c, 'call_api', { name_en: hash.name_en, query: { text: 'x' } }),
    );
    expect(fresh.isError).toBeFalsy();
    // A free call with a key is logged for its owner.
    expect((await logsOf(ctx.t, hash.id)).some((log) => log.user_id === user.id)).toBe(true);
  });

  it('forwards calls to an upstream without the key, and refunds its failure', async () => {
    const upstream = await startUpstreamFake();
    try {
      const echo = await createGatewayApi(ctx.t, {
        handler: null,
        upstream_url: `${upstream.url}/base`,
        is_paid: 1,
        price_per_call_milli: 4,
      });
      const failing = await createGatewayApi(ctx.t, {
        handler: null,
        upstream_url: `${upstream.url}/fail`,
        is_paid: 1,
        price_per_call_milli: 4,
      });
      const { user, apiKey } = await createKeyedUser(ctx.t, 100);
      await withClient(ctx.t, apiKey, async (client) => {
        const ok = await callTool(client, 'call_api', {
          name_en: echo.name_en,
          query: { q: 'a b', n: 2, flag: true },
        });
        expect(ok.isError).toBeFalsy();
        expect(textOf(ok)).toContain('"url":"/base?q=a+b&n=2&flag=true"');
        const failed = await callTool(client, 'call_api', { name_en: failing.name_en });
        expect(failed.isError).toBe(true);
        expect(textOf(failed)).toContain('502 gateway.upstream_failed');
      });
      // The echo is charged; the failure is refunded.
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 96, expected: 96 });
      expect(upstream.seen.every((seen) => seen.headers['x-api-key'] === undefined)).toBe(true);
    } finally {
      await upstream.close();
    }
  });

  it('lets exactly the affordable calls through when 50 race for a small balance', async () => {
    const racer = await createGatewayApi(ctx.t, {
      handler: 'uuid',
      is_paid: 1,
      price_per_call_milli: 3,
    });
    const { user, apiKey } = await createKeyedUser(ctx.t, 7 * 3 + 2);
    const results = await withClient(ctx.t, apiKey, (client) =>
      Promise.all(
        Array.from({ length: 50 }, () => callTool(client, 'call_api', { name_en: racer.name_en })),
      ),
    );
    const ok = results.filter((result) => !result.isError);
    const refused = results.filter((result) => result.isError);
    expect(ok).toHaveLength(7);
    expect(refused).toHaveLength(43);
    for (const result of refused) expect(textOf(result)).toContain('insufficient_balance');
    expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 2, expected: 2 });
    const logs = await logsOf(ctx.t, racer.id);
    expect(logs.filter((log) => Number(log.cost_milli) === 3)).toHaveLength(7);
  });

  it('answers bad tool calls with tool errors and charges nothing', async () => {
    const { user, apiKey } = await createKeyedUser(ctx.t, 1000);
    await withClient(ctx.t, apiKey, async (client) => {
      const attempts: [string, Record<string, unknown>, string][] = [
        ['no_such_tool', {}, 'not found'],
        ['call_api', { name_en: 5 }, 'Input validation error'],
        ['call_api', { name_en: paid.name_en, query: 'text=1' }, 'Input validation error'],
        ['call_api', { name_en: paid.name_en, method: 'PATCH' }, 'Input validation error'],
        ['call_api', { name_en: paid.name_en, query: { key: apiKey } }, 'bearer token'],
        ['call_api', { name_en: diff.name_en, body: { a: 'x'.repeat(300_000) } }, 'too large'],
        ['call_api', { name_en: paid.name_en, query: { q: 'x'.repeat(4001) } }, 'Input'],
        [
          'call_api',
          {
            name_en: paid.name_en,
            query: Object.fromEntries(
              Array.from({ length: 3 }, (_, i) => [`p${i}`, 'y'.repeat(3500)]),
            ),
          },
          'too long',
        ],
        [
          'call_api',
          { name_en: diff.name_en, body: Array.from({ length: 3000 }, () => 1) },
          'maximum',
        ],
        ['search_apis', { query: 'x'.repeat(201) }, 'Input validation error'],
      ];
      for (const [name, args, says] of attempts) {
        const result = await callTool(client, name, args);
        expect({ name, isError: result.isError }).toEqual({ name, isError: true });
        expect(textOf(result)).toContain(says);
      }
    });
    expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 1000, expected: 1000 });
    await ctx.t.app.get(UsageRecorder).flush();
    const [logged] = await ctx.t.dataSource.query<{ n: string }[]>(
      'SELECT COUNT(*) AS n FROM access_logs WHERE user_id = ?',
      [user.id],
    );
    expect(Number(logged.n)).toBe(0);
  });

  it('refuses malformed requests with JSON-RPC errors that are also error envelopes', async () => {
    const cases: [Promise<{ status: number; body: any }>, number, number, string][] = [
      [rawPost(ctx.t, '{"jsonrpc": "2.0", "id": 1,'), 400, -32700, 'request.invalid_json'],
      [rawPost(ctx.t, '{"hello": "world"}'), 400, -32700, 'mcp.invalid_message'],
      [
        rawPost(ctx.t, initialize, { accept: 'application/json' }),
        406,
        -32000,
        'mcp.not_acceptable',
      ],
      [
        rawPost(ctx.t, initialize, { 'content-type': 'text/plain' }),
        415,
        -32600,
        'request.unsupported_media_type',
      ],
      [
        rawPost(ctx.t, JSON.stringify({ padding: 'x'.repeat(600 * 1024) })),
        413,
        -32600,
        'request.body_too_large',
      ],
    ];
    for (const [answer, status, rpcCode, code] of cases) {
      const { status: got, body } = await answer;
      expect({ got, rpc: body.error?.code, code: body.code, success: body.success }).toEqual({
        got: status,
        rpc: rpcCode,
        code,
        success: false,
      });
      expect(body).toMatchObject({ jsonrpc: '2.0', id: null });
      expect(typeof body.message).toBe('string');
    }
    const ok = await rawPost(ctx.t, initialize);
    expect(ok.status).toBe(200);
    expect(ok.body.result.serverInfo.name).toBe('portico');

    const get = await fetch(new URL('/mcp', ctx.t.baseUrl));
    expect(get.status).toBe(405);
    expect(await get.json()).toMatchObject({ code: 'request.method_not_allowed', success: false });
  });

  it('is key-authenticated, not cookie-authenticated: no CSRF token needed, any origin allowed', async () => {
    const preflight = await fetch(new URL('/mcp', ctx.t.baseUrl), {
      method: 'OPTIONS',
      headers: { origin: 'https://agent.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');
    const ok = await rawPost(
      ctx.t,
      JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' }),
      { 'mcp-protocol-version': '2025-06-18', origin: 'https://agent.example' },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.result.tools).toHaveLength(3);
  });
});
