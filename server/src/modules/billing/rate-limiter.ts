import { Injectable } from '@nestjs/common';
import { RedisService } from '../../common/redis';

export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

const WINDOW_MS = 60_000;

/**
 * Fixed one-minute windows per key or IP. With REDIS_URL every instance shares the counters (one
 * INCR + PEXPIRE round trip); otherwise they live in this process. If Redis is unreachable the
 * limiter lets calls through rather than taking the gateway down with it.
 */
@Injectable()
export class RateLimiter {
  private windows = new Map<string, number>();
  private windowStart = 0;

  constructor(private readonly redis: RedisService) {}

  async hit(subject: string, limit: number, now = Date.now()): Promise<RateLimitResult> {
    const window = Math.floor(now / WINDOW_MS);
    const resetSeconds = Math.ceil(((window + 1) * WINDOW_MS - now) / 1000);
    const count = this.redis.client
      ? await this.hitRedis(subject, window)
      : this.hitMemory(subject, window);
    return {
      allowed: count <= limit,
      limit,
      remaining: Math.max(0, limit - count),
      resetSeconds,
    };
  }

  private hitMemory(subject: string, window: number): number {
    if (window !== this.windowStart) {
      this.windows = new Map();
      this.windowStart = window;
    }
    const count = (this.windows.get(subject) ?? 0) + 1;
    this.windows.set(subject, count);
    return count;
  }

  private async hitRedis(subject: string, window: number): Promise<number> {
    const key = `${this.redis.prefix}rl:${window}:${subject}`;
    try {
      const results = await this.redis
        .client!.multi()
        .incr(key)
        .pexpire(key, WINDOW_MS * 2)
        .exec();
      return Number(results?.[0]?.[1] ?? 0);
    } catch {
      return 0;
    }
  }
}
