import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorEnvelope } from '../contracts/errors';
import { ENV } from '../env/env';
import { pathOf } from './request-guards';
import type { Env } from '../env/env';

/**
 * Headers of every HTML page: scripts only from this origin (the built client has no inline
 * script), no framing by any site (the admin login included), no MIME sniffing, and referrers
 * cut to the origin when leaving the site. Inline styles stay allowed: components set them.
 */
export const PAGE_SECURITY_HEADERS = {
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https: http:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
} as const;

/** Serves the client's index.html for client-side routes (never for /api or /apis). */
@Injectable()
export class SpaFallback {
  private indexHtml?: Promise<Buffer | null>;

  constructor(@Inject(ENV) private readonly env: Env) {}

  serves(request: FastifyRequest): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const path = pathOf(request);
    // The client's API detail route /api/:id/:name_en? shares the prefix of the server's calls,
    // which all end in .php or live under /api/admin, /api/user and /api/afdian.
    if (/^\/api\/(?!(admin|user|afdian)(\/|$))[^/]+(\/[^/]+)?\/?$/.test(path)) {
      return !path.endsWith('.php');
    }
    return !/^\/(api|apis)(\/|$)/.test(path) && !/\.[a-z0-9]+$/i.test(path);
  }

  async send(reply: FastifyReply): Promise<void> {
    this.indexHtml ??= readFile(join(this.env.CLIENT_DIST, 'index.html')).catch(() => null);
    const html = await this.indexHtml;
    if (!html) {
      await reply.status(404).send({
        success: false,
        code: 'request.not_found',
        message: 'client not built: run npm run build',
      } satisfies ErrorEnvelope);
      return;
    }
    await reply
      .status(200)
      .headers(PAGE_SECURITY_HEADERS)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html);
  }
}
