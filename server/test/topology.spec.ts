import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createServer, Server, Socket } from 'node:net';
import { Connection, createConnection } from 'mysql2/promise';
import { freshDatabase, HAS_MYSQL, TEST_REDIS_URL } from './harness';
import { describeIf } from './requires';
import { send, steadyStream } from './topology/http';
import {
  CLIENT_DIST,
  Instance,
  MAIN,
  METRICS_TOKEN,
  startInstance,
  stopInstance,
} from './topology/instances';
import { LoopbackNginx, NGINX } from './topology/nginx';
import { sleep, waitFor } from './topology/wait';

const describeTopology = describeIf(
  HAS_MYSQL &&
    Boolean(TEST_REDIS_URL) &&
    existsSync(NGINX) &&
    existsSync(MAIN) &&
    existsSync(join(CLIENT_DIST, 'index.html')),
  'TEST_MYSQL_URL, TEST_REDIS_URL, nginx and a built site',
);

const BEARER = { authorization: `Bearer ${METRICS_TOKEN}` };

/** How many times each outcome came back (the whole distribution shows in a failure). */
const countBy = (outcomes: (number | string)[]) =>
  outcomes.reduce<Record<string, number>>(
    (counts, o) => ({ ...counts, [o]: (counts[o] ?? 0) + 1 }),
    {},
  );

