import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { EnvSchema } from './env.schema';

/** The variables that may stay unset; every other one has a value once loaded. */
type OptionalVariable =
  | 'ADMIN_USERNAME'
  | 'ADMIN_PASSWORD'
  | 'REDIS_URL'
  | 'METRICS_TOKEN'
  | 'AFDIAN_USER_ID'
  | 'AFDIAN_TOKEN'
  | 'AFDIAN_SPONSOR_URL'
  | 'AFDIAN_WEBHOOK_PUBLIC_KEY';

export type Env = Readonly<Required<Omit<EnvSchema, OptionalVariable>>> &
  Readonly<Pick<EnvSchema, OptionalVariable>>;

/** Whether logs and the start-up banner are for a person (a terminal) rather than a collector. */
export function prettyLogs(env: Pick<Env, 'LOG_FORMAT'>): boolean {
  return (
    env.LOG_FORMAT === 'pretty' || (env.LOG_FORMAT === 'auto' && process.stdout.isTTY === true)
  );
}

/** Injection token for the validated environment. */
export const ENV = Symbol('ENV');

export class EnvError extends Error {}

/**
 * The variables of an env file (`.env` in the working directory by default), as Node's
 * `--env-file` reads them; none when there is no such file.
 */
export function readEnvFile(file = resolve('.env')): Record<string, string> {
  if (!existsSync(file)) return {};
  return parseEnv(readFileSync(file, 'utf8')) as Record<string, string>;
}

/** The process's environment over `.env`: a variable set in both keeps the environment's value. */
export function environmentWithEnvFile(): Record<string, string | undefined> {
  return { ...readEnvFile(), ...process.env };
}

const FILE_SUFFIX = '_FILE';

/**
 * Each `NAME_FILE` (a Docker or Kubernetes secret mounted as a file) as `NAME`, read now; its
 * trailing line break is not part of the value. Setting both is refused: which one wins would be
 * a guess.
 */
function readSecretFiles(
  source: Record<string, string | undefined>,
  known: Set<string>,
): Record<string, string | undefined> {
  const result = { ...source };
  for (const [key, path] of Object.entries(source)) {
    const name = key.slice(0, -FILE_SUFFIX.length);
    if (!key.endsWith(FILE_SUFFIX) || !known.has(name) || !path) continue;
    if (source[name])
      throw new EnvError(`Invalid environment:\n  ${name}: set ${key} or ${name}, not both`);
    try {
      result[name] = readFileSync(path, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      const reason = (error as { code?: string }).code ?? String(error);
      throw new EnvError(`Invalid environment:\n  ${key}: cannot read ${path} (${reason})`);
    }
  }
  return result;
}

/**
 * Reads and validates the environment (by default the process's, over `.env`); throws EnvError
 * naming every bad variable. An empty value (`REDIS_URL=` in an env file) is an unset variable.
 */
export function loadEnv(
  source: Record<string, string | undefined> = environmentWithEnvFile(),
): Env {
  const known = new Set(Object.keys(new EnvSchema()));
  const defined = Object.fromEntries(
    Object.entries(readSecretFiles(source, known)).filter(
      ([key, value]) => value !== undefined && value !== '' && known.has(key),
    ),
  );
  const env = plainToInstance(EnvSchema, defined);
  const errors = validateSync(env, { whitelist: false });
  if (errors.length > 0) {
    const lines = errors.map(
      (e) => `${e.property}: ${Object.values(e.constraints ?? {}).join('; ')}`,
    );
    throw new EnvError(`Invalid environment:\n  ${lines.join('\n  ')}`);
  }
  env.DATA_DIR = resolve(env.DATA_DIR);
  // The SQLite file lives in DATA_DIR with the generated secret unless DATABASE_URL names it:
  // moving one without the other would leave every stored API key unreadable.
  if (defined.DATABASE_URL === undefined) {
    env.DATABASE_URL = `sqlite:${join(env.DATA_DIR, 'portico.db')}`;
  }
  env.MIGRATE_ON_START ??= !(
    env.NODE_ENV === 'production' && !env.DATABASE_URL.startsWith('sqlite:')
  );
  env.CLIENT_DIST ||= resolve(__dirname, '../../../client/dist');
  env.APP_SECRET ??= appSecretFromDataDir(env);
  return env as Env;
}

function appSecretFromDataDir(env: EnvSchema): string {
  if (env.NODE_ENV === 'production') {
    throw new EnvError(
      'Invalid environment:\n  APP_SECRET: required in production (32+ characters)',
    );
  }
  const file = join(env.DATA_DIR, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
