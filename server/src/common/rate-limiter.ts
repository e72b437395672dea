import { Global, Injectable, Module } from '@nestjs/common';
import { RedisService } from './redis';

export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

const MINUTE_MS = 60_000;

const result = (count: number, limit: number, resetSeconds: number): RateLimitResult => ({
  allowed: count <= limit,
  limit,
  remaining: Math.max(0, limit - count),
  resetSeconds,
});
/** Subjects tracked in memory at most (the gateway only tracks known keys and callers' IPs). */
const MAX_TRACKED = 100_000;

/**
 * Fixed windows (one minute unless told otherwise) per subject: an API key, an IP, a form. With REDIS_URL every instance shares the counters (one
 * INCR + PEXPIRE round trip); otherwise they live in this process. If Redis is unreachable the
 * limiter lets calls through rather than taking the gateway down with it.
 */
@Injectable()
export class RateLimiter {
  private readonly windows = new Map<string, { resetAt: number; count: number }>();

  constructor(private readonly redis: RedisService) {}

  /**
   * Counts one hit of a subject. In memory the answer is there at once (no promise on the
   * gateway's path); with Redis it is a promise. Either way `await` reads it.
   */
  hit(
    subject: string,
    limit: number,
    windowMs = MINUTE_MS,
    now = Date.now(),
  ): RateLimitResult | Promise<RateLimitResult> {
    const window = Math.floor(now / windowMs);
    const resetAt = (window + 1) * windowMs;
    const resetSeconds = Math.ceil((resetAt - now) / 1000);
    if (this.redis.client) {
      return this.hitRedis(`${windowMs}:${window}:${subject}`, windowMs).then((count) =>
        result(count, limit, resetSeconds),
      );
    }
    return result(this.hitMemory(`${windowMs}:${subject}`, resetAt, now), limit, resetSeconds);
  }

  /** Counts per subject in its current window; a subject's count restarts when its window does. */
  private hitMemory(slot: string, resetAt: number, now: number): number {
    const current = this.windows.get(slot);
    if (current && current.resetAt > now) return ++current.count;
    if (this.windows.size >= MAX_TRACKED) this.sweep(now);
    this.windows.set(slot, { resetAt, count: 1 });
    return 1;
  }

  /** Drops finished windows; if every subject is live, starts over rather than grow further. */
  private sweep(now: number): void {
    for (const [slot, entry] of this.windows) {
      if (entry.resetAt <= now) this.windows.delete(slot);
    }
    if (this.windows.size >= MAX_TRACKED) this.windows.clear();
  }

  private async hitRedis(slot: string, windowMs: number): Promise<number> {
    const key = `${this.redis.prefix}rl:${slot}`;
    try {
      const results = await this.redis
        .client!.multi()
        .incr(key)
        .pexpire(key, windowMs * 2)
        .exec();
      return Number(results?.[0]?.[1] ?? 0);
    } catch {
      return 0;
    }
  }
}

@Global()
@Module({ providers: [RateLimiter], exports: [RateLimiter] })
export class RateLimiterModule {}
