import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { ENV } from '../env/env';
import type { Env } from '../env/env';
import { MetricsService } from './metrics';

const COMMAND_TIMEOUT_MS = 1000;

/**
 * The optional Redis (REDIS_URL) that instances share: `client` for commands (rate limits),
 * `subscriber` for pub/sub (cache invalidation). Both are absent without REDIS_URL. Commands fail
 * fast rather than queue while Redis is away, so callers can fall back instead of hanging: the
 * limits then count per instance (`fallback`), which is logged once, exported as
 * `portico_redis_fallback` and shown by /readyz, until Redis is ready again.
 */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  private readonly logger = new Logger('Redis');
  readonly client?: Redis;
  readonly subscriber?: Redis;
  /** Put in front of every key and channel name (REDIS_PREFIX). */
  readonly prefix: string;
  private away = false;
  /** Set at shutdown: the connections' own closing is no outage. */
  private closing = false;

  constructor(@Inject(ENV) env: Env, metrics: MetricsService) {
    this.prefix = env.REDIS_PREFIX;
    metrics.reportRedisFallback(() => this.fallback);
    if (!env.REDIS_URL) return;
    // A stalled Redis must not stall the calls it limits: a command gives up after a second.
    this.client = this.connect(env.REDIS_URL, {
      enableOfflineQueue: false,
      commandTimeout: COMMAND_TIMEOUT_MS,
    });
    this.subscriber = this.connect(env.REDIS_URL, {});
    this.client.on('ready', () => this.back());
    // A lost connection is an outage at once, before any command or reconnect attempt fails: a
    // short one would otherwise be served per instance without its warn line.
    this.client.on('close', () => {
      if (!this.closing) this.failed(new Error('connection closed'));
    });
  }

  /** Commands can be sent now: Redis is configured and connected. */
  get ready(): boolean {
    return this.client?.status === 'ready';
  }

  /** Redis is configured but cannot be used: shared limits are counted per instance meanwhile. */
  get fallback(): boolean {
    return this.client !== undefined && (this.away || !this.ready);
  }

  /** A command failed (or a connection broke): logged once per outage. */
  failed(error: unknown): void {
    if (this.away) return;
    this.away = true;
    const reason = error instanceof Error ? error.message : String(error);
    this.logger.warn(
      `redis unavailable (${reason}): rate limits and login lock-out count per instance until it is back`,
    );
  }

  /** A command succeeded: if Redis had been away, it is back. */
  succeeded(): void {
    if (this.away) this.back();
  }

  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    for (const redis of [this.client, this.subscriber]) {
      await redis?.quit().catch(() => undefined);
    }
  }

  private back(): void {
    if (!this.away) return;
    this.away = false;
    this.logger.warn('redis available again: rate limits and login lock-out are shared again');
  }

  private connect(
    url: string,
    options: { enableOfflineQueue?: boolean; commandTimeout?: number },
  ): Redis {
    const redis = new Redis(url, { maxRetriesPerRequest: 1, ...options });
    redis.on('error', (error: Error) => this.failed(error));
    return redis;
  }
}

@Global()
@Module({ providers: [RedisService], exports: [RedisService] })
export class RedisModule {}
