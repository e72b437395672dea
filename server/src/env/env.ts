import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
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

/** Reads and validates the environment; throws EnvError naming every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const defined = Object.fromEntries(
    Object.entries(source).filter(([key, value]) => value !== undefined && key in new EnvSchema()),
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
