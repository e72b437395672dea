import { Counter, Histogram, Registry } from 'prom-client';
import { HttpTally, TalliedHistogram } from '../src/common/http-tally';
import { describeEachDb } from './harness';

/** The value of one sample line of the scrape, or 0 when the sample is absent. */
const sample = (text: string, line: string) => {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? 0 : Number(found.slice(line.length + 1));
};

describe('HTTP request tally', () => {
  const buckets = [0.001, 0.01, 0.1, 1];
  const labelNames = ['method', 'route', 'status'] as const;

  it('renders what prom-client renders for the same requests, scrape after scrape', async () => {
    const plain = new Registry();
    const plainCount = new Counter({ name: 'req', help: 'h', labelNames, registers: [plain] });
    const plainTime = new Histogram({
      name: 'dur',
      help: 'h',
      labelNames: ['method', 'route'] as const,
      buckets,
      registers: [plain],
    });
    const tallied = new Registry();
    const tally = new HttpTally(buckets);
    const talliedCount: Counter<(typeof labelNames)[number]> = new Counter({
      name: 'req',
      help: 'h',
      labelNames,
      registers: [tallied],
      collect: () => tally.addTo(talliedCount),
    });
    new TalliedHistogram(tally, {
      name: 'dur',
      help: 'h',
      labelNames: ['method', 'route'] as const,
      buckets,
      registers: [tallied],
    });
    const requests: [string, string, number, number][] = [
      ['GET', '/a', 200, 0.0004],
      ['GET', '/a', 200, 0.001],
      ['POST', '/a', 400, 0.02],
      ['GET', '/a', 404, 7],
      ['GET', 'unmatched', 404, 0.1],
      ['HEAD', '/b/:id', 200, 0.3],
    ];
    for (let round = 0; round < 3; round++) {
      for (const [method, route, status, seconds] of requests.slice(round)) {
        plainCount.inc({ method, route, status: String(status) });
        plainTime.observe({ method, route }, seconds);
        tally.record(method, route, status, seconds);
      }
      const [want, got] = [await plain.metrics(), await tallied.metrics()];
      const lines = (text: string) => text.split('\n').sort();
      expect(lines(got)).toEqual(lines(want));
      expect((await talliedCount.get()).values).toHaveLength(5);
    }
  });
});

describeEachDb(
  'HTTP metrics',
  (ctx) => {
    it('a scrape counts the requests answered just before it', async () => {
      const client = ctx.t.client();
      const route = 'method="GET",route="/api/get_config.php"';
      const counted = `portico_http_requests_total{${route},status="200"}`;
      const timed = `portico_http_request_duration_seconds_count{${route}}`;
      const missing = 'portico_http_requests_total{method="GET",route="unmatched",status="404"}';
      const before = (await client.get('/metrics')).text;
      for (let i = 0; i < 3; i++) {
        expect((await client.get('/api/get_config.php')).status).toBe(200);
      }
      expect((await client.get('/no-such-file.txt')).status).toBe(404);
      const after = (await client.get('/metrics')).text;
      expect(sample(after, counted)).toBe(sample(before, counted) + 3);
      expect(sample(after, timed)).toBe(sample(before, timed) + 3);
      expect(sample(after, missing)).toBe(sample(before, missing) + 1);
      const again = (await client.get('/metrics')).text;
      expect(sample(again, counted)).toBe(sample(after, counted));
    });
  },
  { RATE_LIMIT_PER_IP: '1000000' },
);
