import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { User } from '../src/database/entities';
import { hashPassword } from '../src/common/passwords';
import { UsageRecorder } from '../src/modules/gateway/usage-recorder';
import type { CreatedApiKey } from '../src/contracts/api-keys';
import { TOOL_LIMITS } from '../src/modules/mcp/dto/tool-args';
import { createGatewayApi, createKeyedUser, ledgerOf } from './factories/gateway';
import { callTool, connectMcp as connect, INITIALIZE, rawMcpPost } from './factories/mcp';
import { DEFAULT_PASSWORD, loginUser } from './factories/users';
import { startUpstreamFake } from './fakes/upstream-fake';
import { describeEachDb, TestApp } from './harness';
import type { HttpClient } from './http-client';

const MB = 1024 * 1024;

/** A full collection before each memory reading, with or without node --expose-gc. */
const collectGarbage: () => void = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

/**
 * The process's resident memory, and what it holds live (heap and buffers): RSS alone would miss
 * a second run in the same process, which reuses pages an earlier one left mapped.
 */
const memory = () => {
  const { rss, heapUsed, external } = process.memoryUsage();
  return { rss, live: heapUsed + external };
};

const settledMemory = () => {
  collectGarbage();
  return memory();
};

/** A signed-in user with a named key made through the site, as its owner would. */
async function ownerWithKey(t: TestApp, settings: Record<string, unknown> = {}) {
  const { user } = await createKeyedUser(t, 0);
  await t.dataSource
    .getRepository(User)
    .update({ id: user.id }, { password_hash: await hashPassword(DEFAULT_PASSWORD) });
  const client = t.client();
  await loginUser(t, client, user.username);
  const res = await client.post<{ data: CreatedApiKey }>('/api/user/create_api_key.php', {
    name: 'agent',
    ...settings,
  });
  expect(res.status).toBe(200);
  return { client, key: res.body.data };
}

async function revoke(client: HttpClient, id: number) {
  const res = await client.post('/api/user/revoke_api_key.php', { id });
  expect(res.status).toBe(200);
}

