import { randomUUID } from 'node:crypto';
import { Global, Injectable, Logger, Module, OnModuleInit } from '@nestjs/common';
import { RedisService } from './redis';

/**
 * The kinds of public content that admin writes change, and `subscriptions`: a user's plan bought,
 * cancelled or renewed (no page shows it to anyone else; the gateway's PlanCoverage reads it).
 */
export type ContentKind =
  | 'apis'
  | 'config'
  | 'sidebar_links'
  | 'friend_links'
  | 'partners'
  | 'ads'
  | 'plans'
  | 'subscriptions';

/**
 * `local`: the change was made by this instance (not relayed from another through Redis). A
 * listener may return the work the change starts (CatalogueSearch raises the shared version).
 */
type Listener = (kind: ContentKind, local: boolean) => void | Promise<unknown>;

/**
 * Tells the read side that content changed so its caches drop stale entries. Admin writes call
 * and await `changed()` (so a write answers once every instance can learn of it); caches
 * subscribe with `on()`. With Redis the news is published to every instance; without it each
 * cache also expires on its own after a few seconds.
 */
@Injectable()
export class ContentEvents implements OnModuleInit {
  private readonly logger = new Logger('ContentEvents');
  private readonly listeners = new Set<Listener>();
  private readonly origin = randomUUID();
  private readonly channel: string;

  constructor(private readonly redis: RedisService) {
    this.channel = `${redis.prefix}content-changed`;
  }

  onModuleInit(): void {
    const subscriber = this.redis.subscriber;
    if (!subscriber) return;
    // Subscribed once the connection is ready: ioredis 5.8+ can send a SUBSCRIBE queued during the
    // handshake ahead of its INFO ready check, which then fails and leaves this instance deaf to
    // other instances' changes (redis/ioredis#2037). Reconnects resubscribe by themselves.
    const subscribe = () =>
      void subscriber.subscribe(this.channel).catch((error: Error) => {
        this.logger.warn(error.message);
      });
    if (subscriber.status === 'ready') subscribe();
    else subscriber.once('ready', subscribe);
    subscriber.on('message', (_channel: string, message: string) => {
      try {
        const { origin, kind } = JSON.parse(message) as { origin: string; kind: ContentKind };
        if (origin !== this.origin) this.relayed(kind);
      } catch {
        this.logger.warn('ignored a malformed content-changed message');
      }
    });
  }

  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once this instance's listeners have done what the change asked of them. */
  async changed(kind: ContentKind): Promise<void> {
    const work = this.notify(kind, true);
    this.redis.client
      ?.publish(this.channel, JSON.stringify({ origin: this.origin, kind }))
      .catch((error: Error) =>
        this.logger.warn(`could not publish a content change: ${error.message}`),
      );
    await work;
  }

  /**
   * A change another instance made, learned without Redis (CatalogueSearch reads a version from
   * the shared database): tells this instance's listeners only.
   */
  relayed(kind: ContentKind): void {
    void this.notify(kind, false);
  }

  private async notify(kind: ContentKind, local: boolean): Promise<void> {
    await Promise.all([...this.listeners].map(async (listener) => listener(kind, local)));
  }
}

@Global()
@Module({ providers: [ContentEvents], exports: [ContentEvents] })
export class ContentEventsModule {}
