import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import { MoreThan, Repository } from 'typeorm';
import { ApiKey, User } from '../../database/entities';
import { Network, parseNetwork } from './networks';

/** What the gateway needs to know about a key, held in memory. */
export interface GatewayKey {
  id: number;
  userId: number;
  /** The owner's account is enabled. */
  active: boolean;
  isDefault: boolean;
  revoked: boolean;
  /** Epoch ms, or null: never expires. */
  expiresAt: number | null;
  allowedApis: ReadonlySet<number> | null;
  allowedIps: readonly Network[] | null;
  rateLimit: number | null;
}

interface Entry {
  key: Promise<GatewayKey | null>;
  /** The key once loaded (null: no such key), so that calls after the first need not wait. */
  loaded?: GatewayKey | null;
  id?: number;
}

/** Known keys (and loads under way); the least recently used is dropped when full. */
const MAX_ENTRIES = 10_000;
/** Unknown hashes, apart: guessed keys from many addresses push out only each other. */
const MAX_MISSES = 10_000;
/** Other instances' key writes (revocation, rotation, new limits) are seen within this. */
export const KEY_POLL_MS = 500;
/** Rows written this long before the newest one seen are looked at again (commit lag). */
const OVERLAP_MS = 2_000;
/** Anything a poll cannot see (an account disabled, a row deleted) is read again after this. */
const MAX_AGE_MS = 60_000;

const parseList = <T>(text: string | null, read: (value: unknown) => T | null): T[] | null => {
  if (text === null) return null;
  const values = JSON.parse(text) as unknown[];
  return values.map(read).filter((value): value is T => value !== null);
};

/**
 * The gateway's keys by hash: one read per key, not per call. Key writes on this instance are
 * forgotten at once (`forget`); every instance also polls api_keys.updated_at twice a second, so a
 * revoked, rotated or changed key is seen everywhere within a second, with or without Redis.
 * Unknown hashes are cached too, in an LRU of their own, so guessed keys cost no read after the
 * first and never push real keys out.
 */
@Injectable()
export class KeyCache implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('KeyCache');
  private readonly hashesById = new Map<number, string>();
  private readonly entries = new LRUCache<string, Entry>({
    max: MAX_ENTRIES,
    ttl: MAX_AGE_MS,
    dispose: (entry, hash) => {
      if (entry.id !== undefined && this.hashesById.get(entry.id) === hash) {
        this.hashesById.delete(entry.id);
      }
    },
  });
  private readonly misses = new LRUCache<string, Entry>({ max: MAX_MISSES, ttl: MAX_AGE_MS });
  private cursor?: Date;
  /** Changes already applied, `id@updated_at`, kept while they are inside the overlap. */
  private seen = new Map<string, number>();
  private timer?: NodeJS.Timeout;
  private polling = false;

  constructor(
    @InjectRepository(ApiKey) private readonly keys: Repository<ApiKey>,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.poll(), KEY_POLL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** The key with this hash (null: none): the key itself once loaded, else its loading. */
  find(hash: string): GatewayKey | null | Promise<GatewayKey | null> {
    const entry = this.entries.get(hash) ?? this.misses.get(hash);
    if (entry) return entry.loaded !== undefined ? entry.loaded : entry.key;
    // A load waits among the misses and joins the known keys only once found, so a flood of
    // guessed keys, even in flight, never pushes a real key out.
    const loading = this.load(hash);
    const fresh: Entry = { key: loading };
    this.misses.set(hash, fresh);
    loading.then(
      (key) => {
        fresh.loaded = key;
        if (this.misses.peek(hash) !== fresh || !key) return;
        this.misses.delete(hash);
        fresh.id = key.id;
        this.entries.set(hash, fresh);
        this.hashesById.set(key.id, hash);
      },
      () => {
        if (this.misses.peek(hash) === fresh) this.misses.delete(hash);
      },
    );
    return loading;
  }

  /** Drops a key (by id, whatever hash it had) and any hashes given (a new key's). */
  forget(id: number, ...hashes: string[]): void {
    const old = this.hashesById.get(id);
    if (old !== undefined) this.entries.delete(old);
    this.hashesById.delete(id);
    for (const hash of hashes) {
      this.entries.delete(hash);
      this.misses.delete(hash);
    }
  }

  private async load(hash: string): Promise<GatewayKey | null> {
    const row = await this.keys.findOneBy({ key_hash: hash });
    if (!row) return null;
    const owner = await this.users.findOne({
      where: { id: row.user_id },
      select: { id: true, status: true },
    });
    if (!owner) return null;
    return {
      id: row.id,
      userId: row.user_id,
      active: owner.status === 1,
      isDefault: row.is_default === 1,
      revoked: row.revoked_at !== null,
      expiresAt: row.expires_at ? row.expires_at.getTime() : null,
      allowedApis: row.allowed_apis
        ? new Set(parseList(row.allowed_apis, (v) => (typeof v === 'number' ? v : null)))
        : null,
      allowedIps: parseList(row.allowed_ips, (v) =>
        typeof v === 'string' ? parseNetwork(v) : null,
      ),
      rateLimit: row.rate_limit,
    };
  }

  /** Forgets the keys written since the last look (by any instance). */
  async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      if (!this.cursor) {
        const newest = await this.keys.findOne({
          where: {},
          select: { id: true, updated_at: true },
          order: { updated_at: 'DESC' },
        });
        this.cursor = newest?.updated_at ?? new Date(0);
        return;
      }
      const since = new Date(this.cursor.getTime() - OVERLAP_MS);
      const changed = await this.keys.find({
        where: { updated_at: MoreThan(since) },
        select: { id: true, key_hash: true, updated_at: true },
      });
      const seen = new Map<string, number>();
      for (const row of changed) {
        const at = row.updated_at.getTime();
        const mark = `${row.id}@${at}`;
        seen.set(mark, at);
        if (!this.seen.has(mark)) this.forget(row.id, row.key_hash);
        if (at > this.cursor.getTime()) this.cursor = row.updated_at;
      }
      this.seen = seen;
    } catch (error) {
      this.logger.warn(`could not look for changed keys: ${String(error)}`);
    } finally {
      this.polling = false;
    }
  }
}
