/**
 * `npm run bench:scale` (issue #31): the ledger at SCALE_ROWS access-log rows (100 million unless
 * set: 10,000 users, 500 APIs, 13 months, a hot user with a quarter of the calls and a hot API with
 * a third) against the same commands on an empty database, in one run on one MySQL/MariaDB server
 * (BENCH_MYSQL_URL or TEST_MYSQL_URL), and prints a table. Both databases are converted into month
 * partitions once loaded, as `npm run ledger:partition` does (SCALE_LAYOUT=table keeps one table),
 * charged in turn, and the loaded one's oldest month is dropped at the end. A command, not a test: the same reads'
 * plans are checked at a million rows in CI (ledger-scale-plans.spec.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import type { Connection, RowDataPacket } from 'mysql2/promise';
import { ledgerVerifyCommand } from '../cli/ledger-verify';
import { withDatabase } from '../cli/database';
import { hashPassword } from '../common/passwords';
import { dayOf, nextMonth } from '../common/quota-period';
import { loadEnv } from '../env/env';
import {
  closeMonths,
  dropLogPartitions,
  logPartitions,
  partitionLog,
  recordRetention,
  rollHours,
  rollUp,
} from '../modules/ledger';
import { load, startPortico, stop } from './run';
import type { Result } from './run';

const MYSQL_URL = process.env.BENCH_MYSQL_URL ?? process.env.TEST_MYSQL_URL;
const ROWS = Number(process.env.SCALE_ROWS ?? 100_000_000);
const USERS = 10_000;
const APIS = 500;
const DAY = 86_400_000;
/** Thirteen months of calls, the newest a day old. */
const SPAN_MS = 395 * DAY;
/** Rows an INSERT … SELECT writes: within the site's statement time limit. */
const CHUNK = 10_000;
const DIGITS = `SELECT 0 AS d${[1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => ` UNION ALL SELECT ${d}`).join('')}`;
const PLACES = [0, 1, 2, 3];
/** 0 … 9,999. */
const NUMBERS = `(SELECT ${PLACES.map((i) => `d${i}.d * ${10 ** i}`).join(' + ')} AS k
  FROM ${PLACES.map((i) => `(${DIGITS}) d${i}`).join(' CROSS JOIN ')}) nums`;
const PAID_PATH = '/apis/rmb-upper?amount=1234.56';
const PASSWORD = 'scale-bench-password';
const ADMIN = { username: 'scaleadmin', password: 'scale-admin-password' };
/** The hot user's money: far more than a run spends, given as an adjustment (ledger:verify). */
const START_MILLI = 1_000_000_000_000;
const SAMPLES = 200;
const PAID_SECONDS = 10;
const PAID_CONNECTIONS = 64;
/**
 * Charged samples a database takes, in turn with the other's (ABBA): one sample a side could not
 * tell 10 % from the machine's noise (2026-12-06: 0.75–1.23 at 3M calls, the same code).
 */
const PAID_ROUNDS = Number(process.env.SCALE_PAID_ROUNDS ?? 6);
/** `SCALE_LAYOUT=table` keeps the log one table; by default both runs convert it into months. */
const PARTITIONED = process.env.SCALE_LAYOUT !== 'table';

interface Timing {
  p50: number;
  p99: number;
}

interface Run {
  /** The charged samples, in the order taken. */
  paid: Result[];
  reads: Record<string, Timing>;
  export?: { rows: number; seconds: number; rssMb: number };
  verifySeconds: number;
  loadSeconds?: number;
  rollupSeconds?: number;
  partitionSeconds?: number;
  dropSeconds?: number;
  /** How long InnoDB took to write back its dirty pages before the reads (settle). */
  settleSeconds: number;
}

const seconds = (from: number) => (performance.now() - from) / 1000;

