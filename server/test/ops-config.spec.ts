import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';
import { withDatabase } from '../src/cli/database';
import { EnvError, loadEnv } from '../src/env/env';
import { verifyPassword } from '../src/common/passwords';
import { MIGRATIONS } from '../src/database/migrations';
import { MAIN } from './instances';
import { expectStarted, nodeRun, Run, serverStart } from './processes';

const MYSQL_URL = process.env.TEST_MYSQL_URL;
const DIST = join(MAIN, '..');
const runNode = (script: string, args: string[], cwd: string, env: Record<string, string>) =>
  nodeRun(join(DIST, script), args, cwd, env);
const startServer = (cwd: string, env: Record<string, string>) =>
  serverStart(join(DIST, 'main.js'), cwd, env);
const MIGRATION_NAMES = MIGRATIONS.map((migration) => migration.name);
// In CI a missing MariaDB or build fails the suite instead of skipping it.
const withMysql = MYSQL_URL || process.env.CI ? describe : describe.skip;
const withBuild = existsSync(MAIN) || process.env.CI ? describe : describe.skip;

const SECRET = 'ops-config-secret-ops-config-secret-0123';

describe('configuration from a .env file and *_FILE secrets', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'portico-ops-config-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads NAME_FILE as NAME without its final line break', () => {
    writeFileSync(join(dir, 'secret'), `${SECRET}\n`);
    writeFileSync(join(dir, 'redis'), 'redis://cache:6379\n');
    const env = loadEnv({
      APP_SECRET_FILE: join(dir, 'secret'),
      REDIS_URL_FILE: join(dir, 'redis'),
      DATA_DIR: dir,
    });
    expect([env.APP_SECRET, env.REDIS_URL]).toEqual([SECRET, 'redis://cache:6379']);
    // The secret came from the file: none was generated into DATA_DIR.
    expect(readdirSync(dir).sort()).toEqual(['redis', 'secret']);
  });

  it('refuses NAME and NAME_FILE together, and a file it cannot read, naming them', () => {
    writeFileSync(join(dir, 'secret'), SECRET);
    expect(() =>
      loadEnv({ APP_SECRET: SECRET, APP_SECRET_FILE: join(dir, 'secret'), DATA_DIR: dir }),
    ).toThrow(
      new EnvError(
        'Invalid environment:\n  APP_SECRET: set APP_SECRET_FILE or APP_SECRET, not both',
      ),
    );
    expect(() => loadEnv({ METRICS_TOKEN_FILE: join(dir, 'missing'), DATA_DIR: dir })).toThrow(
      `METRICS_TOKEN_FILE: cannot read ${join(dir, 'missing')} (ENOENT)`,
    );
  });

  it('refuses a log retention shorter than the months that are still open', () => {
    const env = (months: string) =>
      loadEnv({ DATA_DIR: dir, APP_SECRET: SECRET, LOG_RETENTION_MONTHS: months });
    for (const months of ['1', '-2', 'x']) {
      expect(() => env(months)).toThrow(
        'LOG_RETENTION_MONTHS must be 0 (keep every month) or at least 2: the running month and the one before it stay, since a month can only be closed once it has ended',
      );
    }
    expect([env('0'), env('2'), env('13')].map((e) => e.LOG_RETENTION_MONTHS)).toEqual([0, 2, 13]);
  });

  it('keeps the SQLite file in DATA_DIR unless DATABASE_URL names one', () => {
    expect(loadEnv({ DATA_DIR: dir, APP_SECRET: SECRET }).DATABASE_URL).toBe(
      `sqlite:${join(dir, 'portico.db')}`,
    );
    expect(
      loadEnv({ DATA_DIR: dir, APP_SECRET: SECRET, DATABASE_URL: 'sqlite:/elsewhere/x.db' })
        .DATABASE_URL,
    ).toBe('sqlite:/elsewhere/x.db');
  });

  it('migrates on start by default except in production on MySQL', () => {
    const mysql = 'mysql://u:p@db:3306/portico';
    const base = { DATA_DIR: dir, APP_SECRET: SECRET };
    const migrates = (vars: Record<string, string>) =>
      loadEnv({ ...base, ...vars }).MIGRATE_ON_START;
    expect([
      migrates({}),
      migrates({ NODE_ENV: 'production' }),
      migrates({ DATABASE_URL: mysql }),
      migrates({ NODE_ENV: 'production', DATABASE_URL: mysql }),
      migrates({ NODE_ENV: 'production', DATABASE_URL: mysql, MIGRATE_ON_START: 'true' }),
    ]).toEqual([true, true, true, false, true]);
  });

  withBuild('the built server', () => {
    it('starts in production from .env alone, secrets in files, the database in DATA_DIR', async () => {
      writeFileSync(join(dir, 'app_secret'), `${SECRET}\n`);
      writeFileSync(join(dir, 'admin_password'), 'from-a-secret-file\n');
      writeFileSync(
        join(dir, '.env'),
        [
          'NODE_ENV=production',
          'APP_SECRET_FILE=./app_secret',
          'ADMIN_USERNAME=ops_admin',
          'ADMIN_PASSWORD_FILE=./admin_password',
          'DATA_DIR=./state',
          'SEED_DEMO=false',
          'SMTP_FROM="Ops <ops@example.com>"',
          '',
        ].join('\n'),
      );
      const server = await startServer(dir, {});
      expectStarted(server);
      try {
        expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      } finally {
        await server.stop();
      }
      // The database went to DATA_DIR, beside nothing generated: the secret came from its file.
      expect(readdirSync(join(dir, 'state'))).toContain('portico.db');
      expect(existsSync(join(dir, 'state', 'app-secret'))).toBe(false);
      expect(existsSync(join(dir, 'data'))).toBe(false);
      const db = new Database(join(dir, 'state', 'portico.db'), { readonly: true });
      const admin = db
        .prepare('SELECT password_hash FROM admins WHERE username = ?')
        .get('ops_admin') as { password_hash: string } | undefined;
      db.close();
      expect(await verifyPassword(admin!.password_hash, 'from-a-secret-file')).toBe(true);
    }, 90_000);

    it('backs up a running SQLite site to a readable copy with the same rows', async () => {
      writeFileSync(join(dir, '.env'), `APP_SECRET=${SECRET}\nDATA_DIR=./state\nSEED_DEMO=true\n`);
      const server = await startServer(dir, {});
      expectStarted(server);
      let backup: Run;
      try {
        backup = await runNode('cli/backup.js', [join(dir, 'copy.db')], dir, {});
      } finally {
        await server.stop();
      }
      expect(backup).toMatchObject({ code: 0, stderr: '' });
      expect(backup.stdout).toContain(`to ${join(dir, 'copy.db')}`);
      const count = (file: string) => {
        const db = new Database(file, { readonly: true });
        try {
          return ['apis', 'admins', 'migrations', 'categories'].map(
            (table) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n,
          );
        } finally {
          db.close();
        }
      };
      const copied = count(join(dir, 'copy.db'));
      expect(copied[0]).toBeGreaterThanOrEqual(30);
      expect(copied).toEqual(count(join(dir, 'state', 'portico.db')));
      // A second backup to the same file is refused rather than overwriting the first.
      expect((await runNode('cli/backup.js', [join(dir, 'copy.db')], dir, {})).code).toBe(1);
    }, 90_000);

    it('prints the mysqldump recipe for a MySQL database instead of copying it', async () => {
      const run = await runNode('cli/backup.js', [], dir, {
        DATABASE_URL: 'mysql://portico:secret@db.internal:3307/portico',
      });
      expect(run.code).toBe(2);
      expect(run.stdout).toContain(
        'mysqldump --single-transaction --routines --triggers -h db.internal -P 3307 -u portico -p portico',
      );
      expect(run.stdout).not.toContain('secret');
    });
  });
});

