import 'reflect-metadata';
import { existsSync } from 'node:fs';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { onSendHookHandler, RouteOptions } from 'fastify';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { PinoLogger } from './common/pino-logger';
import {
  clientErrorHandler,
  frameworkErrors,
  registerInvalidPathRoute,
  registerJsonOnlyBodies,
  rewriteToCanonical,
} from './common/request-guards';
import { PAGE_SECURITY_HEADERS } from './modules/pages/spa-fallback';
import { validationPipe } from './common/validation';
import { migrateOnStart, withStartupLock } from './database/migrate';
import { seedDatabase } from './seed/seed';
import type { SeedReport } from './seed/seed';
import { Env, prettyLogs } from './env/env';
import { testSwitchesOn } from './env/env.schema';
import { checkRollupClock } from './modules/ledger';
import { CsrfService } from './modules/sessions/csrf';
import { decoratePublicAddress } from './modules/openapi/site-url';

export const BODY_LIMIT = 1024 * 1024;
const COMPRESS_THRESHOLD = 1024;

/**
 * The site's JSON API answers for a session (a user's, an admin's, or none, which public reads
 * answer differently) and hands out keys: no cache, browser or shared, may keep an answer. The
 * public pages that share its prefix (/api/:id/:name) are HTML and keep their own caching.
 */
const noStore: onSendHookHandler = (_request, reply, payload, done) => {
  if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
    void reply.header('cache-control', 'no-store');
  }
  done(null, payload);
};

const withHook = (hooks: RouteOptions['onSend'], hook: onSendHookHandler) =>
  hooks === undefined ? [hook] : [...(Array.isArray(hooks) ? hooks : [hooks]), hook];

/** Builds the whole application, migrated and seeded, ready to listen. */
export async function createApp(
  env: Env,
  onSeeded: (report: SeedReport) => void = () => {},
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT,
    trustProxy: env.TRUST_PROXY,
    // A client may take REQUEST_TIMEOUT_MS to send a whole request (HEADERS_TIMEOUT_MS for its
    // headers), then it is answered 408 and closed: a trickled body holds nothing for long.
    // Node checks these every connectionsCheckingInterval (30 s by default), so a quarter of the
    // headers' timeout keeps the check within a quarter of each limit. A connection silent both
    // ways for CONNECTION_TIMEOUT_MS (a client that stopped reading an answer) is closed.
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    connectionTimeout: env.CONNECTION_TIMEOUT_MS,
    http: {
      headersTimeout: env.HEADERS_TIMEOUT_MS,
      requestTimeout: env.REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.ceil(env.HEADERS_TIMEOUT_MS / 4),
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    rewriteUrl: rewriteToCanonical,
    clientErrorHandler,
    frameworkErrors,
    // No Nest middleware is used, so every request is spared middie's pass.
    skipMiddie: true,
    // While draining, a request that arrives on a connection already open (a proxy's keep-alive)
    // is still served: the database stays open until the drain ends, and idle connections are
    // swept meanwhile. Fastify's default, a 503, is an error no proxy retries.
    return503OnClosing: false,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(env), adapter, {
    logger: new PinoLogger(env.LOG_LEVEL, prettyLogs(env)),
    abortOnError: false,
    // Nest's parsers would take urlencoded forms too; registerJsonOnlyBodies takes JSON only.
    bodyParser: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  warnOfSettings(env);
  decoratePublicAddress(fastify, env);
  registerJsonOnlyBodies(fastify);
  await fastify.register(fastifyCookie);
  // The gateway's answers are the APIs' own (often tiny, sometimes already compressed or
  // streamed) and its hot path must not pay for an extra onSend hook; everything else (pages,
  // the site's JSON) is compressed from 1 KB up; the site's JSON API is marked no-store.
  // Registered before any route so it sees them all.
  fastify.addHook('onRoute', (route) => {
    if (route.url.startsWith('/apis/')) {
      route.compress = false;
      route.decompress = false;
    } else if (route.url.startsWith('/api/')) {
      route.onSend = withHook(route.onSend, noStore);
    }
  });
  await fastify.register(fastifyCompress, { threshold: COMPRESS_THRESHOLD });
  if (existsSync(env.CLIENT_DIST)) {
    app.useStaticAssets({
      root: env.CLIENT_DIST,
      prefix: '/',
      wildcard: false,
      // `/` is a page like the others, rendered on the server (SpaFallback).
      index: false,
      // The client build writes .br and .gz beside each asset: sent as they are, never recompressed.
      preCompressed: true,
      // @fastify/static 10 hands the Fastify reply here, not the raw response its types name.
      setHeaders: (reply: unknown, path: string) => {
        const headers = reply as { header(name: string, value: string): void };
        headers.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        if (path.endsWith('.html')) {
          for (const [name, value] of Object.entries(PAGE_SECURITY_HEADERS)) {
            headers.header(name, value);
          }
        }
      },
    });
  }
  // Every page carries the XSRF cookie, so a page's first write (an admin login) needs no retry.
  // A gateway answer is an API's own, sandboxed, and never carries it, even when it is HTML. Not
  // an async hook: the answers that are not pages (every gateway call) and the pages of visitors
  // without a session pass without a promise.
  const csrf = app.get(CsrfService);
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (
      !String(reply.getHeader('content-type') ?? '').startsWith('text/html') ||
      request.routeOptions.url?.startsWith('/apis/') ||
      csrf.settledWithoutSession(request, reply)
    ) {
      done(null, payload);
      return;
    }
    csrf.ensureToken(request, reply).then(() => done(null, payload), done);
  });
  app.useGlobalPipes(validationPipe);
  app.enableShutdownHooks();
  await app.init();
  registerInvalidPathRoute(fastify);
  const dataSource = app.get(DataSource);
  try {
    await withStartupLock(dataSource, async () => {
      await migrateOnStart(dataSource, env.MIGRATE_ON_START);
      // On a site clock the rollups cannot be made on again, the operator learns it at once
      // rather than from statements that lost months.
      await checkRollupClock(dataSource, env.SITE_TIME_ZONE);
      onSeeded(await seedDatabase(dataSource, env));
    });
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

/**
 * Production settings that weaken the site, said loudly at every start: test-only switches let on
 * with I_UNDERSTAND_TEST_SWITCHES_IN_PRODUCTION, and a trusted proxy without PUBLIC_URL.
 */
function warnOfSettings(env: Env): void {
  if (env.NODE_ENV !== 'production') return;
  const logger = new Logger('Portico');
  const switches = testSwitchesOn(env);
  if (switches.length > 0) {
    logger.warn(
      'TEST-ONLY SETTINGS ARE ON IN PRODUCTION (I_UNDERSTAND_TEST_SWITCHES_IN_PRODUCTION=true): ' +
        `${switches.join(', ')}. They exist for tests and demos and weaken this site: turn them off.`,
    );
  }
  if (env.TRUST_PROXY !== false && !env.PUBLIC_URL) {
    logger.warn(
      "PUBLIC_URL is not set: behind a proxy, links name the admin's site URL or are relative, " +
        'and cookies are Secure only when the proxy says https. Set PUBLIC_URL=https://your.site.',
    );
  }
}
