import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { AppError } from '../../common/app-error';
import { toErrorAnswer } from '../../common/error-answer';
import type { ErrorCode } from '../../contracts/errors';
import { MetricsService } from '../../common/metrics';
import { formatBalance, formatPrice } from '../../common/money';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { BUILTIN_HANDLERS } from '../apis/builtins';
import { hashApiKey } from '../auth/api-keys';
import type { BuiltinResponse } from '../apis/builtins';
import { isRolledBack } from '../../database/transactions';
import { BalanceWatch } from '../alerts/balance-watch';
import { ChargeQueue } from './charge-queue';
import { GatewayApi, GatewayCatalogue } from './gateway-catalogue';
import { Charge, ChargedLog, ChargeResult, LEDGER } from './ledger';
import type { Ledger } from './ledger';
import { GatewayKey, KeyCache } from './key-cache';
import { inNetworks } from '../keys/networks';
import { RateLimiter } from '../../common/rate-limiter';
import type { RateLimitResult } from '../../common/rate-limiter';
import { UsageRecorder } from './usage-recorder';
import { callUpstream, UpstreamFailure, UpstreamResponse } from './upstream';

const MAX_KEY_LENGTH = 128;
const MAX_CACHED_KEYS = 10_000;
const MAX_URL_LENGTH = 1000;
const MAX_USER_AGENT_LENGTH = 500;
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;

/** Metric labels for the gateway's answers (403 is a disabled API unless KEY_REFUSALS says so). */
const OUTCOMES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  402: 'insufficient_balance',
  403: 'disabled',
  404: 'not_found',
  413: 'too_large',
  429: 'rate_limited',
  502: 'upstream_failure',
};

/** A key's own 403 refusals, labelled apart from a disabled API's 403. */
const KEY_REFUSALS: ReadonlySet<string> = new Set([
  'gateway.api_not_allowed',
  'gateway.ip_not_allowed',
]);

const gatewayError = (
  code: ErrorCode,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) => new AppError(code, message, status, headers);

/**
 * Every gateway answer is the API's, not the site's: upstream HTML or SVG must not run with the
 * site's origin, be sniffed into something else, or be embedded by other sites' pages.
 */
const SANDBOX_HEADERS = {
  'content-security-policy': "sandbox; default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'cross-origin',
  'access-control-allow-origin': '*',
} as const;

type GatewayRequest = FastifyRequest<{ Params: { name: string; '*'?: string } }>;

interface Outcome {
  status: number;
  send(reply: FastifyReply): FastifyReply;
}

const FREE = formatPrice(0);
/** Browser callers on other origins may read the gateway's own headers. */
const EXPOSED_HEADERS = [
  'X-Request-Id',
  'X-Cost',
  'X-Balance',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
].join(', ');

/** The key a caller sent: X-API-Key, Authorization: Bearer, or ?key= (in that order). */
export function extractKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header) return header.trim();
  const auth = request.headers.authorization;
  if (auth && /^bearer\s+/i.test(auth)) return auth.replace(/^bearer\s+/i, '').trim();
  const raw = (request.query as Record<string, unknown>).key;
  const key: unknown = Array.isArray(raw) ? (raw as unknown[])[0] : raw;
  return typeof key === 'string' && key ? key : undefined;
}

/** The called URL as logged: without the key, cut to the column's size. */
export function loggedUrl(rawUrl: string): string {
  const [path, search = ''] = rawUrl.split(/\?(.*)/s, 2);
  const params = new URLSearchParams(search);
  params.delete('key');
  const query = params.toString();
  return (query ? `${path}?${query}` : path).slice(0, MAX_URL_LENGTH);
}

/**
 * The metered call path `/apis/:name_en[/...]`, registered straight on Fastify (no Nest pipeline
 * on the hot path): resolve the API, rate-limit, charge paid calls in one transaction, run the
 * built-in handler or the upstream, refund failures, count successes in batches.
 */
