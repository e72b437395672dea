import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEnv, readEnvFile } from './env';
import { EnvSchema } from './env.schema';

const EXAMPLE = join(__dirname, '../../../.env.example');

describe('.env.example', () => {
  it('lists every variable the server reads, and nothing else', () => {
    const text = readFileSync(EXAMPLE, 'utf8');
    const listed = [...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.sort()).toEqual(Object.keys(new EnvSchema()).sort());
  });

  it('is a shell script that sets the same values the server reads from it', () => {
    const fromFile = readEnvFile(EXAMPLE);
    // `set -a; . .env.example`, the way shells and compose-style tools take such files.
    const dump = execFileSync(
      'bash',
      [
        '-ec',
        'set -a; . "$0"; for n in "$@"; do printf "%s=%s\\0" "$n" "${!n}"; done',
        EXAMPLE,
        ...Object.keys(fromFile),
      ],
      { env: { PATH: process.env.PATH } },
    ).toString();
    const script = dump
      .split('\0')
      .filter(Boolean)
      .map((entry) => entry.split(/=(.*)/s).slice(0, 2));
    expect(Object.fromEntries(script)).toEqual(
      Object.fromEntries(Object.keys(fromFile).map((key) => [key, fromFile[key]])),
    );
  });

  it('is valid as shipped: the quick start site on SQLite under DATA_DIR', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portico-env-example-'));
    try {
      const env = loadEnv({ ...readEnvFile(EXAMPLE), DATA_DIR: dataDir });
      expect(env).toMatchObject({
        NODE_ENV: 'development',
        DATABASE_URL: `sqlite:${join(dataDir, 'portico.db')}`,
        SEED_DEMO: true,
        MIGRATE_ON_START: true,
        SMTP_FROM: 'Portico <no-reply@localhost>',
      });
      expect(env.REDIS_URL).toBeUndefined();
      expect(env.APP_SECRET).toHaveLength(64);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
