import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { DataSource } from 'typeorm';
import type { ErrorEnvelope } from '../../contracts/errors';
import { SiteConfig } from '../../database/entities';
import { ENV } from '../../env/env';
import { ResponseCache } from '../../common/response-cache';
import { pageAddress } from './page-key';
import { ClientBuild, pageTheme, type PageTheme } from './page-renderer';
import { RenderGate } from './render-gate';
import { RenderWorker } from './render-worker';
import { pageOrigin, requestOrigin } from '../openapi';
import { robots, sitemap } from './sitemap';
import { pageSecurityHeaders, StoredPage, type PageSource } from './stored-page';
import { ContentEvents } from '../../common/content-events';
import { RateLimiter } from '../../common/rate-limiter';
import { pathOf } from '../../common/request-guards';
import type { Env } from '../../env/env';

export { pageEncoding, pageSecurityHeaders } from './stored-page';

/** The headers of the static index.html, which has no inline script at all. */
export const PAGE_SECURITY_HEADERS = pageSecurityHeaders();

/** How long a rendered page may show counters (calls) older than the page itself. */
const PAGE_TTL_MS = 5000;
/** Pages found (200), by language, theme and normalised address. */
const STORED_PAGES = 500;
/**
 * Not-found pages and the shells of client-rendered routes, by path: apart, so that made-up paths
 * cannot push the real pages out.
 */
const STORED_OTHERS = 200;
/** Renders at once, and waiting for a turn; past both a miss is answered with the shell. */
const RENDERS_AT_ONCE = 1;
const RENDERS_WAITING = 16;
const MINUTE_MS = 60_000;
/**
 * The public pages' routes (client/src/app/router.tsx); /api/:id also matches a few of the site's
 * own addresses that do not exist (/api/user), which `serves` sends on to the not-found answer.
 */
const PAGE_ROUTES = [
  '/',
  '/about',
  '/friends',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/confirm-email',
  '/api/:id',
  '/api/:id/:name',
];
/** /robots.txt, /sitemap.xml and the parts of a sitemap index (/sitemap-<n>.xml). */
const CRAWLER_FILES = /^\/(?:robots\.txt|sitemap(?:-([1-9]\d{0,5}))?\.xml)$/;

interface Stored {
  page: StoredPage;
  renderedAt: number;
  refreshing: boolean;
}

/** What a page is rendered from: the normalised address and the visitor's language and theme. */
interface PageAsk {
  key: string;
  url: string;
  lang: 'en' | 'zh';
  theme: PageTheme;
  origin: string;
}

/**
 * Serves the pages: the public routes rendered on the server from the client's own components
 * (client/src/entry-server.tsx) with the data they need embedded, everything else the client
 * renders (the user centre, the admin area) as the plain shell. Never for /api calls or /apis.
 *
 * A page is rendered once and kept as bytes (StoredPage: the HTML, its brotli and gzip, its CSP)
 * per language, theme and normalised address (pageAddress: only what the page reads), until
 * content changes (ContentEvents, on every instance); a page older than 5 s is rendered again in
 * the background while the stored one is still served (its call counters). Renders are bounded:
 * RENDERS_AT_ONCE at a time, RENDERS_WAITING queued, and PAGE_RENDERS_PER_IP a minute per address;
 * a miss past either is answered with the SPA shell, which the browser renders itself.
 */
