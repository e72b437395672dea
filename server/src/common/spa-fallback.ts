import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import type { ErrorEnvelope } from '../contracts/errors';
import { SiteConfig } from '../database/entities';
import { ENV } from '../env/env';
import { ResponseCache } from '../modules/apis/response-cache';
import { ClientBuild, NONCE, pageTheme } from '../modules/pages/page-renderer';
import { pageOrigin, requestOrigin } from '../modules/openapi/site-url';
import { robots, sitemap } from '../modules/pages/sitemap';
import { ContentEvents } from './content-events';
import { pathOf } from './request-guards';
import type { Env } from '../env/env';

/**
 * Headers of every HTML page: scripts only from this origin or carrying the response's nonce (the
 * page's data, its JSON-LD, the submit hold, home's notice script and the admin's analytics
 * snippet), no framing by any site (the admin
 * login included), no MIME sniffing, and referrers cut to the origin when leaving the site. Inline
 * styles stay allowed: components set them. An analytics snippet may report to https: hosts.
 */
export function pageSecurityHeaders(nonce?: string, analytics = false) {
  return {
    'content-security-policy': [
      "default-src 'self'",
      nonce ? `script-src 'self' 'nonce-${nonce}'` : "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: https: http:",
      analytics ? "connect-src 'self' https:" : "connect-src 'self'",
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
}

/** The headers of the static index.html, which has no inline script at all. */
export const PAGE_SECURITY_HEADERS = pageSecurityHeaders();

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
/** Pages from this size up are compressed (as @fastify/compress does the JSON answers). */
const COMPRESS_FROM_BYTES = 1024;

/** The encoding to send a page in: brotli, else gzip, if the browser accepts it (q above 0). */
export function pageEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  if ((accepted.get('br') ?? 0) > 0) return 'br';
  if ((accepted.get('gzip') ?? 0) > 0) return 'gzip';
  return null;
}

/** How long a rendered page may show counters (calls) older than the page itself. */
const PAGE_TTL_MS = 5000;
const PAGE_CACHE_ENTRIES = 500;
/** /robots.txt, /sitemap.xml and the parts of a sitemap index (/sitemap-<n>.xml). */
const CRAWLER_FILES = /^\/(?:robots\.txt|sitemap(?:-([1-9]\d{0,5}))?\.xml)$/;

interface Page {
  status: number;
  /** With NONCE where each response's nonce goes. */
  html: string;
  analytics: boolean;
}

/**
 * Serves the pages: the public routes rendered on the server from the client's own components
 * (client/src/entry-server.tsx) with the data they need embedded, everything else the client
 * renders (the user centre, the admin area) as the plain shell. Never for /api calls or /apis.
 * Rendered pages are cached per language, theme and address until content changes (ContentEvents, on
 * every instance) or their counters are 5 s old.
 */
@Injectable()
export class SpaFallback implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Pages');
  private build: ClientBuild | null = null;
  private readonly pages = new ResponseCache<Page>(PAGE_TTL_MS, PAGE_CACHE_ENTRIES);
  private readonly files = new ResponseCache<string>(PAGE_TTL_MS, PAGE_CACHE_ENTRIES);
  private readonly unsubscribe: () => void;

  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly adapterHost: HttpAdapterHost,
    private readonly dataSource: DataSource,
    events: ContentEvents,
  ) {
    this.unsubscribe = events.on(() => {
      this.pages.clear();
      this.files.clear();
    });
  }

  /** The renderer is loaded at start-up, so the first visitor does not wait for it. */
  onModuleInit(): void {
    this.build = ClientBuild.load(this.env.CLIENT_DIST);
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }

  serves(request: FastifyRequest): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const path = pathOf(request);
    if (CRAWLER_FILES.test(path)) return true;
    // The client's API detail route /api/:id/:name_en? shares the prefix of the server's calls,
    // which all end in .php or live under /api/admin, /api/user and /api/afdian.
    if (/^\/api\/(?!(admin|user|afdian)(\/|$))[^/]+(\/[^/]+)?\/?$/.test(path)) {
      return !path.endsWith('.php');
    }
    return !/^\/(api|apis)(\/|$)/.test(path) && !/\.[a-z0-9]+$/i.test(path);
  }

  async send(reply: FastifyReply): Promise<void> {
    const crawler = CRAWLER_FILES.exec(pathOf(reply.request));
    if (crawler) return this.sendCrawlerFile(reply, crawler[1]);
    if (!this.build) {
      await reply.status(404).send({
        success: false,
        code: 'request.not_found',
        message: 'client not built: run npm run build',
      } satisfies ErrorEnvelope);
      return;
    }
    const page = await this.page(this.build, reply.request);
    const nonce = randomBytes(16).toString('base64');
    const html = page.html.replaceAll(NONCE, nonce);
    // Pages leave through the not-found handler, which @fastify/compress does not reach: each
    // response has its own nonce, so it is compressed here, on zlib's thread pool.
    const encoding =
      Buffer.byteLength(html) >= COMPRESS_FROM_BYTES
        ? pageEncoding(reply.request.headers['accept-encoding'])
        : null;
    const body =
      encoding === 'br'
        ? await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : encoding === 'gzip'
          ? await gz(html, { level: 6 })
          : html;
    if (encoding) reply.header('content-encoding', encoding);
    await reply
      .status(page.status)
      .headers(pageSecurityHeaders(nonce, page.analytics))
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie, accept-encoding')
      .send(body);
  }

  private page(build: ClientBuild, request: FastifyRequest): Promise<Page> {
    const lang = request.cookies.lang === 'zh' ? 'zh' : 'en';
    const theme = pageTheme(request.cookies.theme);
    const origin = pageOrigin(request);
    const url = request.url;
    return this.pages.get(`${lang} ${theme} ${origin}${url}`, async () => {
      const shell = { status: 200, html: build.shell(theme), analytics: false };
      if (!build.entry) return shell;
      try {
        const config = await this.dataSource.getRepository(SiteConfig).findOne({ where: {} });
        const canonicalBase = await this.canonicalBase(request);
        const rendered = await build.entry.render({
          url,
          lang,
          theme,
          origin,
          canonicalBase,
          fetchFn: (input, init) => this.fetchInProcess(new Request(input, init)),
        });
        if (!rendered) return shell;
        const analytics = config?.analytics_code ?? '';
        return {
          status: rendered.status,
          html: build.page(rendered, canonicalBase, analytics),
          analytics: analytics.trim() !== '',
        };
      } catch (error) {
        // The browser can still render the page itself.
        this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
        return shell;
      }
    });
  }

  private async sendCrawlerFile(reply: FastifyReply, sitemapPart: string | undefined) {
    const base = await this.canonicalBase(reply.request);
    const path = pathOf(reply.request);
    const body =
      path === '/robots.txt'
        ? robots(base)
        : await this.files.get(`${base}${path}`, () =>
            sitemap(this.dataSource, base, Number(sitemapPart ?? 0)).then((xml) => xml ?? ''),
          );
    if (!body) {
      await reply.status(404).send({
        success: false,
        code: 'request.not_found',
        message: 'not found',
      } satisfies ErrorEnvelope);
      return;
    }
    await reply
      .status(200)
      .header(
        'content-type',
        path === '/robots.txt' ? 'text/plain; charset=utf-8' : 'application/xml; charset=utf-8',
      )
      .header('cache-control', 'public, max-age=300')
      .send(body);
  }

  /** The site's public address: the configured site URL, else this request's origin. */
  private async canonicalBase(request: FastifyRequest): Promise<string> {
    const config = await this.dataSource.getRepository(SiteConfig).findOne({ where: {} });
    return config?.site_url.trim().replace(/\/+$/, '') || requestOrigin(request);
  }

  /** A page's data calls, answered by this app in-process: no socket, the same routes and caches. */
  private async fetchInProcess(request: Request): Promise<Response> {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    const { pathname, search } = new URL(request.url);
    const answer = await fastify.inject({
      method: 'GET',
      url: `${pathname}${search}`,
      headers: { accept: 'application/json' },
    });
    return new Response(answer.rawPayload, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  }
}
