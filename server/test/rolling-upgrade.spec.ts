import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { freshDatabase, TEST_DATABASES, TEST_REDIS_URL } from './harness';
import { MAIN } from './instances';
import { expectStarted, nodeRun, serverStart, Server } from './processes';

const REPO = resolve(__dirname, '../..');
const enabled =
  (TEST_DATABASES.includes('mysql') && Boolean(TEST_REDIS_URL) && existsSync(MAIN)) ||
  Boolean(process.env.CI);

/**
 * The previous schema's release: the parent of the commit that added the newest committed
 * migration (PREVIOUS_RELEASE overrides it). Its server is built from `git archive` into a
 * directory of its own, sharing this checkout's node_modules (the dependencies did not change).
 */
function buildPrevious(dir: string): string {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: REPO, encoding: 'utf8' }).trim();
  const added = git(
    'log',
    '-1',
    '--format=%H',
    '--diff-filter=A',
    '--',
    'server/src/database/migrations/',
  );
  const previous = process.env.PREVIOUS_RELEASE ?? git('rev-parse', `${added}^`);
  execFileSync('sh', [
    '-c',
    `git -C "${REPO}" archive "${previous}" package.json tsconfig.json server | tar -x -C "${dir}"`,
  ]);
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'));
  symlinkSync(join(REPO, 'server/node_modules'), join(dir, 'server/node_modules'));
  execFileSync(
    process.execPath,
    [join(REPO, 'node_modules/typescript/bin/tsc'), '-p', 'server/tsconfig.build.json'],
    {
      cwd: dir,
      stdio: 'inherit',
    },
  );
  return join(dir, 'server/dist/main.js');
}

const countBy = (outcomes: (number | string)[]) =>
  outcomes.reduce<Record<string, number>>(
    (counts, o) => ({ ...counts, [o]: (counts[o] ?? 0) + 1 }),
    {},
  );

(enabled ? describe : describe.skip)('a rolling upgrade across a migration (MariaDB)', () => {
  let dir: string;
  let database: { url: string; drop(): Promise<void> };
  const servers: Server[] = [];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'portico-upgrade-'));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves paid calls on the old and the new release while the new one migrates: 0 errors', async () => {
    mkdirSync(join(dir, 'previous'));
    const previousMain = buildPrevious(join(dir, 'previous'));
    database = await freshDatabase('mysql', dir);
    const vars = (dataDir: string) => ({
      NODE_ENV: 'production',
      APP_SECRET: 'rolling-upgrade-secret-rolling-upgrade-0123',
      DATABASE_URL: database.url,
      DATA_DIR: join(dir, dataDir),
      REDIS_URL: TEST_REDIS_URL!,
      SEED_DEMO: 'true',
      ADMIN_PASSWORD: 'rolling-upgrade-admin',
      RATE_LIMIT_PER_KEY: '1000000',
    });
    // The previous release migrates the empty database to its own schema at start.
    const old = await serverStart(previousMain, dir, { ...vars('old'), MIGRATE_ON_START: 'true' });
    expectStarted(old);
    servers.push(old);

    const db = await createConnection({ uri: database.url });
    const key = `pk_${randomBytes(18).toString('base64url')}`;
    const [user] = await db.query<any>(
      "INSERT INTO users (username, username_key, password_hash, balance_milli, status) VALUES ('upgrade', 'upgrade', 'x', 100000000, 1)",
    );
    await db.query(
      "INSERT INTO recharge_records (user_id, out_trade_no, amount_milli, paid_amount, source, raw) VALUES (?, 'upgrade', 100000000, '0', 'query', '{}')",
      [user.insertId],
    );
    await db.query(
      "INSERT INTO api_keys (user_id, is_default, key_hash, key_hint) VALUES (?, 1, ?, 'x')",
      [user.insertId, createHash('sha256').update(key).digest('hex')],
    );

    // Paid calls on every running instance, four loops each, until stopped.
    const outcomes: Record<string, (number | string)[]> = { old: [], new: [] };
    let stopped = false;
    const load = (name: 'old' | 'new', server: Server) =>
      Array.from({ length: 4 }, async () => {
        while (!stopped && server.process.exitCode === null) {
          const outcome = await fetch(`${server.url}/apis/rmb-upper?amount=1.5`, {
            headers: { 'x-api-key': key },
          }).then(
            (answer) => answer.status,
            (error: Error) => error.message,
          );
          outcomes[name].push(outcome);
        }
      });
    const loops = load('old', old);

    const migrated = await nodeRun(join(MAIN, '..', 'cli/migrate.js'), [], dir, vars('migrate'));
    expect(migrated.stdout).toMatch(/applied \d+ migration\(s\)/);
    expect(migrated.code).toBe(0);
    const fresh = await serverStart(MAIN, dir, vars('new'));
    expectStarted(fresh);
    servers.push(fresh);
    loops.push(...load('new', fresh));
    const before = outcomes.new.length;
    while (outcomes.new.length < before + 200) await new Promise((done) => setTimeout(done, 50));
    stopped = true;
    await Promise.all(loops);

    expect({ old: countBy(outcomes.old), new: countBy(outcomes.new) }).toEqual({
      old: { 200: outcomes.old.length },
      new: { 200: outcomes.new.length },
    });
    expect(outcomes.old.length).toBeGreaterThan(50);
    const [[ledger]] = await db.query<any>(
      'SELECT u.balance_milli AS balance, (SELECT COUNT(*) FROM access_logs a WHERE a.user_id = u.id AND a.cost_milli > 0) AS charged, 100000000 - (SELECT COALESCE(SUM(cost_milli), 0) FROM access_logs a WHERE a.user_id = u.id) AS expected FROM users u WHERE u.id = ?',
      [user.insertId],
    );
    await db.end();
    expect({
      balance: Number(ledger.balance),
      charged: Number(ledger.charged),
    }).toEqual({
      balance: Number(ledger.expected),
      charged: outcomes.old.length + outcomes.new.length,
    });
  }, 600_000);
});