@Injectable()
export class SpaFallback implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Pages');
  private build: ClientBuild | null = null;
  /** Renders off the event loop; null without the client's server-side build. */
  private renderer: RenderWorker | null = null;
  private readonly found = new LRUCache<string, Stored>({ max: STORED_PAGES });
  private readonly others = new LRUCache<string, Stored>({ max: STORED_OTHERS });
  /** Renders under way by key: asks for a page being rendered wait for it. */
  private readonly rendering = new Map<string, Promise<StoredPage | null>>();
  private readonly shells = new Map<PageTheme, Promise<StoredPage>>();
  private readonly gate = new RenderGate(RENDERS_AT_ONCE, RENDERS_WAITING);
  /** Counts content changes: a render begun before the last one is not stored. */
  private generation = 0;
  private readonly files = new ResponseCache<string>(PAGE_TTL_MS, STORED_PAGES);
  private readonly unsubscribe: () => void;

  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly adapterHost: HttpAdapterHost,
    private readonly dataSource: DataSource,
    private readonly limiter: RateLimiter,
    events: ContentEvents,
  ) {
    this.unsubscribe = events.on((kind) => {
      // A subscription changes no page another visitor is shown.
      if (kind === 'subscriptions') return;
      this.generation++;
      this.found.clear();
      this.others.clear();
      this.rendering.clear();
      this.files.clear();
    });
  }

  /**
   * The renderer is loaded at start-up, so the first visitor does not wait for it. The pages a
   * visitor opens most are routes of their own, spared the not-found path's exception; every
   * other page still arrives through it (EnvelopeFilter).
   */
  onModuleInit(): void {
    this.build = ClientBuild.load(this.env.CLIENT_DIST);
    if (this.build?.entryFile) {
      this.renderer = new RenderWorker(this.build.entryFile, (input, init) =>
        this.fetchInProcess(new Request(input, init)),
      );
    }
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    // A stored page carries its own encodings: @fastify/compress's hooks would only look at it.
    for (const url of PAGE_ROUTES) {
      fastify?.get(url, { compress: false, decompress: false }, (request, reply) =>
        this.serves(request) ? this.send(reply) : reply.callNotFound(),
      );
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.unsubscribe();
    await this.renderer?.close();
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
    const request = reply.request;
    const crawler = CRAWLER_FILES.exec(pathOf(request));
    if (crawler) return this.sendCrawlerFile(reply, crawler[1]);
    const build = this.build;
    if (!build) {
      await reply.status(404).send({
        success: false,
        code: 'request.not_found',
        message: 'client not built: run npm run build',
      } satisfies ErrorEnvelope);
      return;
    }
    const ask = this.ask(request);
    const stored = this.found.get(ask.key) ?? this.others.get(ask.key);
    if (stored) {
      if (Date.now() - stored.renderedAt > PAGE_TTL_MS) this.refresh(build, request, ask, stored);
      return this.reply(stored.page, reply, 'hit');
    }
    const pending = this.rendering.get(ask.key);
    if (pending)
      return this.reply((await pending) ?? (await this.shell(build, ask.theme)), reply, 'hit');
    const rendered = (await this.mayRender(request)) ? this.renderOnce(build, request, ask) : null;
    const page = rendered ? await rendered : null;
    return this.reply(page ?? (await this.shell(build, ask.theme)), reply, page ? 'miss' : 'shell');
  }

  private async reply(page: StoredPage, reply: FastifyReply, source: PageSource): Promise<void> {
    await page.send(reply.request, reply, source);
  }

  private ask(request: FastifyRequest): PageAsk {
    const lang = request.cookies.lang === 'zh' ? 'zh' : 'en';
    const theme = pageTheme(request.cookies.theme);
    // The origin is part of the page (its examples' addresses): PUBLIC_URL's, else the request's.
    const origin = pageOrigin(request);
    const url = pageAddress(request.url);
    return { key: `${lang} ${theme} ${origin}${url}`, url, lang, theme, origin };
  }

  /** Each address may cause PAGE_RENDERS_PER_IP renders a minute; pages already stored are free. */
  private async mayRender(request: FastifyRequest): Promise<boolean> {
    const limit = this.env.PAGE_RENDERS_PER_IP;
    return (await this.limiter.hit(`page-render:${request.ip}`, limit, MINUTE_MS)).allowed;
  }

  /**
   * Renders `ask` in its turn and stores it, unless content changed meanwhile; null when the gate
   * is full or the render failed (then nothing is stored: the next ask tries again).
   */
  private renderOnce(
    build: ClientBuild,
    request: FastifyRequest,
    ask: PageAsk,
  ): Promise<StoredPage | null> | null {
    const generation = this.generation;
    const previous = (this.found.peek(ask.key) ?? this.others.peek(ask.key))?.page;
    const rendering = this.gate.run(() => this.render(build, request, ask, previous));
    if (!rendering) return null;
    const stored = rendering.then((page) => {
      if (this.rendering.get(ask.key) === stored) this.rendering.delete(ask.key);
      if (page && generation === this.generation) {
        const entry = { page, renderedAt: Date.now(), refreshing: false };
        (page.status === 200 ? this.others : this.found).delete(ask.key);
        (page.status === 200 ? this.found : this.others).set(ask.key, entry);
      }
      return page;
    });
    this.rendering.set(ask.key, stored);
    return stored;
  }

  /** Renders a stale page again while it is still served; skipped when the gate is full. */
  private refresh(build: ClientBuild, request: FastifyRequest, ask: PageAsk, stored: Stored) {
    if (stored.refreshing || this.rendering.has(ask.key)) return;
    stored.refreshing = true;
    const rendering = this.renderOnce(build, request, ask);
    if (!rendering) stored.refreshing = false;
    else
      void rendering.then((page) => {
        // A failed render leaves the stored page to be served, and tried again on a later ask.
        if (!page) stored.refreshing = false;
      });
  }

  /** The page for routes the browser renders itself, and the answer when a render is refused. */
  private shell(build: ClientBuild, theme: PageTheme): Promise<StoredPage> {
    let shell = this.shells.get(theme);
    if (!shell) {
      shell = StoredPage.of(200, build.shell(theme), false);
      this.shells.set(theme, shell);
    }
    return shell;
  }

  private async render(
    build: ClientBuild,
    request: FastifyRequest,
    { url, lang, theme, origin }: PageAsk,
    previous: StoredPage | undefined,
  ): Promise<StoredPage | null> {
    if (!this.renderer) return this.shell(build, theme);
    try {
      const config = await this.dataSource.getRepository(SiteConfig).findOne({ where: {} });
      const canonicalBase = await this.canonicalBase(request);
      const rendered = await this.renderer.render({ url, lang, theme, origin, canonicalBase });
      if (!rendered) return await this.shell(build, theme);
      const analytics = config?.analytics_code ?? '';
      const html = build.page(rendered, canonicalBase, analytics);
      return await StoredPage.of(rendered.status, html, analytics.trim() !== '', previous);
    } catch (error) {
      // The browser can still render the page itself.
      this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      return null;
    }
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
