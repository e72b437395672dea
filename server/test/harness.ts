import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createConnection } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { createApp } from '../src/app.factory';
import { Env, loadEnv } from '../src/env/env';
import { checkBalances, checkCredit } from '../src/modules/ledger';
import { HttpClient } from './http-client';
import { CI, missing } from './requires';
import { copyMigratedSchema } from './schema-template';

export type TestDb = 'sqlite' | 'mysql';

const MYSQL_URL = process.env.TEST_MYSQL_URL;

/** Whether a MySQL server is there to test on (TEST_DATABASES lists MySQL in CI either way). */
export const HAS_MYSQL = Boolean(MYSQL_URL);

/** A Redis for the shared rate-limit and multi-instance tests, when the machine has one. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL;

/** SQLite always; MySQL too when TEST_MYSQL_URL points at a server, and always in CI. */
export const TEST_DATABASES: TestDb[] = MYSQL_URL || CI ? ['sqlite', 'mysql'] : ['sqlite'];

export const TEST_ADMIN = { username: 'root_admin', password: 'admin-password-1' } as const;

export interface TestApp {
  app: NestFastifyApplication;
  env: Env;
  baseUrl: string;
  dataSource: DataSource;
  /** A fresh client with its own cookie jar. */
  client(): HttpClient;
  close(): Promise<void>;
}

/**
 * A fresh database of the given kind: its URL and how to throw it away. Empty, or on MySQL with
 * `migrated` a copy of the migrated schema (test/schema-template.ts), which an app then starts on
 * as on a database it migrated itself.
 */
export async function freshDatabase(
  db: TestDb,
  dir: string,
  schema: 'empty' | 'migrated' = 'empty',
): Promise<{ url: string; drop(): Promise<void> }> {
  if (db === 'sqlite') return { url: `sqlite:${join(dir, 'test.db')}`, drop: async () => {} };
  if (!MYSQL_URL) throw missing('TEST_MYSQL_URL (a MySQL or MariaDB server)');
  const server = new URL(MYSQL_URL);
  const name = `portico_t_${randomBytes(6).toString('hex')}`;
  const admin = await createConnection({ uri: MYSQL_URL });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  if (schema === 'migrated') await copyMigratedSchema(MYSQL_URL, name);
  server.pathname = `/${name}`;
  return {
    url: server.toString(),
    drop: async () => {
      const conn = await createConnection({ uri: MYSQL_URL });
      await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await conn.end();
    },
  };
}

/** Boots the real application on a fresh database and listens on a free loopback port. */
export async function startTestApp(
  db: TestDb,
  vars: Record<string, string> = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'portico-test-'));
  // A given DATABASE_URL joins another instance's database (multi-instance tests) and is left alone.
  const database = vars.DATABASE_URL
    ? { url: vars.DATABASE_URL, drop: async () => {} }
    : await freshDatabase(db, dir, 'migrated');
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    // Suites register many accounts from one address; the limit has tests of its own.
    REGISTRATIONS_PER_IP_PER_HOUR: '100000',
    CLIENT_DIST: join(dir, 'no-client'),
    ...vars,
    DATABASE_URL: database.url,
  });
  const app = await createApp(env);
  // Race tests open 2,000 connections at once: a backlog past Node's 511 keeps a loaded machine
  // from resetting the ones that overflow it.
  await app.listen({ port: 0, host: '127.0.0.1', backlog: 2048 });
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    app,
    env,
    baseUrl,
    dataSource: app.get(DataSource),
    client: () => new HttpClient(baseUrl),
    close: async () => {
      await reportingSlow(`closing the ${db} app`, app.close());
      await reportingSlow(`dropping the ${db} database`, database.drop());
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A start's and a teardown's time limits. In CI the other worker's suites keep MariaDB busy (a
 * million-row load, say): one teardown and one start (1.6 s on a quiet MariaDB) once outlasted
 * Jest's 30 s. A slow step names itself (reportingSlow) so the log says which.
 */
const BOOT_MS = 120_000;
const TEARDOWN_MS = 120_000;
const SLOW_TEARDOWN_STEP_MS = 10_000;

/** Awaits a teardown step and prints its name if it takes longer than SLOW_TEARDOWN_STEP_MS. */
async function reportingSlow<T>(step: string, work: Promise<T>): Promise<T> {
  const started = Date.now();
  const timer = setTimeout(
    () => console.warn(`${step} has taken ${SLOW_TEARDOWN_STEP_MS} ms so far`),
    SLOW_TEARDOWN_STEP_MS,
  );
  try {
    return await work;
  } finally {
    clearTimeout(timer);
    const took = Date.now() - started;
    if (took > SLOW_TEARDOWN_STEP_MS) console.warn(`${step} took ${took} ms`);
  }
}

export interface EachDbContext {
  readonly t: TestApp;
  readonly db: TestDb;
  /** Leaves this user out of the books check after each test: a test that set their balance by hand. */
  unbalanced(userId: number): void;
}

/**
 * Runs a describe block once per test database, with a booted app in `ctx.t`, and checks the books
 * after every test.
 */
export function describeEachDb(
  name: string,
  body: (ctx: EachDbContext) => void,
  vars: Record<string, string> = {},
  /**
   * Why this suite's books are not checked after each test: its tests write balances or call rows
   * by hand to read them back (the reason is the record; the money suites never give one).
   */
  booksByHand?: string,
): void {
  describe.each(TEST_DATABASES)(`${name} [%s]`, (db) => {
    const outside = new Set<number>();
    const ctx = {
      t: undefined as unknown as TestApp,
      db,
      unbalanced: (userId: number) => outside.add(userId),
    };
    beforeAll(async () => {
      ctx.t = await reportingSlow(`starting the ${db} app`, startTestApp(db, vars));
    }, BOOT_MS);
    // After every test, every balance is money in − money out (ledger:verify's check) and every
    // credit is grants − expired − spent: whatever a test did, concurrently or not, it neither made
    // nor lost money or credit.
    if (!booksByHand) {
      afterEach(async () => {
        const { unexplained } = await checkBalances(ctx.t.dataSource);
        expect(unexplained.filter((user) => !outside.has(user.user_id))).toEqual([]);
        const credit = await checkCredit(ctx.t.dataSource);
        expect(credit.filter((user) => !outside.has(user.user_id))).toEqual([]);
      });
    }
    afterAll(async () => {
      await ctx.t?.close();
    }, TEARDOWN_MS);
    body(ctx);
  });
}