@Injectable()
export class GatewayService implements OnModuleInit {
  private readonly logger = new Logger('Gateway');
  /** Recent keys' hashes: the same few keys call again and again (the least recently used go). */
  private readonly keyHashes = new LRUCache<string, string>({ max: MAX_CACHED_KEYS });

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly catalogue: GatewayCatalogue,
    private readonly limiter: RateLimiter,
    private readonly usage: UsageRecorder,
    private readonly charges: ChargeQueue,
    private readonly keys: KeyCache,
    private readonly metrics: MetricsService,
    @Inject(LEDGER) private readonly ledger: Ledger,
    @Inject(ENV) private readonly env: Env,
    private readonly balanceWatch: BalanceWatch,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    void fastify.register((instance, _options, done) => {
      // Bodies reach built-ins and upstreams as raw bytes, whatever their type.
      instance.removeAllContentTypeParsers();
      instance.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, parsed) =>
        parsed(null, body),
      );
      const handler = (request: GatewayRequest, reply: FastifyReply) => this.handle(request, reply);
      instance.route({ method: [...METHODS], url: '/apis/:name', handler });
      instance.route({ method: [...METHODS], url: '/apis/:name/*', handler });
      done();
    });
  }

  private async handle(request: GatewayRequest, reply: FastifyReply): Promise<FastifyReply> {
    void reply.headers(SANDBOX_HEADERS);
    if (request.method === 'OPTIONS') {
      return reply
        .status(204)
        .header('access-control-allow-methods', METHODS.join(', '))
        .header('access-control-allow-headers', 'X-API-Key, Authorization, Content-Type')
        .header('access-control-max-age', '86400')
        .send();
    }
    // Every answer names its call: the id is in the header, the log row and any error body.
    const requestId = randomUUID();
    void reply.headers({
      'x-request-id': requestId,
      'x-cost': FREE,
      'access-control-expose-headers': EXPOSED_HEADERS,
    });
    let status = 500;
    // Metric label: the API's name once it is known to exist, never an arbitrary caller string.
    let label = 'unknown';
    /** A label more precise than the status's, when there is one. */
    let refusalLabel: string | undefined;
    try {
      const api = await this.catalogue.find(request.params.name);
      if (!api) {
        await this.limitIp(request.ip, reply);
        throw gatewayError('gateway.api_not_found', 404, 'API not found');
      }
      label = api.name_en;
      const outcome = await this.call(api, request, reply, requestId);
      status = outcome.status;
      return outcome.send(reply);
    } catch (error) {
      if (!(error instanceof AppError)) {
        this.logger.error(error instanceof Error ? error.stack : String(error));
      }
      const answer = toErrorAnswer(error);
      status = answer.status;
      if (KEY_REFUSALS.has(answer.body.code)) refusalLabel = 'key_forbidden';
      return reply
        .status(status)
        .headers(answer.headers)
        .send({ ...answer.body, request_id: requestId });
    } finally {
      this.metrics.gatewayCalls.inc({
        api: label,
        outcome: refusalLabel ?? OUTCOMES[status] ?? (status < 400 ? 'ok' : 'error'),
      });
    }
  }

  private async call(
    api: GatewayApi,
    request: GatewayRequest,
    reply: FastifyReply,
    requestId: string,
  ): Promise<Outcome> {
    const started = performance.now();
    const at = new Date();
    if (api.status !== 1) {
      await this.limitIp(request.ip, reply);
      throw gatewayError('gateway.api_disabled', 403, 'this API is disabled');
    }
    const key = await this.authenticate(api, request, reply);

    const callLog = (caller: GatewayKey): ChargedLog => ({
      user_id: caller.userId,
      api_id: api.id,
      api_name: api.name.slice(0, 100),
      ip_address: request.ip.slice(0, 64),
      access_url: loggedUrl(request.url),
      user_agent: (request.headers['user-agent'] ?? '').slice(0, MAX_USER_AGENT_LENGTH),
      access_time: at,
      status_code: 200,
      cost_milli: api.is_paid ? api.price_per_call_milli : 0,
      latency_ms: 0,
      api_key_id: caller.id,
      request_id: requestId,
    });
    let charge: Charge | undefined;
    let chargedLogId: number | undefined;
    if (api.is_paid) {
      // A paid call always has a key: authenticate refuses a keyless one.
      charge = {
        priceMilli: api.price_per_call_milli,
        counted: !key!.isDefault,
        log: callLog(key!),
      };
      const result = await this.charges.charge(charge).catch((error: unknown) => {
        // Every attempt lost its transaction to concurrent writers (deadlocks, Galera
        // certification conflicts): nothing was charged, and the call may simply be made again.
        if (!isRolledBack(error)) throw error;
        throw gatewayError(
          'gateway.busy',
          503,
          'the service is busy and nothing was charged, try again in a moment',
          { 'retry-after': '1' },
        );
      });
      chargedLogId = await this.charged(api, result, request.ip, reply);
      if (result.ok && result.balance_milli !== null) {
        this.balanceWatch.charged(
          key!.userId,
          result.balance_milli + charge.priceMilli,
          result.balance_milli,
        );
      }
      void reply.header('x-cost', formatPrice(api.price_per_call_milli));
    }

    let outcome: Outcome;
    try {
      outcome = await this.run(api, request);
    } catch (error) {
      if (chargedLogId !== undefined) {
        const statusCode = error instanceof AppError ? error.status : 502;
        const balance = await this.ledger.refund({
          logId: chargedLogId,
          charge: charge!,
          statusCode,
        });
        void reply.header('x-cost', FREE);
        if (balance !== null) void reply.header('x-balance', formatBalance(balance));
        this.usage.noteLatency(chargedLogId, Math.round(performance.now() - started));
      }
      if (error instanceof UpstreamFailure) {
        throw gatewayError(
          error.timedOut ? 'gateway.upstream_timeout' : 'gateway.upstream_failed',
          502,
          error.message,
        );
      }
      throw error;
    }
    if (chargedLogId !== undefined) {
      this.usage.noteLatency(chargedLogId, Math.round(performance.now() - started));
    }
    if (outcome.status < 400) {
      // Charged calls wrote their row with the debit; free calls with a key are logged for their
      // owner's call records; anonymous free calls are only counted.
      const log =
        api.is_paid || !key
          ? undefined
          : { ...callLog(key), latency_ms: Math.round(performance.now() - started) };
      this.usage.record(api.id, at, log);
    }
    return outcome;
  }

  /** The charge's log row, or the refusal: 401 for a key gone meanwhile, 402 for money or caps. */
  private async charged(
    api: GatewayApi,
    result: ChargeResult,
    ip: string,
    reply: FastifyReply,
  ): Promise<number> {
    if (result.ok) {
      if (result.balance_milli !== null) {
        void reply.header('x-balance', formatBalance(result.balance_milli));
      }
      return result.logId;
    }
    const price = formatPrice(api.price_per_call_milli);
    switch (result.reason) {
      case 'invalid_key':
        return this.refuseKey(ip, reply);
      case 'insufficient':
        void reply.header('x-balance', formatBalance(result.balance_milli));
        throw gatewayError(
          'gateway.insufficient_balance',
          402,
          `insufficient balance: this call costs ${price} yuan and your balance is ${formatBalance(result.balance_milli)} yuan`,
        );
      case 'cap':
        throw gatewayError(
          result.cap === 'daily' ? 'gateway.daily_cap_reached' : 'gateway.monthly_cap_reached',
          402,
          `this key's ${result.cap} spending cap of ${formatBalance(result.cap_milli)} yuan is reached: this call costs ${price} yuan`,
        );
    }
  }

  private hashOf(key: string): string {
    let hash = this.keyHashes.get(key);
    if (hash === undefined) {
      hash = hashApiKey(key);
      this.keyHashes.set(key, hash);
    }
    return hash;
  }

  /**
   * Who is calling, before any limit or charge. A key is checked first, so a rotated, revoked,
   * expired or unknown key is a 401 whatever its own bucket says, and its failure counts against
   * the caller's IP: guessing keys costs the guesser, and no limiter state is created for keys that
   * do not exist. So do the key's own refusals (an API or address it is not allowed): a leaked key
   * used from elsewhere cannot use up its owner's bucket. A key that passes is then limited on its
   * own bucket (its own limit when lower than RATE_LIMIT_PER_KEY), a keyless call on its IP's.
   */
  private async authenticate(
    api: GatewayApi,
    request: GatewayRequest,
    reply: FastifyReply,
  ): Promise<GatewayKey | undefined> {
    const key = extractKey(request);
    if (key === undefined) {
      await this.limitIp(request.ip, reply);
      if (api.is_paid) {
        throw gatewayError(
          'gateway.key_required',
          401,
          'this API needs an API key: send it in the X-API-Key header',
        );
      }
      return undefined;
    }
    if (key.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) {
      return this.refuseKey(request.ip, reply);
    }
    const keyHash = this.hashOf(key);
    const found = await this.keys.find(keyHash);
    if (!found || !found.active) return this.refuseKey(request.ip, reply);
    const refusal = this.refusal(found, api, request.ip);
    if (refusal) {
      await this.limitIp(request.ip, reply);
      throw refusal;
    }
    // A key's own limit only lowers the site's (kept keys may predate a lowered RATE_LIMIT_PER_KEY).
    const limit = Math.min(found.rateLimit ?? Infinity, this.env.RATE_LIMIT_PER_KEY);
    this.setLimitHeaders(reply, await this.limiter.hit(`k:${keyHash}`, limit));
    this.usage.touchKey(found.id, request.ip);
    return found;
  }

  /** Why this key may not make this call, or undefined. */
  private refusal(key: GatewayKey, api: GatewayApi, ip: string): AppError | undefined {
    if (key.revoked) return gatewayError('gateway.key_revoked', 401, 'this API key was revoked');
    if (key.expiresAt !== null && key.expiresAt <= Date.now()) {
      return gatewayError('gateway.key_expired', 401, 'this API key has expired');
    }
    if (key.allowedApis && !key.allowedApis.has(api.id)) {
      return gatewayError('gateway.api_not_allowed', 403, 'this API key may not call this API');
    }
    if (key.allowedIps && !inNetworks(ip, key.allowedIps)) {
      return gatewayError(
        'gateway.ip_not_allowed',
        403,
        `this API key may not be used from this address (${ip.slice(0, 64)})`,
      );
    }
    return undefined;
  }

  /** A bad key: 401, counted against the caller's IP (429 once the IP has guessed too often). */
  private async refuseKey(ip: string, reply: FastifyReply): Promise<never> {
    await this.limitIp(ip, reply);
    throw gatewayError('gateway.key_invalid', 401, 'invalid API key');
  }

  private async limitIp(ip: string, reply: FastifyReply): Promise<void> {
    this.setLimitHeaders(reply, await this.limiter.hit(`ip:${ip}`, this.env.RATE_LIMIT_PER_IP));
  }

  private setLimitHeaders(reply: FastifyReply, result: RateLimitResult): void {
    void reply.headers({
      'x-ratelimit-limit': String(result.limit),
      'x-ratelimit-remaining': String(result.remaining),
      'x-ratelimit-reset': String(result.resetSeconds),
    });
    if (!result.allowed) {
      throw gatewayError('gateway.rate_limited', 429, 'too many requests, try again later', {
        'retry-after': String(result.resetSeconds),
      });
    }
  }

  private async run(api: GatewayApi, request: GatewayRequest): Promise<Outcome> {
    const builtin = api.handler ? BUILTIN_HANDLERS[api.handler] : undefined;
    if (builtin) {
      const response = await builtin({
        method: request.method,
        query: firstValues(request.query),
        body: parseBody(request),
        ip: request.ip,
        headers: request.headers as Record<string, string | undefined>,
      });
      return builtinOutcome(response);
    }
    if (api.upstream_url) {
      const search = new URL(loggedUrl(request.url), 'http://gateway').searchParams;
      const upstream = await callUpstream({
        baseUrl: api.upstream_url,
        subPath: request.params['*'] ?? '',
        search,
        method: request.method,
        headers: request.headers,
        body: Buffer.isBuffer(request.body) ? request.body : undefined,
        clientIp: request.ip,
        timeoutMs: api.upstream_timeout_ms,
      });
      return upstreamOutcome(upstream);
    }
    throw gatewayError('gateway.not_implemented', 503, 'this API has no implementation configured');
  }
}

