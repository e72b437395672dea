import { Injectable } from '@nestjs/common';
import { RedisService } from '../../common/redis';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** Failures one address may make on one account before it is locked out of that account. */
export const MAX_FAILURES_PER_ACCOUNT_AND_IP = 5;
/** Failures one address may make across all accounts before it is locked out of logging in. */
export const MAX_FAILURES_PER_IP = 20;
/** From this many failures on one account (from anywhere), every attempt on it is slowed down. */
export const SLOWDOWN_AFTER_ACCOUNT_FAILURES = 10;
const SLOWDOWN_STEP_MS = 1000;
const MAX_SLOWDOWN_MS = 5000;
/** Past this many tracked counters, expired ones are swept so the map cannot grow without bound. */
const SWEEP_AT = 10_000;

/** Whose failures count: the login form (user or admin), the lower-cased name and the client IP. */
export interface LoginAttempt {
  scope: 'user' | 'admin';
  username: string;
  ip: string;
}

/** What an attempt may do: wait `retryAfter` seconds (locked), or go on after `delayMs`. */
export interface Admission {
  retryAfter: number;
  delayMs: number;
}

interface Counter {
  count: number;
  resetAt: number;
}

/**
 * Checks the limits and counts the attempt in one step, so parallel guesses cannot all pass the
 * check before any is recorded: KEYS are (account+IP, IP, account), ARGV the window and the two
 * limits. Answers {admitted, retry-after ms, account count}.
 */
const BEGIN_SCRIPT = `
local pair = tonumber(redis.call('GET', KEYS[1]) or '0')
local ip = tonumber(redis.call('GET', KEYS[2]) or '0')
if pair >= tonumber(ARGV[2]) then return {0, redis.call('PTTL', KEYS[1]), 0} end
if ip >= tonumber(ARGV[3]) then return {0, redis.call('PTTL', KEYS[2]), 0} end
local account = 0
for i = 1, 3 do
  local n = redis.call('INCR', KEYS[i])
  if n == 1 then redis.call('PEXPIRE', KEYS[i], ARGV[1]) end
  account = n
end
return {1, 0, account}
`;

/** A correct password: the account+IP failures are forgiven, the attempt given back elsewhere. */
const SUCCESS_SCRIPT = `
redis.call('DEL', KEYS[1])
for i = 2, 3 do
  if tonumber(redis.call('GET', KEYS[i]) or '0') > 0 then redis.call('DECR', KEYS[i]) end
end
return 1
`;

/**
 * Failed-login counters in fixed 15-minute windows:
 * - an address that fails 5 times on one account is locked out of that account;
 * - an address that fails 20 times across accounts is locked out of logging in;
 * - an account that fails 10 times from anywhere is slowed down (1 s more per failure, at most
 *   5 s), never locked, so guessing from many addresses cannot lock the owner out, who can always
 *   log in from a clean address.
 * An attempt counts as a failure from the moment it starts; a correct password takes it back.
 * With REDIS_URL the counters are shared by every instance; otherwise, or while Redis is
 * unreachable, they live in this process.
 */
@Injectable()
export class LoginThrottle {
  private readonly counters = new Map<string, Counter>();

  constructor(private readonly redis: RedisService) {}

  async begin(attempt: LoginAttempt): Promise<Admission> {
    const keys = this.keys(attempt);
    const [admitted, retryMs, accountFailures] = await this.shared(
      async (redis) =>
        (await redis.eval(
          BEGIN_SCRIPT,
          keys.length,
          ...keys.map((key) => this.redisKey(key)),
          THROTTLE_WINDOW_MS,
          MAX_FAILURES_PER_ACCOUNT_AND_IP,
          MAX_FAILURES_PER_IP,
        )) as [number, number, number],
      () => this.beginLocal(keys),
    );
    if (!admitted) return { retryAfter: Math.max(1, Math.ceil(retryMs / 1000)), delayMs: 0 };
    const over = accountFailures - SLOWDOWN_AFTER_ACCOUNT_FAILURES;
    return {
      retryAfter: 0,
      delayMs: over > 0 ? Math.min(over * SLOWDOWN_STEP_MS, MAX_SLOWDOWN_MS) : 0,
    };
  }

  async succeeded(attempt: LoginAttempt): Promise<void> {
    const keys = this.keys(attempt);
    await this.shared(
      async (redis) => {
        await redis.eval(SUCCESS_SCRIPT, keys.length, ...keys.map((key) => this.redisKey(key)));
      },
      () => {
        this.counters.delete(keys[0]);
        for (const key of keys.slice(1)) {
          const counter = this.counters.get(key);
          if (counter && counter.count > 0) counter.count--;
        }
      },
    );
  }

  /** The same rules as BEGIN_SCRIPT; synchronous, so no other attempt runs in between. */
  private beginLocal(keys: string[]): [number, number, number] {
    const now = Date.now();
    if (this.counters.size > SWEEP_AT) this.sweep(now);
    const [pair, ip] = keys.map((key) => this.live(key, now));
    if (pair && pair.count >= MAX_FAILURES_PER_ACCOUNT_AND_IP) return [0, pair.resetAt - now, 0];
    if (ip && ip.count >= MAX_FAILURES_PER_IP) return [0, ip.resetAt - now, 0];
    let account = 0;
    for (const key of keys) {
      const counter = this.live(key, now) ?? { count: 0, resetAt: now + THROTTLE_WINDOW_MS };
      counter.count++;
      this.counters.set(key, counter);
      account = counter.count;
    }
    return [1, 0, account];
  }

  private live(key: string, now: number): Counter | undefined {
    const counter = this.counters.get(key);
    return counter && counter.resetAt > now ? counter : undefined;
  }

  /**
   * Runs `shared` against Redis when it is connected, else (or when it fails) `local`: Redis
   * being away never lifts the lock-out, it holds per instance meanwhile (RedisService logs it
   * once and reports it).
   */
  private async shared<T>(
    shared: (redis: NonNullable<RedisService['client']>) => Promise<T>,
    local: () => T,
  ): Promise<T> {
    const client = this.redis.client;
    if (!client || !this.redis.ready) return local();
    try {
      const answer = await shared(client);
      this.redis.succeeded();
      return answer;
    } catch (error) {
      this.redis.failed(error);
      return local();
    }
  }

  /** Account+IP, IP, account: the order both scripts and beginLocal rely on. */
  private keys({ scope, username, ip }: LoginAttempt): string[] {
    // Real names have at most 32 characters; a longer one cannot make a key grow without bound.
    const name = username.toLowerCase().slice(0, 64);
    return [`${scope}:pair:${name}:${ip}`, `${scope}:ip:${ip}`, `${scope}:name:${name}`];
  }

  private redisKey(key: string): string {
    return `${this.redis.prefix}login:${key}`;
  }

  private sweep(now: number): void {
    for (const [key, counter] of this.counters) {
      if (counter.resetAt <= now) this.counters.delete(key);
    }
  }
}
