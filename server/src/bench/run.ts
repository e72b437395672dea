/**
 * `npm run bench`: measures, in one run and one process tree, a bare Fastify route (reference),
 * bare Fastify returning the public API list's payload (the list endpoint's reference), the list
 * endpoint itself, the server-rendered home page, the home page and an API page as a browser asks
 * for them (brotli, 64 connections) against bare Fastify sending the very bytes Portico stored,
 * Nest's /healthz, a free built-in call, a paid call on SQLite, a paid call on MySQL (at the usual
 * connections and at 64, one hot user), the same paid call taken by its free quota and by a
 * plan on each database, a raw mysql2 loop doing the same debit + log transaction a
 * charge, and the group-committed raw reference of issue #15 (64 connections, 64 charges a
 * transaction: one conditional UPDATE a charge, one multi-row INSERT for the log rows), and a paid
 * call's latency alone and beside browsers loading the home page. Servers
 * run on core 0 and the load generator on core 1 when taskset is available. Bare Fastify, /healthz,
 * the free call and the paid SQLite call are sampled in turn (inTurn) and compared by medians.
 */
import { ChildProcess, execFileSync, fork } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { createConnection, createPool } from 'mysql2/promise';
import type { Pool, PoolConnection } from 'mysql2/promise';
import { sqliteTime } from '../database/sql-time';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
/** Samples of each run a same-machine ratio compares, taken in turn (inTurn). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const MYSQL_URL = process.env.BENCH_MYSQL_URL ?? process.env.TEST_MYSQL_URL;
/** BENCH_MYSQL_ONLY=1: only the MySQL rows (a quicker loop while working on the ledger). */
const MYSQL_ONLY = process.env.BENCH_MYSQL_ONLY === '1';
const FREE_PATH = '/apis/uuid';
const LIST_PATH = '/api/get_api_list.php';
const PAID_PATH = '/apis/rmb-upper?amount=1234.56';
const BALANCE_MILLI = 1_000_000_000_000;
/** The paid API's free quota for the free-quota rows: more calls than a run makes. */
const SET_QUOTA = "UPDATE apis SET free_quota_calls = 1000000 WHERE name_en = 'rmb-upper'";
/**
 * The plan rows: the free quota off, the bench user subscribed to a plan covering every API with
 * more calls than a run makes, an hour's, day's and week's limit as high (a take counts every
 * window and, on MySQL, reads them back: the dearest plan call), its period running a day either
 * side of now (`time` writes a time as the database takes it).
 */
const SUBSCRIBE = (time: (date: Date) => string): [string, unknown[]][] => [
  ["UPDATE apis SET free_quota_calls = 0 WHERE name_en = 'rmb-upper'", []],
  [
    "INSERT INTO plans (name, price_milli, period, included_calls, scope, overage, hour_limit, day_limit, week_limit) VALUES ('bench', 0, 'month', 1000000000, 'all', 'pay', 1000000000, 1000000000, 1000000000)",
    [],
  ],
  [
    "INSERT INTO plan_subscriptions (user_id, plan_id, period_start, period_end, included_calls, hour_limit, day_limit, week_limit) SELECT u.id, p.id, ?, ?, 1000000000, 1000000000, 1000000000, 1000000000 FROM users u, plans p WHERE u.username_key = 'bench' AND p.name = 'bench'",
    [time(new Date(Date.now() - 86_400_000)), time(new Date(Date.now() + 86_400_000))],
  ],
];
const mysqlText = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');
/** How long an instance without Redis takes to see an admin write (gateway-catalogue.ts). */
const CATALOGUE_MAX_AGE_MS = 5_000;
const catalogueSeesIt = () => new Promise((done) => setTimeout(done, CATALOGUE_MAX_AGE_MS + 500));

export interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

