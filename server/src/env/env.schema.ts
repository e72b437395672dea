import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateBy,
} from 'class-validator';
import { isIP } from 'node:net';

const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
const toBool = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const v = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off', ''].includes(v)) return false;
  return value;
};

/** An empty value (`AFDIAN_TOKEN=` in an env file) means the variable is not set. */
const emptyAsUnset = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
/** A PEM may arrive on one line with literal \n escapes (env files, container settings). */
const toPem = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() !== '' ? value.replace(/\\n/g, '\n').trim() : undefined;

/** TRUST_PROXY as Fastify takes it: off, a hop count, or the trusted proxies' addresses. */
export type TrustProxy = false | number | string[];

const toTrustProxy = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (['', '0', 'false', 'no', 'off'].includes(text.toLowerCase())) return false;
  if (/^\d+$/.test(text)) return Number(text);
  return text.split(',').map((entry) => entry.trim());
};

/** proxy-addr's names for whole ranges, besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_PROXY_HOPS = 10;

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const IsTrustProxy = () =>
  ValidateBy({
    name: 'isTrustProxy',
    validator: {
      validate: (value: unknown) =>
        value === false ||
        (Number.isInteger(value) &&
          (value as number) >= 1 &&
          (value as number) <= MAX_PROXY_HOPS) ||
        (Array.isArray(value) && value.every((entry) => isProxyAddress(String(entry)))),
      defaultMessage: () =>
        'TRUST_PROXY must be false, the number of proxies in front of Portico (1-10: 1 for one ' +
        'nginx), or their addresses or CIDRs, comma-separated (e.g. 10.0.0.5,172.18.0.0/16); ' +
        '`true` is refused, as trusting every hop lets a client write its own address',
    },
  });

/** A valid IANA time zone name (Intl refuses anything else with a RangeError). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Which test-only switches exist, and when each is on (registered by @TestOnly). */
const TEST_SWITCHES = new Map<string, (value: unknown) => boolean>();

/**
 * A switch for tests and demos only: with NODE_ENV=production, turning it on refuses to start,
 * unless I_UNDERSTAND_TEST_SWITCHES_IN_PRODUCTION=true (then createApp warns at every start).
 */
function TestOnly(isOn: (value: unknown) => boolean): PropertyDecorator {
  return (target, property) => {
    TEST_SWITCHES.set(String(property), isOn);
    ValidateBy({
      name: 'testOnly',
      validator: {
        validate: (value, args) => {
          const env = args!.object as EnvSchema;
          return (
            env.NODE_ENV !== 'production' ||
            env.I_UNDERSTAND_TEST_SWITCHES_IN_PRODUCTION === true ||
            !isOn(value)
          );
        },
        defaultMessage: (args) =>
          `${args!.property}=${String(args!.value)} is a test-only setting, refused with ` +
          'NODE_ENV=production (set I_UNDERSTAND_TEST_SWITCHES_IN_PRODUCTION=true to start anyway)',
      },
    })(target, property);
  };
}

/** The test-only switches that are on, as NAME=value. */
export function testSwitchesOn(env: EnvSchema): string[] {
  const values = env as unknown as Record<string, unknown>;
  return [...TEST_SWITCHES]
    .filter(([name, isOn]) => isOn(values[name]))
    .map(([name]) => `${name}=${String(values[name])}`);
}

/** Every environment variable the server reads, with its default. */
export class EnvSchema {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  @Matches(/^(sqlite:.+|mysql:\/\/.+)$/, {
    message:
      'DATABASE_URL must be sqlite:<path> or mysql://user:pass@host:port/db (mariadb:// for MariaDB)',
  })
  DATABASE_URL = 'sqlite:./data/portico.db';