function firstValues(query: unknown): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
    if (name === 'key') continue;
    const first: unknown = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') out[name] = first;
  }
  return out;
}

function parseBody(request: FastifyRequest): unknown {
  if (!Buffer.isBuffer(request.body) || request.body.length === 0) return undefined;
  const type = request.headers['content-type'] ?? '';
  if (/json/i.test(type)) {
    try {
      return JSON.parse(request.body.toString('utf8'));
    } catch {
      throw gatewayError('gateway.invalid_json', 400, 'request body is not valid JSON');
    }
  }
  if (/x-www-form-urlencoded/i.test(type)) {
    return Object.fromEntries(new URLSearchParams(request.body.toString('utf8')));
  }
  return undefined;
}

function builtinOutcome(response: BuiltinResponse): Outcome {
  const status = response.status ?? 200;
  return {
    status,
    send: (reply) => {
      void reply
        .status(status)
        .header('content-type', response.contentType ?? 'application/json; charset=utf-8');
      const body = response.body;
      return reply.send(
        typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
      );
    },
  };
}

function upstreamOutcome(upstream: UpstreamResponse): Outcome {
  return {
    status: upstream.statusCode,
    // The sandbox goes on last: an upstream's own CSP or CORS headers must not replace it.
    send: (reply) =>
      reply
        .status(upstream.statusCode)
        .headers(upstream.headers)
        .headers(SANDBOX_HEADERS)
        .send(upstream.body),
  };
}
