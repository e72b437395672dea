import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions, detectDatabaseKind } from '../src/database/data-source-options';
import { MIGRATIONS } from '../src/database/migrations';
import { ApiEntry } from '../src/database/entities';
import { primeCsrf } from './factories/users';
import { HttpClient } from './http-client';
import { freshDatabase, HAS_MYSQL, TEST_ADMIN, TEST_REDIS_URL } from './harness';
import { describeIf } from './requires';
import { Instance, MAIN, startInstance, stopInstance } from './instances';

/** How many times each status came back (the whole distribution shows in a failure). */
const countBy = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>(
    (counts, s) => ({ ...counts, [s]: (counts[s] ?? 0) + 1 }),
    {},
  );

describeIf(
  HAS_MYSQL && Boolean(TEST_REDIS_URL) && existsSync(MAIN),
  'TEST_MYSQL_URL, TEST_REDIS_URL and a built server',
)('three instances on one MySQL database and one Redis', () => {
  let database: { url: string; drop(): Promise<void> };
  let dataSource: DataSource;
  let instances: Instance[] = [];
  let apiKey: string;
  let userId: number;

  beforeAll(async () => {
    database = await freshDatabase('mysql', mkdtempSync(join(tmpdir(), 'portico-cluster-db-')));
    // Started one after another would hide the migration race; together they must share one run.
    instances = await Promise.all(
      [0, 1, 2].map(() =>
        startInstance(database.url, {
          RATE_LIMIT_PER_KEY: '1000000',
          RATE_LIMIT_PER_IP: '1000000',
        }),
      ),
    );
    dataSource = new DataSource(
      buildDataSourceOptions(database.url, await detectDatabaseKind(database.url)),
    );
    await dataSource.initialize();
    ({ apiKey, userId } = await keyedUser());
  }, 60_000);

  /** A user with a fresh key (rate-limit windows in Redis are per key). */
  const keyedUser = async () => {
    const key = `pk_${randomBytes(18).toString('base64url')}`;
    const name = `cluster_${randomBytes(4).toString('hex')}`;
    const result = await dataSource.query<{ insertId: number }>(
      "INSERT INTO users (username, username_key, password_hash, balance_milli, status) VALUES (?, ?, 'x', 0, 1)",
      [name, name],
    );
    await dataSource.query(
      "INSERT INTO api_keys (user_id, is_default, key_hash, key_hint) VALUES (?, 1, ?, 'x')",
      [result.insertId, createHash('sha256').update(key).digest('hex')],
    );
    return { apiKey: key, userId: result.insertId };
  };

  afterAll(async () => {
    await Promise.all(instances.map(stopInstance));
    await dataSource?.destroy();
    await database?.drop();
  });

  const credit = async (milli: number, tradeNo: string) => {
    await dataSource.query(
      "INSERT INTO recharge_records (user_id, out_trade_no, amount_milli, paid_amount, source, raw) VALUES (?, ?, ?, '0', 'query', '{}')",
      [userId, tradeNo, milli],
    );
    await dataSource.query('UPDATE users SET balance_milli = balance_milli + ? WHERE id = ?', [
      milli,
      userId,
    ]);
  };

  const ledger = async () => {
    const one = async (sql: string) =>
      Number((await dataSource.query<{ v: string }[]>(sql, [userId]))[0].v);
    return {
      balance: await one('SELECT balance_milli AS v FROM users WHERE id = ?'),
      expected:
        (await one(
          'SELECT COALESCE(SUM(amount_milli), 0) AS v FROM recharge_records WHERE user_id = ?',
        )) -
        (await one('SELECT COALESCE(SUM(cost_milli), 0) AS v FROM access_logs WHERE user_id = ?')),
    };
  };

  it('ran the migrations once', async () => {
    const rows = await dataSource.query<{ name: string }[]>('SELECT name FROM migrations');
    // Each migration once, none twice, however many instances raced to apply them.
    expect(rows.map((r) => r.name).sort()).toEqual(MIGRATIONS.map((m) => m.name).sort());
    const [apis] = await dataSource.query<{ n: string }[]>('SELECT COUNT(*) AS n FROM apis');
    expect(Number(apis.n)).toBeGreaterThanOrEqual(30);
  });

  it('charges exactly the affordable calls spread over all instances', async () => {
    const paid = await dataSource.getRepository(ApiEntry).findOneByOrFail({ name_en: 'rmb-upper' });
    const price = Number(paid.price_per_call_milli);
    await credit(price * 300, 'cluster-race');
    const clients = instances.map((i) => new HttpClient(i.url));
    const statuses = await Promise.all(
      Array.from({ length: 900 }, (_, i) =>
        clients[i % 3]
          .get('/apis/rmb-upper', { query: { amount: '1.5' }, headers: { 'x-api-key': apiKey } })
          .then((r) => r.status),
      ),
    );
    expect(countBy(statuses)).toEqual({ 200: 300, 402: 600 });
    expect(await ledger()).toEqual({ balance: 0, expected: 0 });
  }, 120_000);

  it('loses no money when an instance is killed mid-load', async () => {
    await credit(1_000_000, 'cluster-kill');
    const clients = instances.map((i) => new HttpClient(i.url));
    const calls = Array.from({ length: 1500 }, (_, i) =>
      clients[i % 3]
        .get('/apis/rmb-upper', { query: { amount: '2' }, headers: { 'x-api-key': apiKey } })
        .then(
          (r) => r.status,
          () => 0,
        ),
    );
    await new Promise((r) => setTimeout(r, 100));
    instances[2].process.kill('SIGKILL');
    const statuses = await Promise.all(calls);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    // 0: the killed instance's connections broke; nothing else may go wrong.
    expect(Object.keys(countBy(statuses)).filter((s) => s !== '200' && s !== '0')).toEqual([]);
    const { balance, expected } = await ledger();
    expect(balance).toBe(expected);
    instances = instances.slice(0, 2);
  }, 120_000);

  it('shows an admin change on every instance within a second', async () => {
    const [a, b] = instances.map((i) => new HttpClient(i.url));
    const joke = await dataSource.getRepository(ApiEntry).findOneByOrFail({ name_en: 'joke' });
    const detail = () => b.get('/api/get_api_detail.php', { query: { id: joke.id } });
    // Warm the other instance's caches first: the change must reach them, not a cold start.
    expect((await detail()).status).toBe(200);
    expect((await b.get('/apis/joke')).status).toBe(200);

    await primeCsrf(a);
    expect((await a.post('/api/admin/admin_login.php', TEST_ADMIN)).body.success).toBe(true);
    const started = Date.now();
    expect((await a.post('/api/admin/delete_api.php', { id: joke.id })).body.success).toBe(true);
    let seen = false;
    while (!seen && Date.now() - started < 1000) {
      seen = (await detail()).status === 404 && (await b.get('/apis/joke')).status === 404;
      if (!seen) await new Promise((r) => setTimeout(r, 20));
    }
    expect(seen).toBe(true);
  });

  it('shares rate limits through Redis', async () => {
    const [a, b] = instances;
    await stopInstance(a);
    await stopInstance(b);
    instances = await Promise.all(
      [0, 1].map(() =>
        startInstance(database.url, { RATE_LIMIT_PER_KEY: '4', RATE_LIMIT_PER_IP: '1000000' }),
      ),
    );
    const clients = instances.map((i) => new HttpClient(i.url));
    // A key of its own: Redis still holds this minute's counts for the keys used above.
    const fresh = await keyedUser();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const headers = { 'x-api-key': fresh.apiKey };
      statuses.push((await clients[i % 2].get('/apis/uuid', { headers })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  }, 60_000);
});