const pin = (pid: number, core: number) => {
  try {
    execFileSync('taskset', ['-pc', String(core), String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

function startChild(script: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = fork(join(__dirname, script), args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  if (child.pid) pin(child.pid, 0);
  return child;
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((done) => child.once('exit', done));
}

export async function load(
  name: string,
  url: string,
  headers: Record<string, string> = {},
  rate?: number,
  connections = CONNECTIONS,
  duration = DURATION_S,
) {
  const result = await autocannon({
    url,
    headers,
    connections,
    duration,
    ...(rate ? { overallRate: rate } : {}),
  });
  const row: Result = {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
  };
  console.log(
    `  ${name}: ${row.rps} rps, p50 ${row.p50} ms, p99 ${row.p99} ms, non-2xx ${row.non2xx}`,
  );
  return row;
}

/** bare-fastify.js (`args` after its port) started, answering `path`'s address once it is up. */
async function startBare(args: string[], path: string, children: ChildProcess[]) {
  const port = await freePort();
  const child = startChild('bare-fastify.js', [String(port), ...args], {});
  children.push(child);
  const url = `http://127.0.0.1:${port}${path}`;
  await waitFor(url);
  return { url, child };
}

/** A run against bare-fastify.js (`args` after its port), warmed up first. */
async function bareFastify(
  name: string,
  args: string[],
  path: string,
  children: ChildProcess[],
): Promise<Result> {
  const { url, child } = await startBare(args, path, children);
  await load('warm-up', url);
  const row = await load(name, url);
  await stop(child);
  return row;
}

interface Target {
  key: string;
  name: string;
  url: string;
  headers?: Record<string, string>;
}

/**
 * The runs a ratio compares, taken in turn ROUNDS times (the order rotated every round, so a
 * drift of the machine meets each alike) after a warm-up of each: each target's median sample
 * by rps. One run of each minutes apart moved a ratio by half on a busy machine.
 */
async function inTurn(targets: readonly Target[]): Promise<Record<string, Result>> {
  for (const target of targets) await load('warm-up', target.url, target.headers);
  const samples = new Map<string, Result[]>(targets.map((target) => [target.key, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    const shift = round % targets.length;
    for (const target of [...targets.slice(shift), ...targets.slice(0, shift)]) {
      const name = `${target.name}, round ${round + 1}`;
      samples.get(target.key)!.push(await load(name, target.url, target.headers));
    }
  }
  return Object.fromEntries(
    targets.map((target) => {
      const sorted = [...samples.get(target.key)!].sort((a, b) => a.rps - b.rps);
      const median = sorted[Math.floor(sorted.length / 2)];
      const non2xx = sorted.reduce((sum, sample) => sum + sample.non2xx, 0);
      return [target.key, { ...median, name: `${target.name} (median of ${ROUNDS})`, non2xx }];
    }),
  );
}

function benchUser() {
  const apiKey = `pk_bench_${randomBytes(12).toString('hex')}`;
  return { apiKey, hash: createHash('sha256').update(apiKey).digest('hex') };
}

const INSERT_USER =
  "INSERT INTO users (username, username_key, password_hash, balance_milli, status) VALUES ('bench', 'bench', 'x', ?, 1)";
/** The bench user's default key (api_keys), for the user just inserted. */
const INSERT_KEY =
  "INSERT INTO api_keys (user_id, is_default, key_hash, key_hint) SELECT id, 1, ?, 'x' FROM users WHERE username_key = 'bench'";

export async function startPortico(
  databaseUrl: string,
  dataDir: string,
  vars: Record<string, string> = {},
) {
  const port = await freePort();
  const child = startChild('../main.js', [], {
    NODE_ENV: 'production',
    APP_SECRET: randomBytes(32).toString('hex'),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    MIGRATE_ON_START: 'true',
    ADMIN_PASSWORD: 'bench-admin-password',
    RATE_LIMIT_PER_KEY: '100000000',
    RATE_LIMIT_PER_IP: '100000000',
    ...vars,
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/readyz`);
  return { base, child };
}

/** The paid API and the bench user with its key, as the raw loops write them. */
async function benchRows(pool: Pool) {
  const [[api]] = (await pool.query(
    "SELECT id, name FROM apis WHERE name_en = 'rmb-upper'",
  )) as unknown as [{ id: number; name: string }[]];
  const [[user]] = (await pool.query(
    "SELECT u.id, k.id AS key_id FROM users u JOIN api_keys k ON k.user_id = u.id WHERE u.username_key = 'bench'",
  )) as unknown as [{ id: number; key_id: number }[]];
  return { api, user };
}

/**
 * Runs `transaction` (answering how many charges it made) on `workers` connections of the pool, in
 * a loop each, for DURATION_S, then closes the pool: charges a second and transaction latencies.
 */
async function rawLoop(
  name: string,
  pool: Pool,
  workers: number,
  transaction: (conn: PoolConnection) => Promise<number>,
): Promise<Result> {
  const latencies: number[] = [];
  let charges = 0;
  const deadline = Date.now() + DURATION_S * 1000;
  const worker = async () => {
    while (Date.now() < deadline) {
      const started = performance.now();
      const conn = await pool.getConnection();
      try {
        await conn.beginTransaction();
        // Not `charges += await …`: that would read `charges` before the await, losing the others'.
        const made = await transaction(conn);
        await conn.commit();
        charges += made;
      } finally {
        conn.release();
      }
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: workers }, worker));
  const seconds = (performance.now() - started) / 1000;
  await pool.end();
  latencies.sort((x, y) => x - y);
  const row: Result = {
    name,
    rps: Math.round(charges / seconds),
    p50: Math.round(latencies[Math.floor(latencies.length * 0.5)]),
    p99: Math.round(latencies[Math.floor(latencies.length * 0.99)]),
    non2xx: 0,
  };
  console.log(`  ${name}: ${row.rps} charges/s, transaction p50 ${row.p50} ms, p99 ${row.p99} ms`);
  return row;
}

const RAW_DEBIT =
  'UPDATE users SET balance_milli = balance_milli - ? WHERE id = ? AND status = 1 AND balance_milli >= ?';
const RAW_LOG_COLUMNS =
  'user_id, api_id, api_name, ip_address, access_url, user_agent, access_time, status_code, cost_milli, latency_ms, api_key_id, request_id';

/** A log row's values in RAW_LOG_COLUMNS' order, as the gateway writes a paid call's. */
const logRow = (
  api: { id: number; name: string },
  user: { id: number; key_id: number },
  at: Date,
) => [
  user.id,
  api.id,
  api.name,
  '127.0.0.1',
  PAID_PATH,
  'bench',
  at,
  200,
  1,
  0,
  user.key_id,
  randomUUID(),
];

/** The raw mysql2 limit without group commit: one debit + log transaction a charge. */
async function rawMysqlLimit(url: string): Promise<Result> {
  const pool = createPool({ uri: url, connectionLimit: CONNECTIONS, timezone: 'Z' });
  const { api, user } = await benchRows(pool);
  return rawLoop('raw mysql2 debit+log transaction', pool, CONNECTIONS, async (conn) => {
    await conn.query(RAW_DEBIT, [1, user.id, 1]);
    await conn.query(
      `INSERT INTO access_logs (${RAW_LOG_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      logRow(api, user, new Date()),
    );
    return 1;
  });
}

/** The group-committed reference of issue #15: this many charges a transaction, and connections. */
const GROUP = 64;

/**
 * The raw mysql2 limit with group commit, no HTTP: GROUP connections each run transactions of GROUP
 * charges of the one hot user, one conditional UPDATE per charge (awaited in turn, as a loop of
 * queries does) and one multi-row INSERT for their log rows.
 */
async function rawMysqlGroupCommit(url: string): Promise<Result> {
  const pool = createPool({ uri: url, connectionLimit: GROUP, timezone: 'Z' });
  const { api, user } = await benchRows(pool);
  const row = `(${Array.from({ length: 12 }, () => '?').join(', ')})`;
  const insert = `INSERT INTO access_logs (${RAW_LOG_COLUMNS}) VALUES ${Array.from({ length: GROUP }, () => row).join(', ')}`;
  const name = `raw mysql2, ${GROUP} charges a transaction (group-commit reference)`;
  return rawLoop(name, pool, GROUP, async (conn) => {
    let debited = 0;
    for (let i = 0; i < GROUP; i++) {
      const [debit] = (await conn.query(RAW_DEBIT, [1, user.id, 1])) as unknown as [
        { affectedRows: number },
      ];
      debited += debit.affectedRows;
    }
    const at = new Date();
    await conn.query(insert, Array.from({ length: debited }, () => logRow(api, user, at)).flat());
    return debited;
  });
}

/** What a browser sends for a page: brotli accepted, over 64 connections. */
const PAGE_HEADERS = { 'accept-encoding': 'br' };
const PAGE_CONNECTIONS = 64;
/** The API page of the stored-page rows: the demo's IP lookup. */
const API_PAGE_PATH = '/api/1/ip';

/** The bytes Portico answers `path` with for a browser (brotli), written to `file`. */
async function storedBytes(url: string, file: string): Promise<void> {
  const body = await new Promise<Buffer>((resolve, reject) => {
    get(url, { headers: PAGE_HEADERS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        res.headers['content-encoding'] === 'br'
          ? resolve(Buffer.concat(chunks))
          : reject(new Error(`${url} was not sent in brotli`)),
      );
    }).on('error', reject);
  });
  writeFileSync(file, body);
}

/**
 * The stored-page rows: the home page and an API page as a browser asks for them, against bare Fastify
 * sending the very bytes Portico stored for them (fetched from it first), in this run.
 */
async function storedPages(
  base: string,
  dir: string,
  children: ChildProcess[],
): Promise<Record<string, Result>> {
  const homeFile = join(dir, 'home.br');
  const apiFile = join(dir, 'api.br');
  await storedBytes(`${base}/`, homeFile);
  await storedBytes(`${base}${API_PAGE_PATH}`, apiFile);
  const port = await freePort();
  const child = startChild(
    'bare-fastify.js',
    [String(port), `/=${homeFile}`, `/api=${apiFile}`],
    {},
  );
  children.push(child);
  const bare = `http://127.0.0.1:${port}`;
  await waitFor(`${bare}/`);
  const run = async (name: string, url: string) => {
    await load('warm-up', url, PAGE_HEADERS, undefined, PAGE_CONNECTIONS);
    return load(name, url, PAGE_HEADERS, undefined, PAGE_CONNECTIONS);
  };
  const rows = {
    bareHomeBr: await run('bare Fastify, stored home bytes, br, 64 conns (reference)', `${bare}/`),
    bareApiBr: await run(
      'bare Fastify, stored API page bytes, br, 64 conns (reference)',
      `${bare}/api`,
    ),
  };
  await stop(child);
  return {
    ...rows,
    homeBr: await run('home page, br, 64 connections', `${base}/`),
    apiBr: await run('API page, br, 64 connections', `${base}${API_PAGE_PATH}`),
  };
}

/** The share of each peak the paid-call-beside-pages rows run at: 80 % of the server together. */
const BESIDE_SHARE = 0.4;
/** Those rows run longer, so that one pause of the machine does not make their p99. */
const BESIDE_S = DURATION_S * 2;
/** How far the paid call's p99 may rise beside the pages (it rose 15–25 ms before nice 10). */
const BESIDE_P99_MARGIN_MS = 15;
/**
 * Browsers asking for `url` at `rate` a second for `seconds`, from a child process on the load
 * generator's core (paced-pages.ts), so that reading the pages' bytes does not pause the event loop
 * autocannon times the paid calls on.
 */
async function pacedPages(url: string, rate: number, seconds: number): Promise<Result> {
  const child = fork(join(__dirname, 'paced-pages.js'), [url, String(rate), String(seconds)], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  if (child.pid) pin(child.pid, 1);
  const counted = await new Promise<{ done: number; failed: number }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { done: number; failed: number }));
    child.once('exit', (code) => reject(new Error(`paced-pages exited with ${code}`)));
  });
  await stop(child);
  const row: Result = {
    name: 'home page, br, paced at 40% of peak, beside paid calls',
    rps: Math.round(counted.done / seconds),
    p50: 0,
    p99: 0,
    non2xx: counted.failed,
  };
  console.log(`  ${row.name}: ${row.rps} rps, non-2xx ${row.non2xx}`);
  return row;
}

/**
 * A paid call's latency with and without browsers loading the home page at the same time: paid
 * calls at 40 % of their peak alone, then again while browsers ask for the home page (brotli) at
 * 40 % of its own peak, paced evenly. Serving stored page bytes must leave the paid call's p99
 * where it was.
 */
async function paidBesidePages(
  base: string,
  headers: Record<string, string>,
  peaks: Record<string, Result>,
): Promise<Record<string, Result>> {
  const paidRate = Math.round(peaks.paidSqlite.rps * BESIDE_SHARE);
  const pageRate = Math.round(peaks.homeBr.rps * BESIDE_SHARE);
  const paidAlone = await load(
    'paid call, SQLite, at 40% of peak, alone',
    `${base}${PAID_PATH}`,
    headers,
    paidRate,
    CONNECTIONS,
    BESIDE_S,
  );
  const [paidBeside, pagesBeside] = await Promise.all([
    load(
      'paid call, SQLite, at 40% of peak, beside the home page',
      `${base}${PAID_PATH}`,
      headers,
      paidRate,
      CONNECTIONS,
      BESIDE_S,
    ),
    pacedPages(`${base}/`, pageRate, BESIDE_S),
  ]);
  return { paidAlone, paidBeside, pagesBeside };
}

async function main(): Promise<void> {
  const pinned = pin(process.pid, 1);
  console.log(
    `Portico benchmark: ${DURATION_S} s per run, ${CONNECTIONS} connections, ${pinned ? 'servers on core 0, load on core 1' : 'no CPU pinning (taskset missing)'}`,
  );
  const results: Record<string, Result> = {};
  const dir = mkdtempSync(join(tmpdir(), 'portico-bench-'));
  const children: ChildProcess[] = [];
  try {
    if (!MYSQL_ONLY) {
      const bare = await startBare([], '/hello', children);
      const sqlite = await startPortico(`sqlite:${join(dir, 'bench.db')}`, dir);
      children.push(sqlite.child);
      const user = benchUser();
      const db = new Database(join(dir, 'bench.db'));
      db.prepare(INSERT_USER).run(BALANCE_MILLI);
      db.prepare(INSERT_KEY).run(user.hash);
      db.close();
      const headers = { 'x-api-key': user.apiKey };
      // The reference serves the very payload the list endpoint answers with.
      const listFile = join(dir, 'list.json');
      writeFileSync(listFile, await (await fetch(`${sqlite.base}${LIST_PATH}`)).text());
      results.bareList = await bareFastify(
        'bare Fastify, list payload (reference)',
        [listFile],
        '/list',
        children,
      );
      await load('warm-up', `${sqlite.base}${LIST_PATH}`);
      results.list = await load('public API list', `${sqlite.base}${LIST_PATH}`);
      await load('warm-up', `${sqlite.base}/`);
      results.home = await load('server-rendered home page', `${sqlite.base}/`);
      Object.assign(results, await storedPages(sqlite.base, dir, children));
      Object.assign(
        results,
        await inTurn([
          { key: 'bare', name: 'bare Fastify hello (reference)', url: bare.url },
          { key: 'health', name: 'Nest /healthz', url: `${sqlite.base}/healthz` },
          { key: 'free', name: 'free built-in call', url: `${sqlite.base}${FREE_PATH}` },
          {
            key: 'paidSqlite',
            name: 'paid call, SQLite',
            url: `${sqlite.base}${PAID_PATH}`,
            headers,
          },
        ]),
      );
      await stop(bare.child);
      results.paidSqlite80 = await load(
        'paid call, SQLite, at 80% of peak',
        `${sqlite.base}${PAID_PATH}`,
        headers,
        Math.round(results.paidSqlite.rps * 0.8),
      );
      results.free80 = await load(
        'free call at 80% of peak',
        `${sqlite.base}${FREE_PATH}`,
        {},
        Math.round(results.free.rps * 0.8),
      );
      Object.assign(results, await paidBesidePages(sqlite.base, headers, results));
      const quotaDb = new Database(join(dir, 'bench.db'));
      quotaDb.prepare(SET_QUOTA).run();
      quotaDb.close();
      await catalogueSeesIt();
      results.quotaSqlite = await load(
        'free-quota call, SQLite',
        `${sqlite.base}${PAID_PATH}`,
        headers,
      );
      const planDb = new Database(join(dir, 'bench.db'));
      for (const [sql, values] of SUBSCRIBE(sqliteTime)) planDb.prepare(sql).run(...values);
      planDb.close();
      await catalogueSeesIt();
      results.planSqlite = await load(
        'plan-covered call, SQLite',
        `${sqlite.base}${PAID_PATH}`,
        headers,
      );
      await stop(sqlite.child);
    }

    if (MYSQL_URL) {
      const name = `portico_bench_${randomBytes(4).toString('hex')}`;
      const admin = await createConnection({ uri: MYSQL_URL });
      await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      const url = new URL(MYSQL_URL);
      url.pathname = `/${name}`;
      try {
        const mysql = await startPortico(url.toString(), dir);
        children.push(mysql.child);
        const mysqlUser = benchUser();
        const conn = await createConnection({ uri: url.toString() });
        await conn.query(INSERT_USER, [BALANCE_MILLI]);
        await conn.query(INSERT_KEY, [mysqlUser.hash]);
        await conn.end();
        const mysqlHeaders = { 'x-api-key': mysqlUser.apiKey };
        await load('warm-up', `${mysql.base}${PAID_PATH}`, mysqlHeaders);
        results.paidMysql = await load(
          'paid call, MySQL',
          `${mysql.base}${PAID_PATH}`,
          mysqlHeaders,
        );
        results.paidMysql80 = await load(
          'paid call, MySQL, at 80% of peak',
          `${mysql.base}${PAID_PATH}`,
          mysqlHeaders,
          Math.round(results.paidMysql.rps * 0.8),
        );
        await load('warm-up', `${mysql.base}${PAID_PATH}`, mysqlHeaders, undefined, GROUP);
        results.paidMysqlGroup = await load(
          `paid call, MySQL, ${GROUP} connections`,
          `${mysql.base}${PAID_PATH}`,
          mysqlHeaders,
          undefined,
          GROUP,
        );
        const quotaConn = await createConnection({ uri: url.toString() });
        await quotaConn.query(SET_QUOTA);
        await quotaConn.end();
        await catalogueSeesIt();
        results.quotaMysql = await load(
          'free-quota call, MySQL',
          `${mysql.base}${PAID_PATH}`,
          mysqlHeaders,
        );
        const planConn = await createConnection({ uri: url.toString() });
        for (const [sql, values] of SUBSCRIBE(mysqlText)) await planConn.query(sql, values);
        await planConn.end();
        await catalogueSeesIt();
        results.planMysql = await load(
          'plan-covered call, MySQL',
          `${mysql.base}${PAID_PATH}`,
          mysqlHeaders,
        );
        await stop(mysql.child);
        results.rawMysql = await rawMysqlLimit(url.toString());
        results.rawMysqlGroup = await rawMysqlGroupCommit(url.toString());
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        await admin.end();
      }
    }
  } finally {
    for (const child of children) await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
  report(results);
}

function report(r: Record<string, Result>): void {
  const ratio = (a?: Result, b?: Result) => (a && b ? (a.rps / b.rps).toFixed(2) : 'n/a');
  const targets: [string, string, string, number][] = [
    ['API list / bare Fastify list payload', 'list', 'bareList', 0.8],
    ['home page, br / bare Fastify, same bytes', 'homeBr', 'bareHomeBr', 0.5],
    ['API page, br / bare Fastify, same bytes', 'apiBr', 'bareApiBr', 0.5],
    ['free call / bare Fastify', 'free', 'bare', 0.5],
    ['paid SQLite / bare Fastify', 'paidSqlite', 'bare', 0.35],
    ['free-quota call / paid call, SQLite', 'quotaSqlite', 'paidSqlite', 0.8],
    ['free-quota call / paid call, MySQL', 'quotaMysql', 'paidMysql', 0.8],
    ['plan-covered call / paid call, SQLite', 'planSqlite', 'paidSqlite', 0.8],
    ['plan-covered call / paid call, MySQL', 'planMysql', 'paidMysql', 0.8],
    ['paid MySQL / raw mysql2 one-charge transactions', 'paidMysql', 'rawMysql', 0.7],
    [
      `paid MySQL, ${GROUP} connections / raw mysql2 group commit`,
      'paidMysqlGroup',
      'rawMysqlGroup',
      0.9,
    ],
  ];
  const checks: [string, string, boolean][] = [];
  for (const [name, run, reference, least] of targets) {
    if (!r[run] || !r[reference]) continue;
    checks.push([
      `${name} ≥ ${least.toFixed(2)}`,
      ratio(r[run], r[reference]),
      r[run].rps / r[reference].rps >= least,
    ]);
  }
  // "Does not move" within the noise of one pinned core: a pause of the machine moves either run.
  if (r.paidAlone && r.paidBeside) {
    checks.push([
      `paid call p99 beside the home page − alone ≤ ${BESIDE_P99_MARGIN_MS} ms`,
      `${r.paidBeside.p99} − ${r.paidAlone.p99} ms`,
      r.paidBeside.p99 - r.paidAlone.p99 <= BESIDE_P99_MARGIN_MS,
    ]);
  }
  for (const key of ['free80', 'paidSqlite80', 'paidMysql80']) {
    if (r[key]) checks.push([`${r[key].name}: p99 ≤ 25 ms`, `${r[key].p99} ms`, r[key].p99 <= 25]);
  }
  const non2xx = Object.values(r).reduce((sum, row) => sum + row.non2xx, 0);
  checks.push(['non-2xx responses', String(non2xx), non2xx === 0]);
  console.log('\n| run | rps | p50 ms | p99 ms |\n|---|---:|---:|---:|');
  for (const row of Object.values(r))
    console.log(`| ${row.name} | ${row.rps} | ${row.p50} | ${row.p99} |`);
  console.log('\n| target | measured | met |\n|---|---:|---|');
  for (const [name, value, met] of checks)
    console.log(`| ${name} | ${value} | ${met ? 'yes' : 'NO'} |`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
