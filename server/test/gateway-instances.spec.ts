import { UsageRecorder } from '../src/modules/gateway/usage-recorder';
import { createGatewayApi, createKeyedUser, ledgerOf } from './factories/gateway';
import { HAS_MYSQL, startTestApp, TEST_REDIS_URL, TestApp } from './harness';
import { describeIf } from './requires';

const describeMysql = describeIf(HAS_MYSQL, 'TEST_MYSQL_URL');
const describeShared = describeIf(
  HAS_MYSQL && Boolean(TEST_REDIS_URL),
  'TEST_MYSQL_URL and TEST_REDIS_URL',
);

describeMysql('gateway across two instances on one MySQL database', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const vars = {
      RATE_LIMIT_PER_KEY: '1000000',
      RATE_LIMIT_PER_IP: '1000000',
      GATEWAY_FLUSH_MS: '60000',
      ...(TEST_REDIS_URL ? { REDIS_URL: TEST_REDIS_URL } : {}),
    };
    a = await startTestApp('mysql', vars);
    b = await startTestApp('mysql', { ...vars, DATABASE_URL: a.env.DATABASE_URL });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('charges exactly the affordable calls when both instances take them', async () => {
    const api = await createGatewayApi(a, { is_paid: 1, price_per_call_milli: 2 });
    const { user, apiKey } = await createKeyedUser(a, 300 * 2);
    const clients = [a.client(), b.client()];
    const statuses = await Promise.all(
      Array.from({ length: 1200 }, (_, i) =>
        clients[i % 2]
          .get(`/apis/${api.name_en}`, { headers: { 'x-api-key': apiKey } })
          .then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(300);
    expect(statuses.filter((s) => s === 402)).toHaveLength(900);
    await a.app.get(UsageRecorder).flush();
    await b.app.get(UsageRecorder).flush();
    expect(await ledgerOf(a, user.id)).toEqual({ balance: 0, expected: 0 });
    const [row] = await a.dataSource.query<
      {
        n: string;
      }[]
    >('SELECT usage_count AS n FROM apis WHERE id = ?', [api.id]);
    expect(Number(row.n)).toBe(300);
  }, 120_000);
});

describeShared('rate limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const vars = { RATE_LIMIT_PER_KEY: '4', REDIS_URL: TEST_REDIS_URL! };
    a = await startTestApp('mysql', vars);
    b = await startTestApp('mysql', { ...vars, DATABASE_URL: a.env.DATABASE_URL });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('counts one key across both instances', async () => {
    const api = await createGatewayApi(a);
    const { apiKey } = await createKeyedUser(a, 0);
    const headers = { 'x-api-key': apiKey };
    const statuses: number[] = [];
    for (const t of [a, b, a, b, a, b])
      statuses.push((await t.client().get(`/apis/${api.name_en}`, { headers })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});
