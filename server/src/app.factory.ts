import 'reflect-metadata';
import { existsSync } from 'node:fs';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
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
import { PAGE_SECURITY_HEADERS } from './common/spa-fallback';
import { validationPipe } from './common/validation';
import { migrateOnStart, withStartupLock } from './database/migrate';
import { seedDatabase } from './database/seed/seed';
import type { SeedReport } from './database/seed/seed';
import { Env, prettyLogs } from './env/env';
import { CsrfService } from './modules/auth/csrf';

export const BODY_LIMIT = 1024 * 1024;
const COMPRESS_THRESHOLD = 1024;

/** Builds the whole application, migrated and seeded, ready to listen. */
export async function createApp(
  env: Env,
  onSeeded: (report: SeedReport) => void = () => {},
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT,
    trustProxy: env.TRUST_PROXY,
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
  registerJsonOnlyBodies(fastify);
  await fastify.register(fastifyCookie);
  // The gateway's answers are the APIs' own (often tiny, sometimes already compressed or
  // streamed) and its hot path must not pay for an extra onSend hook; everything else (pages,
  // the site's JSON) is compressed from 1 KB up. Registered before any route so it sees them all.
  fastify.addHook('onRoute', (route) => {
    if (route.url.startsWith('/apis/')) {
      route.compress = false;
      route.decompress = false;
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
  // an async hook: the answers that are not pages (every gateway call) pass without a promise.
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (
      !String(reply.getHeader('content-type') ?? '').startsWith('text/html') ||
      request.routeOptions.url?.startsWith('/apis/')
    ) {
      done(null, payload);
      return;
    }
    app
      .get(CsrfService)
      .ensureToken(request, reply)
      .then(() => done(null, payload), done);
  });
  app.useGlobalPipes(validationPipe);
  app.enableShutdownHooks();
  await app.init();
  registerInvalidPathRoute(fastify);
  const dataSource = app.get(DataSource);
  await withStartupLock(dataSource, async () => {
    await migrateOnStart(dataSource, env.MIGRATE_ON_START);
    onSeeded(await seedDatabase(dataSource, env));
  });
  return app;
}
