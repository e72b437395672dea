import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A small in-memory cache for public read responses. Admin writes clear it through ContentEvents;
 * the short lifetime bounds how stale the call counters (written by the gateway, which does not
 * announce them) can be, and the size cap keeps arbitrary search texts from growing it unbounded.
 */
export class ResponseCache<T> {
  private readonly entries = new Map<string, { value: Promise<T>; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (hit) this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value!);
    }
    const value = load();
    this.entries.set(key, { value, expires: now + this.ttlMs });
    // A failed load is not remembered: the next request tries again.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** Below this, compressing costs more than the bytes it saves (the site's compress threshold). */
const COMPRESS_FROM_BYTES = 1024;
const ACCEPTS_BR = /(?:^|,)\s*br\s*(?:,|$|;\s*q=(?!0(?:\.0*)?\s*(?:,|$)))/i;
const ACCEPTS_GZIP = /(?:^|,)\s*gzip\s*(?:,|$|;\s*q=(?!0(?:\.0*)?\s*(?:,|$)))/i;

/**
 * A JSON answer serialised once and sent as bytes to every request until its cache entry goes;
 * its brotli and gzip forms are made on first demand and kept with it, so a cached answer costs
 * neither JSON.stringify nor compression per request.
 */
export class PreparedJson {
  readonly body: Buffer;
  private br?: Buffer;
  private gzip?: Buffer;

  constructor(value: unknown) {
    this.body = Buffer.from(JSON.stringify(value));
  }

  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    void reply.type('application/json; charset=utf-8');
    if (this.body.length < COMPRESS_FROM_BYTES) return reply.send(this.body);
    void reply.header('vary', 'accept-encoding');
    const accepted = request.headers['accept-encoding'] ?? '';
    if (ACCEPTS_BR.test(accepted)) {
      this.br ??= brotliCompressSync(this.body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 9 },
      });
      return reply.header('content-encoding', 'br').send(this.br);
    }
    if (ACCEPTS_GZIP.test(accepted)) {
      this.gzip ??= gzipSync(this.body, { level: constants.Z_BEST_COMPRESSION });
      return reply.header('content-encoding', 'gzip').send(this.gzip);
    }
    return reply.send(this.body);
  }
}
