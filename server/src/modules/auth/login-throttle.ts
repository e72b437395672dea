import { Injectable, Logger } from '@nestjs/common';
import { RedisService } from '../../common/redis';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_USERNAME = 5;
export const MAX_FAILURES_PER_IP = 20;
/** Past this many tracked keys, expired ones are swept so the map cannot grow without bound. */
const SWEEP_AT = 10_000;

/** Whose failures count: the login form (user or admin), the lower-cased name and the client IP. */
export interface LoginAttempt {
  scope: 'user' | 'admin';
  username: string;
  ip: string;
}

/**
 * Failed-login counters over a sliding 15-minute window. With REDIS_URL they are sorted sets of
 * failure times shared by every instance (so N instances do not allow N times the attempts);
 * without it, or while Redis is unreachable, they live in this process.
 */
@Injectable()
export class LoginThrottle {
  private readonly logger = new Logger('LoginThrottle');
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly redis: RedisService) {}

  /** Seconds until this attempt may be made, or 0 when it may be made now. */
  async retryAfter(attempt: LoginAttempt): Promise<number> {
    const now = Date.now();
    const limits: [string, number][] = [
      [this.usernameKey(attempt), MAX_FAILURES_PER_USERNAME],
      [this.ipKey(attempt), MAX_FAILURES_PER_IP],
    ];
    const waits = await Promise.all(
      limits.map(async ([key, limit]) =>
        this.waitFor(
          limit,
          now,
          await this.shared(
            (r) => this.redisTimes(r, key, now),
            () => this.recent(key, now),
          ),
        ),
      ),
    );
    return Math.max(...waits);
  }

  async recordFailure(attempt: LoginAttempt): Promise<void> {
    const now = Date.now();
    const keys = [this.usernameKey(attempt), this.ipKey(attempt)];
    await this.shared(
      async (redis) => {
        const batch = redis.multi();
        for (const key of keys) {
          const redisKey = this.redisKey(key);
          batch
            .zadd(redisKey, now, `${now}:${Math.random()}`)
            .zremrangebyscore(redisKey, 0, now - THROTTLE_WINDOW_MS)
            .pexpire(redisKey, THROTTLE_WINDOW_MS);
        }
        await batch.exec();
      },
      () => {
        if (this.failures.size > SWEEP_AT) this.sweep(now);
        for (const key of keys) this.failures.set(key, [...this.recent(key, now), now]);
      },
    );
  }

  /** A correct password clears the name's failures (not the IP's, or one account could reset it). */
  async recordSuccess(attempt: LoginAttempt): Promise<void> {
    const key = this.usernameKey(attempt);
    await this.shared(
      async (redis) => {
        await redis.del(this.redisKey(key));
      },
      () => {
        this.failures.delete(key);
      },
    );
  }

  /** Runs `shared` against Redis when there is one, else (or when it fails) `local`. */
  private async shared<T>(
    shared: (redis: NonNullable<RedisService['client']>) => Promise<T>,
    local: () => T,
  ): Promise<T> {
    const client = this.redis.client;
    if (!client) return local();
    try {
      return await shared(client);
    } catch (error) {
      this.logger.warn(`redis unavailable, counting in memory: ${String(error)}`);
      return local();
    }
  }

  private async redisTimes(
    redis: NonNullable<RedisService['client']>,
    key: string,
    now: number,
  ): Promise<number[]> {
    const scores = await redis.zrangebyscore(this.redisKey(key), now - THROTTLE_WINDOW_MS, '+inf');
    return scores.map((member) => Number(member.split(':')[0]));
  }

  private redisKey(key: string): string {
    return `${this.redis.prefix}login:${key}`;
  }

  private usernameKey(attempt: LoginAttempt): string {
    return `${attempt.scope}:name:${attempt.username.toLowerCase()}`;
  }

  private ipKey(attempt: LoginAttempt): string {
    return `${attempt.scope}:ip:${attempt.ip}`;
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((t) => now - t < THROTTLE_WINDOW_MS);
  }

  private waitFor(limit: number, now: number, times: number[]): number {
    if (times.length < limit) return 0;
    const unlockAt = times[times.length - limit] + THROTTLE_WINDOW_MS;
    return Math.max(1, Math.ceil((unlockAt - now) / 1000));
  }

  private sweep(now: number): void {
    for (const key of [...this.failures.keys()]) {
      if (this.recent(key, now).length === 0) this.failures.delete(key);
    }
  }
}