function databaseUrl(name: string): string {
  const url = new URL(MYSQL_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

const DATABASES = { empty: 'portico_scale_empty', full: 'portico_scale_full' };

/** Runs `statements` on the server outside any database. */
async function onServer(...statements: string[]): Promise<void> {
  const url = new URL(MYSQL_URL!);
  url.pathname = '/';
  const conn = await createConnection(url.toString());
  try {
    for (const statement of statements) await conn.query(statement);
  } finally {
    await conn.end();
  }
}

/** The server's dirty pages may be this share of its buffer pool when a run's reads begin. */
const SETTLED_DIRTY_SHARE = 0.01;
const SETTLE_MAX_S = 900;
const SETTLE_POLL_MS = 5_000;

/**
 * Waits (at most SETTLE_MAX_S) while InnoDB writes back what the load, the roll-up and the
 * conversion left in its buffer pool, and answers how long that took: reads and charges measured
 * while it still flushes gigabytes measure the flushing. Settled is a pool at most
 * SETTLED_DIRTY_SHARE dirty, or one whose dirty pages stopped falling (MariaDB's page cleaner
 * leaves a few behind once the redo log has room). Both runs wait the same way.
 */
async function settle(): Promise<number> {
  const started = performance.now();
  let before = Infinity;
  for (;;) {
    const url = new URL(MYSQL_URL!);
    url.pathname = '/';
    const conn = await createConnection(url.toString());
    const [rows] = await conn.query<RowDataPacket[]>(
      "SHOW GLOBAL STATUS WHERE Variable_name IN ('Innodb_buffer_pool_pages_dirty', 'Innodb_buffer_pool_pages_total')",
    );
    await conn.end();
    const value = (name: string) =>
      Number(rows.find((row) => row.Variable_name === name)?.Value ?? 0);
    const dirty = value('Innodb_buffer_pool_pages_dirty');
    const share = dirty / Math.max(1, value('Innodb_buffer_pool_pages_total'));
    const waited = seconds(started);
    if (share <= SETTLED_DIRTY_SHARE || dirty >= before || waited >= SETTLE_MAX_S) {
      console.log(
        `  settled in ${waited.toFixed(0)} s (${(share * 100).toFixed(1)} % of the pool dirty)`,
      );
      return waited;
    }
    before = dirty;
    await new Promise((done) => setTimeout(done, SETTLE_POLL_MS));
  }
}

const freshDatabase = (name: string) =>
  onServer(
    `DROP DATABASE IF EXISTS ${name}`,
    `CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
  );

/** The hot user, with a password to sign in and a key to call with. */
async function hotUser(conn: Connection): Promise<{ id: number; apiKey: string }> {
  const apiKey = `pk_scale_${randomBytes(12).toString('hex')}`;
  const [user] = await conn.query<{ insertId: number } & RowDataPacket[]>(
    "INSERT INTO users (username, username_key, password_hash, balance_milli, status) VALUES ('scalehot', 'scalehot', ?, ?, 1)",
    [await hashPassword(PASSWORD), START_MILLI],
  );
  const id = user.insertId;
  await conn.query(
    "INSERT INTO api_keys (user_id, is_default, key_hash, key_hint) VALUES (?, 1, ?, 'x')",
    [id, createHash('sha256').update(apiKey).digest('hex')],
  );
  await conn.query(
    "INSERT INTO balance_adjustments (user_id, admin_id, delta_milli, reason, created_at) VALUES (?, 1, ?, 'scale bench', ?)",
    [id, START_MILLI, new Date(Date.now() - SPAN_MS - 2 * DAY)],
  );
  return { id, apiKey };
}

/** USERS users and APIS APIs (copies of a demo API, its unique columns made unique). */
async function population(conn: Connection): Promise<{ firstUser: number; apiIds: number[] }> {
  await conn.query(
    `INSERT INTO users (username, username_key, password_hash, balance_milli, status)
     SELECT CONCAT('scale', k), CONCAT('scale', k), 'x', 0, 1 FROM ${NUMBERS} WHERE k < ?`,
    [USERS],
  );
  const [[first]] = await conn.query<RowDataPacket[]>(
    "SELECT MIN(id) AS id FROM users WHERE username_key LIKE 'scale%' AND username_key <> 'scalehot'",
  );
  const [columns] = await conn.query<RowDataPacket[]>(
    `SELECT COLUMN_NAME AS name FROM INFORMATION_SCHEMA.COLUMNS
     WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'apis' AND COLUMN_NAME <> 'id'
     ORDER BY ORDINAL_POSITION`,
  );
  const [unique] = await conn.query<RowDataPacket[]>(
    `SELECT DISTINCT COLUMN_NAME AS name FROM INFORMATION_SCHEMA.STATISTICS
     WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'apis' AND NON_UNIQUE = 0 AND INDEX_NAME <> 'PRIMARY'`,
  );
  const distinct = new Set(['name', 'name_en', ...unique.map((row) => String(row.name))]);
  const names = columns.map((row) => String(row.name));
  const values = names.map((name) =>
    distinct.has(name) ? `CONCAT(${name}, '-s', k)` : name === 'is_paid' ? '1' : name,
  );
  await conn.query(
    `INSERT INTO apis (${names.join(', ')}) SELECT ${values.join(', ')}
     FROM apis CROSS JOIN ${NUMBERS} WHERE name_en = 'rmb-upper' AND k < ?`,
    [APIS],
  );
  const [apis] = await conn.query<RowDataPacket[]>(
    "SELECT id FROM apis WHERE name_en LIKE 'rmb-upper-s%' ORDER BY id",
  );
  return { firstUser: Number(first.id), apiIds: apis.map((row) => Number(row.id)) };
}

/**
 * ROWS calls over SPAN_MS: every fourth the hot user's, the rest spread over USERS users; every
 * third the hot API's, the rest over APIS; a third free, the rest charged 7; one in fifty refunded.
 * Then every user is given, as an adjustment, what their calls cost, so balances add up.
 */
async function loadCalls(
  conn: Connection,
  hot: { id: number },
  firstUser: number,
  apiIds: number[],
): Promise<void> {
  const stepUs = Math.max(1, Math.floor((SPAN_MS * 1000) / ROWS));
  const start = new Date(Date.now() - DAY - SPAN_MS);
  const [low, high] = [apiIds[0], apiIds[apiIds.length - 1]];
  let shown = 0;
  const started = performance.now();
  for (let base = 0; base < ROWS; base += CHUNK) {
    await conn.query(
      `INSERT INTO access_logs (user_id, api_id, api_name, ip_address, access_url, user_agent,
         access_time, status_code, cost_milli, latency_ms, api_key_id, request_id, charged_from)
       SELECT CASE WHEN n % 4 = 0 THEN ? ELSE ? + n % ? END,
         CASE WHEN n % 3 = 0 THEN ? ELSE ? + n % ? END, 'Scale API', '198.51.100.7',
         '/apis/scale', 'scale', DATE_ADD(?, INTERVAL n * ? MICROSECOND),
         CASE WHEN n % 50 = 0 THEN 502 ELSE 200 END,
         CASE WHEN n % 3 = 0 OR n % 50 = 0 THEN 0 ELSE 7 END, 5, NULL, NULL,
         CASE WHEN n % 50 = 0 THEN NULL WHEN n % 3 <> 0 THEN 'balance' END
       FROM (SELECT k + ? AS n FROM ${NUMBERS} WHERE k + ? < ?) numbered`,
      [hot.id, firstUser, USERS, low, low, high - low + 1, start, stepUs, base, base, ROWS],
    );
    const done = Math.floor(((base + CHUNK) * 100) / ROWS);
    if (done >= shown + 5) {
      shown = done;
      console.log(`  loaded ${Math.min(done, 100)}% (${seconds(started).toFixed(0)} s)`);
    }
  }
  await conn.query(
    `INSERT INTO balance_adjustments (user_id, admin_id, delta_milli, reason, created_at)
     SELECT user_id, 1, SUM(cost_milli), 'scale bench', ? FROM access_logs
     WHERE user_id >= ? GROUP BY user_id`,
    [new Date(start.getTime() - DAY), firstUser],
  );
  await conn.query(
    `UPDATE users u JOIN (SELECT user_id, SUM(cost_milli) AS cost FROM access_logs
       WHERE user_id = ? GROUP BY user_id) spent ON spent.user_id = u.id
     SET u.balance_milli = u.balance_milli - spent.cost`,
    [hot.id],
  );
  await conn.query('ANALYZE TABLE access_logs, users, apis');
}

/** A signed-in session's cookies: the XSRF token first, then the login's. */
async function signIn(base: string, path: string, body: object): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  keep(await fetch(`${base}/api/user/get_user_info.php`));
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: cookie(),
      'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`signing in at ${path} failed: ${res.status} ${await res.text()}`);
  keep(res);
  return cookie();
}

const nearestRank = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];

/** p50 and p99 of SAMPLES reads one after another, after three to warm up. */
async function timed(url: string, cookie: string): Promise<Timing> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES + 3; i += 1) {
    const from = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    if (i >= 3) times.push(performance.now() - from);
  }
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { p50: round(nearestRank(times, 0.5)), p99: round(nearestRank(times, 0.99)) };
}

const rssMb = (pid: number) => {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
};

/** The hot user's CSV of a month: rows a second, and how far the server's memory rose. */
async function exportMonth(base: string, cookie: string, pid: number, from: string, to: string) {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  const started = performance.now();
  const res = await fetch(`${base}/api/user/export_access_logs.php?from=${from}&to=${to}`, {
    headers: { cookie },
  });
  let rows = -1;
  const decoder = new TextDecoder();
  for await (const chunk of res.body!) {
    rows += decoder.decode(chunk as Uint8Array, { stream: true }).split('\n').length - 1;
  }
  clearInterval(sampler);
  if (!res.ok) throw new Error(`the export answered ${res.status}`);
  return { rows, seconds: seconds(started), rssMb: Math.round(peak - before) };
}

async function measure(name: string, full: boolean, scratch: string): Promise<Measured> {
  console.log(`\n${name}: ${full ? `${ROWS.toLocaleString('en')} calls` : 'no calls'}`);
  const dbName = DATABASES[full ? 'full' : 'empty'];
  await freshDatabase(dbName);
  const url = databaseUrl(dbName);
  // Each run's own data directory: both instances run at once while charging.
  const dir = join(scratch, dbName);
  mkdirSync(dir);
  const vars = { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };
  // Migrated and seeded by a first start; the calls are loaded with no instance running.
  await stop((await startPortico(url, dir, vars)).child);
  const conn = await createConnection(url);
  const hot = await hotUser(conn);
  const run: Partial<Run> = {};
  if (full) {
    const { firstUser, apiIds } = await population(conn);
    const loading = performance.now();
    await loadCalls(conn, hot, firstUser, apiIds);
    run.loadSeconds = seconds(loading);
    const rolling = performance.now();
    await withDatabase(env(url, dir), async (dataSource) => {
      while ((await rollUp(dataSource, 'UTC')) > 0);
      while ((await rollHours(dataSource, 'UTC')) > 0);
      while ((await closeMonths(dataSource, 'UTC')) > 0);
    });
    run.rollupSeconds = seconds(rolling);
  }
  await conn.end();
  if (PARTITIONED) {
    const converting = performance.now();
    await withDatabase(env(url, dir), (dataSource) => partitionLog(dataSource, 'UTC'));
    run.partitionSeconds = seconds(converting);
    console.log(`  converted into month partitions in ${run.partitionSeconds.toFixed(1)} s`);
  }

  run.settleSeconds = await settle();
  const portico = await startPortico(url, dir, vars);
  try {
    const base = portico.base;
    const user = await signIn(base, '/api/login.php', { username: 'scalehot', password: PASSWORD });
    const admin = await signIn(base, '/api/admin/admin_login.php', ADMIN);
    const now = Date.now();
    const month = dayOf(now - 60 * DAY, 'UTC').slice(0, 7);
    const day = dayOf(now - 30 * DAY, 'UTC');
    const first = (await (
      await fetch(`${base}/api/user/get_user_access_logs.php?page=49`, {
        headers: { cookie: user },
      })
    ).json()) as { data: { next_before: string | null } };
    const position = first.data.next_before;
    const reads: [string, string, string][] = [
      ['call log, page 1', '/api/user/get_user_access_logs.php?page=1', user],
      [
        'call log, page 50',
        position
          ? `/api/user/get_user_access_logs.php?page=50&before=${position}`
          : '/api/user/get_user_access_logs.php?page=50',
        user,
      ],
      [
        'call log, one day',
        `/api/user/get_user_access_logs.php?page=1&from=${day}&to=${day}`,
        user,
      ],
      ['call log, succeeded', '/api/user/get_user_access_logs.php?page=1&status=success', user],
      ['dashboard usage', '/api/user/get_usage.php', user],
      ['monthly statement', `/api/user/get_monthly_statement.php?month=${month}`, user],
      ['admin statistics', '/api/admin/get_dashboard_stats.php', admin],
      ['admin site statement', `/api/admin/get_site_statement.php?month=${month}`, admin],
    ];
    const timings: Record<string, Timing> = {};
    for (const [label, path, cookie] of reads) {
      timings[label] = await timed(`${base}${path}`, cookie);
      console.log(`  ${label}: p50 ${timings[label].p50} ms, p99 ${timings[label].p99} ms`);
    }
    run.reads = timings;
    if (full) {
      const last = dayOf(Date.parse(`${nextMonth(month)}-01T00:00:00Z`) - DAY, 'UTC');
      run.export = await exportMonth(base, user, portico.child.pid!, `${month}-01`, last);
      console.log(
        `  CSV export of a month: ${run.export.rows} rows in ${run.export.seconds.toFixed(1)} s, memory +${run.export.rssMb} MB`,
      );
    }
  } finally {
    await stop(portico.child);
  }
  return { run, url, dir, apiKey: hot.apiKey };
}

interface Measured {
  run: Partial<Run>;
  url: string;
  dir: string;
  apiKey: string;
}

/**
 * Charged calls on both databases, PAID_ROUNDS samples each taken in turn (the order swapped every
 * round, so a drift of the machine meets both alike), both instances running throughout and
 * warmed up first.
 */
async function chargeInTurn(sides: Measured[]): Promise<void> {
  const vars = { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };
  const instances: Awaited<ReturnType<typeof startPortico>>[] = [];
  try {
    for (const side of sides) instances.push(await startPortico(side.url, side.dir, vars));
    const target = (i: number) =>
      [`${instances[i].base}${PAID_PATH}`, { 'x-api-key': sides[i].apiKey }] as const;
    // As long as a sample: the first samples of a 3-s warm-up still rose round by round.
    for (const [i] of sides.entries())
      await load('warm-up', ...target(i), undefined, PAID_CONNECTIONS, PAID_SECONDS);
    for (const side of sides) side.run.paid = [];
    for (let round = 0; round < PAID_ROUNDS; round += 1) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const i of order) {
        sides[i].run.paid!.push(
          await load(
            `charged calls, ${i === 0 ? 'reference' : 'loaded'}, round ${round + 1}`,
            ...target(i),
            undefined,
            PAID_CONNECTIONS,
            PAID_SECONDS,
          ),
        );
      }
    }
  } finally {
    for (const instance of instances) await stop(instance.child);
  }
}

/** ledger:verify over a run's database; and for the loaded one, dropping its oldest month. */
async function verify(side: Measured, full: boolean): Promise<Run> {
  const { run, url, dir } = side;
  const verifying = performance.now();
  const lines: string[] = [];
  const code = await ledgerVerifyCommand(env(url, dir), (line) => lines.push(line));
  run.verifySeconds = seconds(verifying);
  console.log(
    `  ledger:verify (${run.verifySeconds.toFixed(1)} s, exit ${code}): ${lines.join(' / ')}`,
  );
  if (code !== 0) throw new Error('ledger:verify found the ledger does not add up');
  if (PARTITIONED && full) run.dropSeconds = await dropOldestMonth(url, dir);
  return run as Run;
}

const env = (url: string, dir: string) => loadEnv({ DATABASE_URL: url, DATA_DIR: dir });

/** Drops the oldest month's partition as retention does (last: the ledger no longer adds up). */
async function dropOldestMonth(url: string, dir: string): Promise<number> {
  return withDatabase(env(url, dir), async (dataSource) => {
    const [oldest] = (await logPartitions(dataSource)) ?? [];
    const dropping = performance.now();
    await recordRetention(dataSource, 'all', new Date(oldest.before!));
    const dropped = await dropLogPartitions(dataSource, oldest.before!);
    const took = seconds(dropping);
    console.log(
      `  dropped ${dropped.partitions.join(', ')} (${dropped.rows} rows) in ${took.toFixed(1)} s`,
    );
    return took;
  });
}

function medianRps(samples: Result[]): number {
  const sorted = samples.map((sample) => sample.rps).sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

function report(empty: Run, full: Run): void {
  const rows = ROWS.toLocaleString('en');
  console.log(`\n| measure | 0 calls | ${rows} calls | target | met |\n|---|---:|---:|---|---|`);
  const [reference, loaded] = [medianRps(empty.paid), medianRps(full.paid)];
  const ratio = loaded / reference;
  const samples = (run: Run) => run.paid.map((sample) => sample.rps).join(', ');
  console.log(
    `| charged calls/s (${PAID_CONNECTIONS} connections), median of ${PAID_ROUNDS} × ${PAID_SECONDS} s in turn | ${reference} | ${loaded} | ratio ≥ 0.9 | ${ratio.toFixed(2)} ${ratio >= 0.9 ? 'yes' : 'NO'} |`,
  );
  console.log(`| charged calls/s, every sample | ${samples(empty)} | ${samples(full)} | | |`);
  for (const [label, timing] of Object.entries(full.reads)) {
    const reference = empty.reads[label];
    console.log(
      `| ${label}, p99 ms (p50) | ${reference.p99} (${reference.p50}) | ${timing.p99} (${timing.p50}) | ≤ 50 | ${timing.p99 <= 50 ? 'yes' : 'NO'} |`,
    );
  }
  if (full.export) {
    const rate = Math.round(full.export.rows / full.export.seconds);
    console.log(
      `| CSV export of the hot user's month | | ${full.export.rows} rows, ${rate} rows/s, +${full.export.rssMb} MB | < 100 MB | ${full.export.rssMb < 100 ? 'yes' : 'NO'} |`,
    );
  }
  console.log(
    `| ledger:verify, s | ${empty.verifySeconds.toFixed(1)} | ${full.verifySeconds.toFixed(1)} | printed | |`,
  );
  console.log(
    `| load ${rows} calls, s; roll up and close 13 months, s | | ${full.loadSeconds?.toFixed(0)}; ${full.rollupSeconds?.toFixed(0)} | printed | |`,
  );
  if (full.partitionSeconds !== undefined) {
    console.log(
      `| convert into month partitions, s; drop the oldest month, s | ${empty.partitionSeconds?.toFixed(1)} | ${full.partitionSeconds.toFixed(0)}; ${full.dropSeconds?.toFixed(1)} | seconds to drop | |`,
    );
  }
  console.log(
    `| InnoDB's write-back before the reads, s | ${empty.settleSeconds.toFixed(0)} | ${full.settleSeconds.toFixed(0)} | printed | |`,
  );
}

async function main(): Promise<void> {
  if (!MYSQL_URL)
    throw new Error('set BENCH_MYSQL_URL (or TEST_MYSQL_URL) to a MySQL/MariaDB server');
  console.log(
    `Portico scale benchmark: ${ROWS.toLocaleString('en')} calls against none, the log ${PARTITIONED ? 'in month partitions' : 'one table'}`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'portico-scale-'));
  try {
    const sides = [await measure('reference', false, dir), await measure('loaded', true, dir)];
    console.log(`\ncharging, ${PAID_ROUNDS} rounds of ${PAID_SECONDS} s on each database in turn`);
    await chargeInTurn(sides);
    console.log('\nverifying');
    report(await verify(sides[0], false), await verify(sides[1], true));
  } finally {
    rmSync(dir, { recursive: true, force: true });
    // Neither scratch database is left behind: a loaded one is as large as the run made it.
    await onServer(...Object.values(DATABASES).map((name) => `DROP DATABASE IF EXISTS ${name}`));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
