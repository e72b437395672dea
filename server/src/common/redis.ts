import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { ENV } from '../env/env';
import type { Env } from '../env/env';

/**
 * The optional Redis (REDIS_URL) that instances share: `client` for commands (rate limits),
 * `subscriber` for pub/sub (cache invalidation). Both are absent without REDIS_URL. Commands fail
 * fast rather than queue while Redis is away, so callers can fall back instead of hanging.
 */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  private readonly logger = new Logger('Redis');
  readonly client?: Redis;
  readonly subscriber?: Redis;
  /** Put in front of every key and channel name (REDIS_PREFIX). */
  readonly prefix: string;

  constructor(@Inject(ENV) env: Env) {
    this.prefix = env.REDIS_PREFIX;
    if (!env.REDIS_URL) return;
    this.client = this.connect(env.REDIS_URL, { enableOfflineQueue: false });
    this.subscriber = this.connect(env.REDIS_URL, {});
  }

  async onApplicationShutdown(): Promise<void> {
    for (const redis of [this.client, this.subscriber]) {
      await redis?.quit().catch(() => undefined);
    }
  }

  private connect(url: string, options: { enableOfflineQueue?: boolean }): Redis {
    const redis = new Redis(url, { maxRetriesPerRequest: 1, ...options });
    redis.on('error', (error: Error) => this.logger.warn(error.message));
    return redis;
  }
}

@Global()
@Module({ providers: [RedisService], exports: [RedisService] })
export class RedisModule {}