/** docker/docker-compose.yml's topology on loopback: docker/nginx.conf before two instances. */
describeTopology('nginx before two instances (the compose topology)', () => {
  let database: { url: string; drop(): Promise<void> } | undefined;
  let db: Connection | undefined;
  let nginx: LoopbackNginx | undefined;
  let instances: Instance[] = [];
  // Every instance ever started, so that afterAll stops the replaced ones too.
  const started: Instance[] = [];
  const start = async () => {
    const instance = await startInstance(database!.url);
    started.push(instance);
    return instance;
  };

  beforeAll(async () => {
    database = await freshDatabase('mysql', mkdtempSync(join(tmpdir(), 'portico-topology-db-')));
    instances = await Promise.all([start(), start()]);
    nginx = new LoopbackNginx(mkdtempSync(join(tmpdir(), 'portico-nginx-')));
    await nginx.start(instances.map((i) => i.port));
    db = await createConnection({ uri: database.url });
  }, 120_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(started.map((instance) => stopInstance(instance)));
    await db?.end();
    await database?.drop();
  }, 30_000);

  /** A user with a key and `balance` milli-yuan, credited through a recharge row (the ledger). */
  const keyedUser = async (balance = 0) => {
    const key = `pk_${randomBytes(18).toString('base64url')}`;
    const name = `topology_${randomBytes(4).toString('hex')}`;
    const [user] = await db!.query<any>(
      'INSERT INTO users (username, username_key, password_hash, balance_milli, status) VALUES (?, ?, ?, ?, 1)',
      [name, name, 'x', balance],
    );
    await db!.query(
      "INSERT INTO api_keys (user_id, is_default, key_hash, key_hint) VALUES (?, 1, ?, 'x')",
      [user.insertId, createHash('sha256').update(key).digest('hex')],
    );
    if (balance > 0) {
      await db!.query(
        "INSERT INTO recharge_records (user_id, out_trade_no, amount_milli, paid_amount, source, raw) VALUES (?, ?, ?, '0', 'query', '{}')",
        [user.insertId, `topology-${name}`, balance],
      );
    }
    return { key, user };
  };

  it('passes the client address to the app and ignores one the client claims', async () => {
    const { key, user } = await keyedUser();
    const answer = await send(nginx!.port, '/apis/uuid', {
      localAddress: '127.0.0.2',
      headers: { 'x-api-key': key, 'x-forwarded-for': '203.0.113.9' },
    });
    expect(answer.status).toBe(200);

    // A free call with a key is logged for its owner in the next batch (GATEWAY_FLUSH_MS=100).
    let rows: { ip_address: string }[] = [];
    await waitFor(
      async () => {
        [rows] = await db!.query<any>('SELECT ip_address FROM access_logs WHERE user_id = ?', [
          user.insertId,
        ]);
        return rows.length > 0;
      },
      5_000,
      'the access log row',
    );
    expect(rows).toEqual([{ ip_address: '127.0.0.2' }]);
  });

  it('keeps https from a TLS load balancer in front, and only https or its own scheme', async () => {
    /** Whether the page's XSRF cookie came back Secure: the app saw the request as https. */
    const secure = async (proto?: string) => {
      const page = await send(nginx!.port, '/', {
        headers: proto ? { 'x-forwarded-proto': proto } : {},
      });
      const cookies = [page.headers['set-cookie'] ?? []].flat();
      expect(cookies.length).toBeGreaterThan(0);
      return cookies.every((cookie) => /;\s*secure/i.test(cookie));
    };
    expect({
      balancerSaysHttps: await secure('https'),
      plain: await secure(),
      garbage: await secure('javascript'),
    }).toEqual({ balancerSaysHttps: true, plain: false, garbage: false });
  });

  it('refuses /metrics in every spelling, even with the token, while the instances answer it', async () => {
    const spellings = [
      '/metrics',
      '/metrics/',
      '/METRICS',
      '//metrics',
      '/%6Detrics',
      '/./metrics',
    ];
    const statuses = await Promise.all(
      spellings.map(async (path) => [
        path,
        (await send(nginx!.port, path, { headers: BEARER })).status,
      ]),
    );
    expect(statuses).toEqual(spellings.map((path) => [path, 404]));

    // The scrape Prometheus does, straight to an instance: with the token, and only with it.
    const [instance] = instances;
    const scrape = await send(instance.port, '/metrics', { headers: BEARER });
    expect(scrape.status).toBe(200);
    expect(scrape.body.toString()).toContain('portico_http_requests_total');
    expect((await send(instance.port, '/metrics')).status).toBe(401);
  });

  it('serves the built assets compressed and cacheable for a year', async () => {
    const index = readFileSync(join(CLIENT_DIST, 'index.html'), 'utf8');
    const assets = [...index.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
      ([, path]) => path,
    );
    expect(assets.some((path) => path.endsWith('.js'))).toBe(true);
    for (const path of assets) {
      const onDisk = readFileSync(join(CLIENT_DIST, path));
      const gzipped = await send(nginx!.port, path, { headers: { 'accept-encoding': 'gzip' } });
      expect([path, gzipped.status, gzipped.headers['content-encoding']]).toEqual([
        path,
        200,
        'gzip',
      ]);
      expect(gzipped.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
      expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
      expect(gunzipSync(gzipped.body).equals(onDisk)).toBe(true);
      // A client that cannot take gzip gets the file as it is.
      const plain = await send(nginx!.port, path);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.equals(onDisk)).toBe(true);
    }
  });

  /**
   * A stand-in for an instance that dies after committing a charge: it hands the request to
   * `target`, and as soon as the answer starts (the charge is committed by then) breaks both
   * connections without passing a byte of it on.
   */
  const dyingAfterCharge = async (target: Instance) => {
    const sockets = new Set<Socket>();
    let killed = 0;
    const server: Server = createServer((client) => {
      const upstream = new Socket();
      sockets.add(client).add(upstream);
      upstream.connect(target.port, '127.0.0.1');
      client.pipe(upstream);
      upstream.once('data', () => {
        killed += 1;
        client.destroy();
        upstream.destroy();
      });
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const port = (server.address() as { port: number }).port;
    return {
      port,
      killed: () => killed,
      close: async () => {
        for (const socket of sockets) socket.destroy();
        await new Promise((done) => server.close(done));
      },
    };
  };

  const expectUnavailableEnvelope = (answer: Awaited<ReturnType<typeof send>>) => {
    expect([answer.status, answer.headers['content-type'], answer.headers['retry-after']]).toEqual([
      503,
      'application/json',
      '5',
    ]);
    expect(JSON.parse(answer.body.toString())).toEqual({
      success: false,
      message: expect.any(String),
      code: 'server.unavailable',
    });
  };

  it('never sends a paid call that reached an instance to another one', async () => {
    const [charging, other] = instances;
    const price = Number(
      (
        await db!.query<any>(
          "SELECT price_per_call_milli AS p FROM apis WHERE name_en = 'rmb-upper'",
        )
      )[0][0].p,
    );
    expect(price).toBeGreaterThan(0);
    const { key, user } = await keyedUser(price * 100);
    const dying = await dyingAfterCharge(charging);
    const front = new LoopbackNginx(mkdtempSync(join(tmpdir(), 'portico-nginx-dying-')));
    const calls = 8;
    const statuses: number[] = [];
    try {
      await front.start([dying.port, other.port]);
      for (let i = 0; i < calls; i++) {
        const answer = await send(front.port, '/apis/rmb-upper?amount=1.5', {
          headers: { 'x-api-key': key },
        });
        statuses.push(answer.status);
        if (answer.status !== 200) expectUnavailableEnvelope(answer);
      }
    } finally {
      await front.stop();
      await dying.close();
    }
    // Let any charge still in a batch land before counting.
    await sleep(500);
    const [[charged]] = await db!.query<any>(
      'SELECT COUNT(*) AS n FROM access_logs WHERE user_id = ? AND cost_milli > 0',
      [user.insertId],
    );
    const answered = statuses.filter((status) => status === 200).length;
    // Each call reached one instance and was charged there once: a killed one is charged and
    // answered 503 (its caller retries with the same Idempotency-Key), never charged again.
    expect(dying.killed()).toBeGreaterThan(0);
    expect({ charged: Number(charged.n), answered }).toEqual({
      charged: calls,
      answered: calls - dying.killed(),
    });
    expect(countBy(statuses)).toEqual({ 200: calls - dying.killed(), 503: dying.killed() });
  }, 120_000);

  it("answers its own errors as the API's JSON envelope, on pages and paid calls", async () => {
    const dead = await dyingAfterCharge(instances[0]);
    await dead.close();
    const front = new LoopbackNginx(mkdtempSync(join(tmpdir(), 'portico-nginx-dead-')));
    try {
      await front.start([dead.port]);
      for (const path of ['/apis/uuid', '/api/get_config.php', '/']) {
        expectUnavailableEnvelope(await send(front.port, path));
      }
    } finally {
      await front.stop();
    }
  });

  /** How many get_config.php answers an instance has counted, from a direct scrape. */
  const configAnswers = async (instance: Instance) => {
    const scrape = await send(instance.port, '/metrics', { headers: BEARER });
    const line =
      /^portico_http_requests_total\{[^}]*route="\/api\/get_config\.php"[^}]*status="200"[^}]*\} (\d+)$/m;
    return Number(line.exec(scrape.body.toString())?.[1] ?? 0);
  };

  it('loses no request while one instance is replaced (rolling restart)', async () => {
    const [old, kept] = instances;
    const stream = steadyStream(nginx!.port, '/api/get_config.php', 10, 100_000);
    let replacement: Instance;
    try {
      await waitFor(() => stream.outcomes.length >= 50, 10_000, 'traffic through nginx');
      expect(await configAnswers(old)).toBeGreaterThan(0);

      // The old instance drains while its replacement starts; nginx still names the old one, so
      // its refused connections must go to the instance that stays.
      const drained = stopInstance(old);
      replacement = await start();
      await drained;
      expect([old.process.exitCode, old.process.signalCode]).toEqual([null, 'SIGTERM']);
      await nginx!.reload([replacement.port, kept.port]);
      instances = [replacement, kept];
      const afterReload = stream.outcomes.length;
      await waitFor(
        () => stream.outcomes.length >= afterReload + 100,
        10_000,
        'traffic after the reload',
      );
    } finally {
      await stream.stop();
    }

    const failed = stream.outcomes.filter((o) => typeof o !== 'number' || o < 200 || o >= 300);
    expect(countBy(failed)).toEqual({});
    expect(stream.outcomes.length).toBeGreaterThan(150);
    // Not luck: the stopping instance did refuse new connections, or closed an idle kept-alive one
    // as nginx sent on it, and those requests were sent on to the other instance.
    expect(nginx!.errorLog()).toMatch(
      new RegExp(
        '(Connection refused\\) while connecting to|Connection reset by peer\\) while reading ' +
          `response header from) upstream.*127\\.0\\.0\\.1:${old.port}/`,
      ),
    );
    // The replacement took its share once nginx knew it.
    expect(await configAnswers(replacement)).toBeGreaterThan(0);
  }, 120_000);
});