withMysql('migrations and the database on MariaDB', () => {
  const created: string[] = [];
  let dir: string;
  const urlFor = (name: string, user = '') => {
    const url = new URL(MYSQL_URL!);
    url.pathname = `/${name}`;
    if (user) {
      url.username = user;
      url.password = 'ops-config-password';
    }
    return url.toString();
  };
  const root = () => createConnection({ uri: MYSQL_URL });
  const freshName = () => {
    const name = `portico_ops_${randomBytes(5).toString('hex')}`;
    created.push(name);
    return name;
  };
  /** A database that exists and has no table, as an operator creates it. */
  const emptyDatabase = async () => {
    const name = freshName();
    const conn = await root();
    await conn.query(
      `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
    await conn.end();
    return name;
  };
  const production = (url: string, vars: Record<string, string> = {}) => ({
    NODE_ENV: 'production',
    APP_SECRET: SECRET,
    DATABASE_URL: url,
    DATA_DIR: join(dir, 'state'),
    SEED_DEMO: 'false',
    ...vars,
  });

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'portico-ops-mysql-'));
    mkdirSync(join(dir, 'state'));
  });
  afterAll(async () => {
    const conn = await root();
    for (const name of created) await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await conn.end();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses to start in production with pending migrations, naming them; npm run migrate applies them', async () => {
    const name = await emptyDatabase();

    const refused = await startServer(dir, production(urlFor(name)));
    expect('url' in refused).toBe(false);
    const { code, stderr } = refused as Run;
    expect(code).toBe(1);
    expect(stderr).toContain(`needs ${MIGRATION_NAMES.length} migration(s)`);
    for (const migration of MIGRATION_NAMES) expect(stderr).toContain(migration);
    expect(stderr).toContain('npm run migrate');
    expect(stderr).not.toMatch(/\n\s+at /);
    // Nothing was applied by the refusing instance, and `npm run admin` refuses the same way.
    const check = await root();
    const [tables] = await check.query<any>(
      'SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = ? AND table_name = ?',
      [name, 'users'],
    );
    await check.end();
    expect(Number(tables[0].n)).toBe(0);
    const admin = await runNode(
      'cli/admin.js',
      ['create', 'ops_admin'],
      dir,
      production(urlFor(name)),
    );
    expect(admin.code).toBe(1);
    expect(admin.stderr).toContain(MIGRATION_NAMES[0]);

    const migrated = await runNode('cli/migrate.js', [], dir, production(urlFor(name)));
    expect(migrated).toMatchObject({ code: 0 });
    expect(migrated.stdout).toContain(`applied ${MIGRATION_NAMES.length} migration(s)`);
    const again = await runNode('cli/migrate.js', [], dir, production(urlFor(name)));
    expect(again.stdout).toContain('no migration to apply');

    const server = await startServer(dir, production(urlFor(name)));
    expectStarted(server);
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 180_000);

  it('migrates at start in production when MIGRATE_ON_START=true', async () => {
    const name = await emptyDatabase();
    const refused = await startServer(dir, production(urlFor(name), { MIGRATE_ON_START: 'false' }));
    expect(refused).toMatchObject({ code: 1 });
    const server = await startServer(dir, production(urlFor(name), { MIGRATE_ON_START: 'true' }));
    expectStarted(server);
    await server.stop();
    const check = await root();
    const [rows] = await check.query<any>(`SELECT name FROM \`${name}\`.migrations`);
    await check.end();
    expect(rows.map((r: { name: string }) => r.name).sort()).toEqual([...MIGRATION_NAMES].sort());
  }, 120_000);

  it('lets a command (npm run migrate, admin) run statements past DB_QUERY_TIMEOUT_MS', async () => {
    const name = await emptyDatabase();
    // Past the default DB_QUERY_TIMEOUT_MS of 5 s, which bounds the server's statements.
    const env = loadEnv(production(urlFor(name)));
    const slept = await withDatabase(env, (dataSource) =>
      dataSource.query<{ slept: number }[]>('SELECT SLEEP(6) AS slept'),
    );
    expect(slept.map((row) => Number(row.slept))).toEqual([0]);
  }, 60_000);

  it('creates a database that does not exist (utf8mb4) when the account may', async () => {
    const name = freshName();
    const migrated = await runNode('cli/migrate.js', [], dir, production(urlFor(name)));
    expect(migrated).toMatchObject({ code: 0 });
    const conn = await root();
    const [schema] = await conn.query<any>(
      'SELECT DEFAULT_CHARACTER_SET_NAME AS charset FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?',
      [name],
    );
    await conn.end();
    expect(schema).toEqual([{ charset: 'utf8mb4' }]);
  }, 120_000);

  it('names the SQL to run, in one line, when the account may not create the database', async () => {
    const name = freshName();
    const user = `ops_${randomBytes(4).toString('hex')}`;
    const conn = await root();
    await conn.query(`CREATE USER '${user}'@'%' IDENTIFIED BY 'ops-config-password'`);
    await conn.query(`CREATE USER '${user}'@'localhost' IDENTIFIED BY 'ops-config-password'`);
    try {
      for (const run of [
        await runNode('cli/migrate.js', [], dir, production(urlFor(name, user))),
        await startServer(dir, production(urlFor(name, user), { DB_STARTUP_TIMEOUT_MS: '1' })),
      ]) {
        expect('url' in run).toBe(false);
        const { code, stderr } = run as Run;
        expect(code).toBe(1);
        const sql =
          `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci; ` +
          `GRANT ALL PRIVILEGES ON \`${name}\`.* TO '${user}'@'%';`;
        expect(stderr).toContain(sql);
        expect(stderr.trim().split('\n')).toHaveLength(1);
      }
    } finally {
      await conn.query(`DROP USER '${user}'@'%'`);
      await conn.query(`DROP USER '${user}'@'localhost'`);
      await conn.end();
    }
  }, 120_000);
});
