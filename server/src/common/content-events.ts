import { Global, Injectable, Module } from '@nestjs/common';

/** The kinds of public content that admin writes change. */
export type ContentKind = 'apis' | 'config' | 'sidebar_links' | 'friend_links' | 'partners' | 'ads';

type Listener = (kind: ContentKind) => void;

/**
 * Tells the read side that content changed so its caches drop stale entries. Admin writes call
 * `changed()`; caches subscribe with `on()`. (Across instances this is relayed through Redis.)
 */
@Injectable()
export class ContentEvents {
  private readonly listeners = new Set<Listener>();

  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  changed(kind: ContentKind): void {
    for (const listener of this.listeners) listener(kind);
  }
}

@Global()
@Module({ providers: [ContentEvents], exports: [ContentEvents] })
export class ContentEventsModule {}