describeEachDb('MCP security', (ctx) => {
  it('streams call_api answers and stops at the cap: 5 parallel 100 MB paid answers keep RSS flat, each charged once', async () => {
    const upstream = await startUpstreamFake();
    const { user, apiKey } = await createKeyedUser(ctx.t, 100);
    const keyed = await connect(ctx.t, apiKey);
    try {
      const api = await createGatewayApi(ctx.t, {
        handler: null,
        upstream_url: `${upstream.url}/large`,
        is_paid: 1,
        price_per_call_milli: 4,
      });
      const call = (bytes: number) =>
        callTool(keyed, 'call_api', { name_en: api.name_en, query: { bytes } });

      // Warm every path up at the same concurrency, with answers that old and new code alike hold
      // whole, so the measure sees the large answers and not first-use allocations.
      const warm = await Promise.all(Array.from({ length: 5 }, () => call(MB)));
      expect(warm.filter((result) => result.isError)).toEqual([]);
      const before = settledMemory();
      const peak = { ...before };
      const sample = () => {
        const now = memory();
        peak.rss = Math.max(peak.rss, now.rss);
        peak.live = Math.max(peak.live, now.live);
      };
      const sampler = setInterval(sample, 5);
      let results: CallToolResult[];
      try {
        results = await Promise.all(Array.from({ length: 5 }, () => call(100_000_000)));
      } finally {
        clearInterval(sampler);
      }
      sample();
      const after = settledMemory();

      for (const result of results) {
        expect(result.isError).toBeFalsy();
        const [status, body] = result.content;
        expect(status.type === 'text' && status.text).toContain('text/plain; charged 0.004 yuan');
        const text = body.type === 'text' ? body.text : '';
        expect(text.slice(0, TOOL_LIMITS.resultChars)).toBe('x'.repeat(TOOL_LIMITS.resultChars));
        expect(text.slice(TOOL_LIMITS.resultChars)).toMatch(/^\n\[cut: /);
      }
      // Buffered, these answers took the process up by more than 1 GB.
      const growthMb = (from: number, to: number) => Math.round((to - from) / MB);
      const growth = {
        peakRss: growthMb(before.rss, peak.rss),
        peakLive: growthMb(before.live, peak.live),
        afterRss: growthMb(before.rss, after.rss),
      };
      for (const [measure, mb] of Object.entries(growth)) {
        expect({ measure, mb, under50: mb < 50 }).toEqual({ measure, mb, under50: true });
      }

      // The upstream was not read to the end: each answer's connection was closed early.
      const deadline = Date.now() + 10_000;
      while (upstream.streamed.some((answer) => !answer.closed) && Date.now() < deadline) {
        await sleep(50);
      }
      const large = upstream.streamed.slice(5);
      expect(large).toHaveLength(5);
      for (const answer of large) {
        expect(answer).toEqual({ sent: expect.any(Number), closed: true, finished: false });
        expect(answer.sent).toBeLessThan(50 * MB);
      }

      // Charged once each (the warm-ups too), nothing refunded.
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 60, expected: 60 });
      await ctx.t.app.get(UsageRecorder).flush();
      const logs = await ctx.t.dataSource.query<{ cost_milli: string }[]>(
        'SELECT cost_milli FROM access_logs WHERE api_id = ? AND user_id = ?',
        [api.id, user.id],
      );
      expect(logs.map((log) => Number(log.cost_milli))).toEqual(
        Array.from({ length: 10 }, () => 4),
      );
    } finally {
      await keyed.close();
      await upstream.close();
    }
  }, 120_000);

  it('refuses to open a session with a revoked, expired or unknown key; keyless stays open', async () => {
    const revoked = await ownerWithKey(ctx.t);
    await revoke(revoked.client, revoked.key.key.id);
    // The expiry is kept to the second: 3 s ahead is still ahead once the key is made.
    const expiring = await ownerWithKey(ctx.t, {
      expires_at: new Date(Date.now() + 3000).toISOString(),
    });
    await (await connect(ctx.t, expiring.key.secret)).close();
    await sleep(Date.parse(expiring.key.key.expires_at!) - Date.now() + 100);
    const cases: [string, string][] = [
      [revoked.key.secret, 'gateway.key_revoked'],
      [expiring.key.secret, 'gateway.key_expired'],
      [`pk_${'A'.repeat(32)}`, 'gateway.key_invalid'],
    ];
    for (const [key, code] of cases) {
      await expect(connect(ctx.t, key)).rejects.toMatchObject({
        code: 401,
        message: expect.stringContaining(`"code":"${code}"`),
      });
      // Through any of the ways the gateway reads a key, before any JSON-RPC method runs.
      for (const [headers, path] of [
        [{ authorization: `Bearer ${key}` }, '/mcp'],
        [{ 'x-api-key': key }, '/mcp'],
        [{}, `/mcp?key=${encodeURIComponent(key)}`],
      ] as const) {
        const answer = await rawMcpPost(ctx.t, INITIALIZE, headers, path);
        expect({ status: answer.status, body: answer.body }).toEqual({
          status: 401,
          body: {
            jsonrpc: '2.0',
            id: null,
            error: { code: -32000, message: expect.any(String) },
            success: false,
            message: expect.any(String),
            code,
          },
        });
        expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
      }
    }

    const keyless = await connect(ctx.t);
    try {
      expect((await keyless.listTools()).tools).toHaveLength(3);
    } finally {
      await keyless.close();
    }
  });

  it('ends a session whose key is revoked after it opened, at its next request', async () => {
    const free = await createGatewayApi(ctx.t, { handler: 'uuid' });
    const { client, key } = await ownerWithKey(ctx.t);
    const session = await connect(ctx.t, key.secret);
    try {
      const first = await callTool(session, 'call_api', { name_en: free.name_en });
      expect(first.isError).toBeFalsy();
      await revoke(client, key.key.id);
      await expect(callTool(session, 'call_api', { name_en: free.name_en })).rejects.toMatchObject({
        code: 401,
        message: expect.stringContaining('"code":"gateway.key_revoked"'),
      });
      await expect(session.listTools()).rejects.toMatchObject({ code: 401 });
    } finally {
      await session.close();
    }
  });
});

describeEachDb(
  'MCP security: refused keys count against the caller’s address',
  (ctx) => {
    it('answers 429 once an address has sent too many bad keys, like the gateway', async () => {
      const answers = [];
      for (let i = 0; i < 4; i += 1) {
        answers.push(
          await rawMcpPost(ctx.t, INITIALIZE, { authorization: `Bearer pk_guess_${i}` }),
        );
      }
      expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 429]);
      expect(answers[3].body).toMatchObject({ success: false, code: 'gateway.rate_limited' });
      expect(Number(answers[3].headers.get('retry-after'))).toBeGreaterThan(0);
      // The address's allowance is the gateway's too: its keyless calls are refused as well.
      const api = await createGatewayApi(ctx.t, { handler: 'uuid' });
      expect((await ctx.t.client().get(`/apis/${api.name_en}`)).status).toBe(429);
    });
  },
  { RATE_LIMIT_PER_IP: '3' },
);
