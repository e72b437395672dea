import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { UsageRecorder } from '../src/modules/billing/usage-recorder';
import { TOOL_LIMITS } from '../src/modules/mcp/dto/tool-args';
import { createGatewayApi, createKeyedUser, ledgerOf } from './factories/gateway';
import { callTool, connectMcp as connect } from './factories/mcp';
import { startUpstreamFake } from './fakes/upstream-fake';
import { describeEachDb } from './harness';

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

describeEachDb('MCP security (issue 25)', (ctx) => {
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
});