  @IsString()
  DATA_DIR = './data';

  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'APP_SECRET must be at least 32 characters' })
  APP_SECRET?: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9_]{3,32}$/, {
    message: 'ADMIN_USERNAME may only contain letters, digits and underscores (3-32)',
  })
  ADMIN_USERNAME?: string;

  @IsOptional()
  @IsString()
  @MinLength(8, { message: 'ADMIN_PASSWORD must be at least 8 characters' })
  ADMIN_PASSWORD?: string;

  /**
   * The proxies whose X-Forwarded-For / -Proto entries are believed: false (none), a hop count,
   * or their addresses/CIDRs. The client is the right-most address no trusted proxy wrote.
   */
  @Transform(toTrustProxy)
  @IsTrustProxy()
  TRUST_PROXY: TrustProxy = false;

  @IsOptional()
  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must be redis://host:port' })
  REDIS_URL?: string;

  /** Prefix of every Redis key and channel, so several sites (or test runs) can share one Redis. */
  @Matches(/^[A-Za-z0-9:_-]{1,40}$/, {
    message: 'REDIS_PREFIX may only contain letters, digits, : _ -',
  })
  REDIS_PREFIX = 'portico:';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /** `auto`: readable lines on a terminal, JSON lines otherwise; or force `json` / `pretty`. */
  @IsIn(['auto', 'json', 'pretty'])
  LOG_FORMAT: 'auto' | 'json' | 'pretty' = 'auto';

  @Transform(toBool)
  @IsBoolean()
  SEED_DEMO = true;

  /**
   * Whether the server and `npm run admin` apply pending migrations when they start; unset: yes,
   * except in production on MySQL, where `npm run migrate` is the step that migrates.
   */
  @Transform(toBool)
  @IsOptional()
  @IsBoolean()
  MIGRATE_ON_START?: boolean;

  @IsString()
  CLIENT_DIST = '';

  /** Gateway calls per minute for one API key. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  RATE_LIMIT_PER_KEY = 600;

  /** Gateway calls per minute for one IP calling without a key. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  RATE_LIMIT_PER_IP = 120;

  /**
   * Page renders per minute one IP may cause (asks for pages not stored yet); past it the SPA
   * shell is served, which the browser renders itself.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  PAGE_RENDERS_PER_IP = 60;

  /** Bearer token for /metrics; unset, only direct connections from this machine may read it. */
  @Transform(emptyAsUnset)
  @IsOptional()
  @MinLength(16, { message: 'METRICS_TOKEN must be at least 16 characters' })
  METRICS_TOKEN?: string;

  /** Accounts one IP may register per hour (guards against scripted sign-ups). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  REGISTRATIONS_PER_IP_PER_HOUR = 10;

  /** Password-reset requests one IP may make per hour (each account gets at most 3 mails an hour). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  PASSWORD_RESETS_PER_IP_PER_HOUR = 10;

  /** Redeem-code attempts one user may make per minute (429 past it). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  REDEEM_ATTEMPTS_PER_USER_PER_MINUTE = 10;

  /** Redeem-code attempts one IP may make per minute, whoever is signed in (429 past it). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  REDEEM_ATTEMPTS_PER_IP_PER_MINUTE = 30;

  /** How often batched call counters and free-call logs are written, in milliseconds. */
  @Transform(toInt)
  @IsInt()
  @Min(50)
  @Max(60000)
  GATEWAY_FLUSH_MS = 1000;

  /** Days free-call log rows are kept (0 keeps them forever); charged rows are always kept. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  ACCESS_LOG_RETENTION_DAYS = 0;

  /**
   * Calendar months of raw call-log rows kept, charged ones too, counting the running month (0
   * keeps them forever). Only closed months go (ledger/closings.ts): their closings, rollups and
   * the other ledger tables keep every balance and statement exact.
   */
  @Transform(toInt)
  @ValidateBy({
    name: 'isRetentionMonths',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'number' && Number.isInteger(value) && (value === 0 || value >= 2),
      defaultMessage: () =>
        'LOG_RETENTION_MONTHS must be 0 (keep every month) or at least 2: the running month and the one before it stay, since a month can only be closed once it has ended',
    },
  })
  LOG_RETENTION_MONTHS = 0;

  /**
   * How often each API's health (latency, success rate, state) is worked out again from the
   * calls' 5-minute buckets, in milliseconds.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(3_600_000)
  HEALTH_REFRESH_MS = 60_000;

  /**
   * How often each instance looks for API probes that are due, in milliseconds (each probe runs
   * at its own interval, at least 30 s, and on one instance at a time).
   */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(60_000)
  HEALTH_PROBE_TICK_MS = 5000;

  /**
   * The site's time zone (IANA name): free quotas per day or month start again at its midnight.
   */
  @Transform(emptyAsUnset)
  @ValidateBy({
    name: 'isTimeZone',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && isTimeZone(value),
      defaultMessage: () => 'SITE_TIME_ZONE must be an IANA time zone such as Asia/Shanghai or UTC',
    },
  })
  SITE_TIME_ZONE = 'UTC';

  /**
   * Afdian open API hosts, comma-separated, tried in order when one cannot be reached (the
   * query-order call goes to {host}/api/open/query-order). Afdian moved from afdian.com to ifdian.net.
   */
  @Matches(/^\s*https?:\/\/[^\s,]+(\s*,\s*https?:\/\/[^\s,]+)*\s*$/, {
    message: 'AFDIAN_BASE_URL must be one or more http(s) URLs separated by commas',
  })
  // Plain http lets anyone on the path answer query-order: only a local fake speaks it.
  @TestOnly((value) => /(^|,)\s*http:/i.test(String(value)))
  AFDIAN_BASE_URL = 'https://ifdian.net,https://afdian.com';

  /**
   * live: the real Afdian; sandbox: the built-in sandbox that speaks Afdian's protocol with play
   * money; auto: the sandbox outside production when no credentials are set, else live.
   */
  @IsIn(['auto', 'live', 'sandbox'])
  @TestOnly((value) => value === 'sandbox')
  AFDIAN_MODE: 'auto' | 'live' | 'sandbox' = 'auto';

  /** How soon an unpaid order is asked about again; the wait doubles up to an hour, for 24 hours. */
  @Transform(toInt)
  @IsInt()
  @Min(50)
  @Max(3_600_000)
  AFDIAN_RECHECK_MS = 60_000;

  @Transform(emptyAsUnset)
  @IsOptional()
  @IsString()
  AFDIAN_USER_ID?: string;

  @Transform(emptyAsUnset)
  @IsOptional()
  @IsString()
  AFDIAN_TOKEN?: string;

  /** The page users pay on; the recharge page appends their custom_order_id. */
  @Transform(emptyAsUnset)
  @IsOptional()
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'AFDIAN_SPONSOR_URL must be an http(s) URL' })
  AFDIAN_SPONSOR_URL?: string;

  /** Balance yuan credited per paid yuan, as decimal text (never a float). */
  @Matches(/^(?!0+(\.0+)?$)\d{1,6}(\.\d{1,6})?$/, {
    message: 'RECHARGE_RATE must be a positive decimal such as 1 or 0.8 (at most 6 decimals)',
  })
  RECHARGE_RATE = '1';

  @Transform(toPem)
  @IsOptional()
  @Matches(/^-----BEGIN (RSA )?PUBLIC KEY-----[\s\S]+-----END (RSA )?PUBLIC KEY-----$/, {
    message: 'AFDIAN_WEBHOOK_PUBLIC_KEY must be a PEM public key',
  })
  AFDIAN_WEBHOOK_PUBLIC_KEY?: string;

  /** How long an Afdian query may take, in milliseconds. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(60000)
  AFDIAN_TIMEOUT_MS = 8000;

  /** Where low-balance e-mails go out: smtp(s)://user:pass@host:port; unset: no e-mail. */
  @Transform(emptyAsUnset)
  @IsOptional()
  @Matches(/^smtps?:\/\/[^\s]+$/, { message: 'SMTP_URL must be smtp://host:port or smtps://...' })
  SMTP_URL?: string;

  @IsString()
  SMTP_FROM = 'Portico <no-reply@localhost>';

  /** The first retry of a failed alert e-mail or webhook waits this long; each next one twice as long. */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(3_600_000)
  ALERT_RETRY_MS = 30_000;

  /** How many times an alert e-mail or webhook is tried before it is marked failed. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10)
  ALERT_ATTEMPTS = 5;

  /** How long one webhook delivery may take, connection included. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(60_000)
  ALERT_WEBHOOK_TIMEOUT_MS = 5000;

  /** Lets webhooks use http:// on loopback addresses: for tests only, never in production. */
  @Transform(toBool)
  @IsBoolean()
  @TestOnly((value) => value === true)
  ALERT_WEBHOOK_ALLOW_LOOPBACK = false;

  /** A new MySQL connection's connect and handshake, in milliseconds. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600_000)
  DB_CONNECT_TIMEOUT_MS = 5000;

  /** One MySQL statement, waiting included; past it the call answers 503 (0: no limit). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(3_600_000)
  DB_QUERY_TIMEOUT_MS = 5000;

  /** Waiting for a free MySQL pool connection; past it the call answers 503 (0: no limit). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(600_000)
  DB_ACQUIRE_TIMEOUT_MS = 5000;

  /** SQLite: waiting for another writer's lock (busy_timeout). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(600_000)
  DB_BUSY_TIMEOUT_MS = 5000;

  /** How long a starting instance waits for an unreachable database before exiting (0: forever). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  DB_STARTUP_TIMEOUT_MS = 300_000;

  /** Starts production with test-only switches on (each is named in a warning at start). */
  @Transform(toBool)
  @IsBoolean()
  I_UNDERSTAND_TEST_SWITCHES_IN_PRODUCTION = false;

  /**
   * The site's address as visitors reach it (https://api.example.com): the cookies' Secure flag,
   * and absolute URLs unless the admin set a site URL. Unset: the request's Host when no proxy is
   * trusted, else relative URLs; behind a proxy, request headers never name the site.
   */
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().replace(/\/+$/, '') : value,
  )
  @Matches(/^(https?:\/\/[^\s/?#@]+)?$/i, {
    message: "PUBLIC_URL must be the site's origin, such as https://api.example.com (no path)",
  })
  PUBLIC_URL = '';

  /** Receiving one whole request (headers and body); a slower one is answered 408 and closed. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(600_000)
  REQUEST_TIMEOUT_MS = 30_000;

  /** Receiving a request's headers; at most REQUEST_TIMEOUT_MS. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(600_000)
  @ValidateBy({
    name: 'notOverRequestTimeout',
    validator: {
      validate: (value, args) =>
        (value as number) <= (args!.object as EnvSchema).REQUEST_TIMEOUT_MS,
      defaultMessage: () => 'HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS',
    },
  })
  HEADERS_TIMEOUT_MS = 10_000;

  /**
   * A connection with no traffic either way for this long is closed (a client that stops reading
   * an answer). Longer than the longest upstream timeout (120 s), which a call may wait silently.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(3_600_000)
  CONNECTION_TIMEOUT_MS = 180_000;

  /**
   * How long a shutdown waits for requests in flight before it closes the connections left (a
   * download still going, a client that sent half a request) and writes the batched counters and
   * logs. Below the supervisor's grace (30 s in the compose file and the docs), or its SIGKILL
   * comes first and what was batched is lost.
   */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600_000)
  SHUTDOWN_DRAIN_MS = 20_000;

  /** A session ends this many days after sign-in, however active (the idle limit is 30 days). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(400)
  SESSION_MAX_AGE_DAYS = 30;
}
