import { Global, Injectable, Module } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
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
export const MAX_TRACKED = 100_000;

interface Window {
  resetAt: number;
  count: number;
}

/**
 * Fixed windows (one minute unless told otherwise) per subject: an API key, an IP, a form.
 * Every hit is counted in this process; with REDIS_URL the answer is the count every instance
 * shares (one INCR + PEXPIRE round trip). While Redis is unreachable the limit still holds, per
 * instance, on this process's own count (which has kept counting all along), and is shared again
 * once Redis answers. Past MAX_TRACKED subjects the least recently seen one is forgotten, never
 * the windows of the ones still calling.
 */
@Injectable()
export class RateLimiter {
  private readonly windows = new LRUCache<string, Window>({ max: MAX_TRACKED });

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
    const local = this.hitMemory(`${windowMs}:${subject}`, resetAt, now);
    if (this.redis.client && this.redis.ready) {
      return this.hitRedis(`${windowMs}:${window}:${subject}`, windowMs).then((count) =>
        result(count ?? local, limit, resetSeconds),
      );
    }
    return result(local, limit, resetSeconds);
  }

  /** Counts per subject in its current window; a subject's count restarts when its window does. */
  private hitMemory(slot: string, resetAt: number, now: number): number {
    const current = this.windows.get(slot);
    if (current && current.resetAt > now) return ++current.count;
    this.windows.set(slot, { resetAt, count: 1 });
    return 1;
  }

  /** The shared count, or undefined when Redis did not answer. */
  private async hitRedis(slot: string, windowMs: number): Promise<number | undefined> {
    const key = `${this.redis.prefix}rl:${slot}`;
    try {
      const results = await this.redis
        .client!.multi()
        .incr(key)
        .pexpire(key, windowMs * 2)
        .exec();
      const [error, count] = results?.[0] ?? [new Error('no answer from redis')];
      if (error) throw error;
      this.redis.succeeded();
      return Number(count);
    } catch (error) {
      this.redis.failed(error);
      return undefined;
    }
  }
}

@Global()
@Module({ providers: [RateLimiter], exports: [RateLimiter] })
export class RateLimiterModule {}
