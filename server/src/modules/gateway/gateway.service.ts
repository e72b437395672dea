import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream';
import { finished } from 'node:stream/promises';
import { HttpStatus, Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { AppError } from '../../common/app-error';
import { logFailure, toErrorAnswer } from '../../common/error-answer';
import type { ErrorCode } from '../../contracts/errors';
import type { ChargedFrom } from '../../contracts/usage';
import { MetricsService } from '../../common/metrics';
import { formatBalance, formatPrice } from '../../common/money';
import { QuotaPeriods } from '../../common/quota-period';
import type { PeriodWindow } from '../../common/quota-period';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { BUILTIN_HANDLERS } from '../builtins';
import { hashApiKey } from '../keys';
import type { BuiltinResponse } from '../builtins';
import { isRolledBack } from '../../database/transactions';
import { BalanceWatch } from '../alerts';
import { HealthRecorder } from '../api-health';
import { ChargeNotTried, ChargeQueue } from '../ledger';
import { GatewayApi, GatewayCatalogue } from './gateway-catalogue';
import { Charge, ChargedLog, ChargeResult, LEDGER } from '../ledger';
import type { PlanLimit } from '../ledger';
import type { Ledger } from '../ledger';
import { GatewayKey, KeyCache } from '../keys';
import { inNetworks } from '../keys';
import { RateLimiter } from '../../common/rate-limiter';
import type { RateLimitResult } from '../../common/rate-limiter';
import { PlanCoverage } from '../plans';
import type { Coverage } from '../plans';
import { PLAN_WINDOWS } from '../../contracts/plans';
import { UsageRecorder } from './usage-recorder';
import { callUpstream, UpstreamFailure, UpstreamResponse } from './upstream';
import { fillPathParameters, type UpstreamTarget } from './path-parameters';
import {
  Answer,
  idempotencyKeyOf,
  IdempotencyStore,
  MAX_REPLAYED_BYTES,
  recordingStream,
  requestFingerprint,
} from './idempotency';

const MAX_KEY_LENGTH = 128;
const MAX_CACHED_KEYS = 10_000;
const MAX_URL_LENGTH = 1000;
const MAX_USER_AGENT_LENGTH = 500;
/** Distinct X-RateLimit-Limit texts kept (keys' own limits are few; any others are formatted). */
const MAX_LIMIT_TEXTS = 100;
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;

/** Metric labels for the gateway's answers (403 is a disabled API unless KEY_REFUSALS says so). */
const OUTCOMES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  402: 'insufficient_balance',
  403: 'disabled',
  404: 'not_found',
  405: 'method_not_allowed',
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

/** What a call of an API in maintenance is told to wait: about a probe's shortest interval. */
const MAINTENANCE_RETRY_S = 30;

/** What an API's probe sends (probe-runner.ts). */
export interface ProbeCall {
  method: string;
  /** Without `?`. */
  query: string;
  /** A JSON body, or null for none. */
  body: string | null;
  timeoutMs: number;
}

/** What a probe got: the status (0 when none came), how long it took (ms), why it failed. */
export interface ProbeAnswer {
  status: number;
  ms: number;
  error: string;
}

const invalidKey = () => gatewayError('gateway.key_invalid', 401, 'invalid API key');

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

/**
 * What the call made: its status, and the answer to send once the gateway's headers are set (a
 * built-in's or a replayed answer, the upstream's, or none for a paid API's HEAD).
 */
type Outcome =
  | { status: number; builtin: BuiltinResponse }
  | { status: number; upstream: UpstreamResponse }
  | { status: number; empty: true };

/**
 * Whether money stands charged for a call: none, charged, or unknown (a charge whose outcome never
 * came back). An idempotency key is given back only when none stands.
 */
type Standing = { charged: 'none' | 'yes' | 'unknown' };

/** One call of a known API, built once in handle(): what every step of the pipeline reads. */
interface Call {
  api: GatewayApi;
  request: GatewayRequest;
  reply: FastifyReply;
  /** Named in the X-Request-Id header, the log row and any error body. */
  requestId: string;
  /** When the call was made (its log row's time), and the clock its latency is measured on. */
  at: number;
  started: number;
  /** Followed by an idempotent call, which gives its key back only when nothing stands charged. */
  standing: Standing;
  /** Where an upstream API's call goes (null for a built-in one), worked out before any charge. */
  target?: UpstreamTarget | null;
}

/**
 * Speed: the catalogue, a known key and an in-memory rate-limit window answer at once, and almost
 * every call finds all three. `next` then runs in the same tick, with no promise or microtask;
 * only what waits for Redis or the database goes through one.
 */
function andThen<T, U>(value: T | Promise<T>, next: (value: T) => U | Promise<U>): U | Promise<U> {
  return value instanceof Promise ? value.then(next) : next(value);
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
  'Allow',
  'Idempotent-Replayed',
  'X-Charged-From',
  'X-Quota-Limit',
  'X-Quota-Remaining',
  'X-Quota-Reset',
  'X-Quota-Window',
].join(', ');

/** What every answer but a preflight starts with (X-Cost is 0.000 until a charge stands). */
const ANSWER_HEADERS = {
  ...SANDBOX_HEADERS,
  'x-cost': FREE,
  'access-control-expose-headers': EXPOSED_HEADERS,
} as const;

const PREFLIGHT_HEADERS = {
  ...SANDBOX_HEADERS,
  'access-control-allow-methods': METHODS.join(', '),
  'access-control-allow-headers': 'X-API-Key, Authorization, Content-Type, Idempotency-Key',
  'access-control-max-age': '86400',
} as const;

const JSON_TYPE = 'application/json; charset=utf-8';
const PROBE_AGENT = 'Portico-Probe/1';
/** Keyed answers may carry the balance, the key's limits or the key owner's data: never cached. */
const NO_STORE = 'no-store';
const BEARER = /^bearer\s+/i;
const PRINTABLE_KEY = /^[\x21-\x7e]+$/;

/** The key a caller sent: X-API-Key, Authorization: Bearer, or ?key= (in that order). */
export function extractKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header) return header.trim();
  const auth = request.headers.authorization;
  if (auth && BEARER.test(auth)) return auth.replace(BEARER, '').trim();
  const raw = (request.query as Record<string, unknown>).key;
  const key: unknown = Array.isArray(raw) ? (raw as unknown[])[0] : raw;
  return typeof key === 'string' && key ? key : undefined;
}

/**
 * A query that URLSearchParams would write back exactly as it is (name=value pairs of characters
 * it never encodes) and that holds no `key`: the common case, logged without parsing it.
 */
const PLAIN_QUERY = /^[\w.*-]+=[\w.*-]*(?:&[\w.*-]+=[\w.*-]*)*$/;
const KEY_PARAM = /(?:^|&)key=/;

/** The called URL without the key. */
function urlWithoutKey(rawUrl: string): string {
  const queryAt = rawUrl.indexOf('?');
  if (queryAt === -1) return rawUrl;
  const search = rawUrl.slice(queryAt + 1);
  if (PLAIN_QUERY.test(search) && !KEY_PARAM.test(search)) return rawUrl;
  const params = new URLSearchParams(search);
  params.delete('key');
  const query = params.toString();
  const path = rawUrl.slice(0, queryAt);
  return query ? `${path}?${query}` : path;
}

/** The called URL as logged: without the key, cut to the column's size. */
export const loggedUrl = (rawUrl: string): string => urlWithoutKey(rawUrl).slice(0, MAX_URL_LENGTH);

/**
 * The metered call path `/apis/:name_en[/...]`, registered straight on Fastify (no Nest pipeline
 * on the hot path): resolve the API, rate-limit, charge paid calls in one transaction, run the
 * built-in handler or the upstream, refund failures, count successes in batches. What is already
 * in memory (the catalogue, a known key, an in-memory rate-limit window) is read without waiting.
 */
@Injectable()
export class GatewayService implements OnModuleInit {
  private readonly logger = new Logger('Gateway');
  /** Recent keys' hashes: the same few keys call again and again (the least recently used go). */
  private readonly keyHashes = new LRUCache<string, string>({ max: MAX_CACHED_KEYS });
  /** X-RateLimit-Limit values as text, by limit (a handful: the site's and keys' own limits). */
  private readonly limitTexts = new Map<number, string>();
  /**
   * Calls by API label and outcome since the last scrape, added to the Prometheus counter when it
   * is read: a Map increment per call instead of the counter's label hashing and checks.
   */
  private calls = new Map<string, Map<string, number>>();
  /** The current day and month of free quotas on the site's clock. */
  private readonly periods: QuotaPeriods;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly catalogue: GatewayCatalogue,
    private readonly limiter: RateLimiter,
    private readonly usage: UsageRecorder,
    private readonly charges: ChargeQueue,
    private readonly keys: KeyCache,
    metrics: MetricsService,
    @Inject(LEDGER) private readonly ledger: Ledger,
    @Inject(ENV) private readonly env: Env,
    private readonly balanceWatch: BalanceWatch,
    private readonly idempotency: IdempotencyStore,
    private readonly health: HealthRecorder,
    private readonly coverage: PlanCoverage,
  ) {
    this.periods = new QuotaPeriods(env.SITE_TIME_ZONE);
    metrics.reportGatewayCalls(() => {
      const calls = this.calls;
      this.calls = new Map();
      for (const [api, outcomes] of calls) {
        for (const [outcome, count] of outcomes) metrics.gatewayCalls.inc({ api, outcome }, count);
      }
    });
  }

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
    if (request.method === 'OPTIONS') return reply.status(204).headers(PREFLIGHT_HEADERS).send();
    // Every answer names its call: the id is in the header, the log row and any error body.
    const requestId = randomUUID();
    void reply.headers(ANSWER_HEADERS).header('x-request-id', requestId);
    // Metric label: the API's name once it is known to exist, never an arbitrary caller string.
    let label = 'unknown';
    let outcome = 'error';
    try {
      let apis = this.catalogue.byName();
      if (apis instanceof Promise) apis = await apis;
      const api = apis.get(request.params.name);
      if (!api) {
        return await this.refuse(
          request,
          reply,
          gatewayError('gateway.api_not_found', 404, 'API not found'),
        );
      }
      label = api.name_en;
      const done = await this.call({
        api,
        request,
        reply,
        requestId,
        at: Date.now(),
        started: performance.now(),
        standing: { charged: 'none' },
      });
      outcome = done.status < 400 ? 'ok' : (OUTCOMES[done.status] ?? 'error');
      return send(reply, done);
    } catch (error) {
      if (!(error instanceof AppError)) logFailure(this.logger, error);
      const answer = toErrorAnswer(error);
      outcome = KEY_REFUSALS.has(answer.body.code)
        ? 'key_forbidden'
        : (OUTCOMES[answer.status] ?? 'error');
      return reply
        .status(answer.status)
        .headers(answer.headers)
        .send({ ...answer.body, request_id: requestId });
    } finally {
      let outcomes = this.calls.get(label);
      if (!outcomes) this.calls.set(label, (outcomes = new Map<string, number>()));
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
  }

  /**
   * The pipeline of a known API's call: the API's own refusals, who is calling (and their
   * bucket), then the call itself: free and only counted without a key, charged and made once
   * with an Idempotency-Key, charged and made otherwise.
   */
  private async call(call: Call): Promise<Outcome> {
    const { api, request, reply } = call;
    if (api.status !== 1) {
      return this.refuse(
        request,
        reply,
        gatewayError('gateway.api_disabled', 403, 'this API is disabled'),
      );
    }
    if (api.maintenance_at) {
      return this.refuse(
        request,
        reply,
        gatewayError(
          'gateway.maintenance',
          503,
          'this API is in maintenance: calls resume once its checks pass',
          { 'retry-after': String(MAINTENANCE_RETRY_S) },
        ),
      );
    }
    // Only the declared method, and HEAD beside GET: refused before any key, charge or log.
    if (
      request.method !== api.request_method &&
      (request.method !== 'HEAD' || api.request_method !== 'GET')
    ) {
      return this.refuse(
        request,
        reply,
        gatewayError(
          'gateway.method_not_allowed',
          405,
          `this API takes ${api.request_method} requests, not ${request.method}`,
          { allow: api.allow },
        ),
      );
    }
    try {
      call.target = upstreamTarget(api, request);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return this.refuse(request, reply, error);
    }
    let key = this.authenticate(api, request, reply);
    if (key instanceof Promise) key = await key;
    if (!key) {
      // A keyless call is free (authenticate refuses a keyless paid one) and only counted.
      const outcome = await this.run(api, request, call.target).catch((error: unknown) =>
        this.upstreamFailed(api, error),
      );
      if (outcome.status < 400) this.usage.record(api.id, call.at);
      return outcome;
    }
    // HEAD asks for a GET's headers: a paid API's is answered here, free and unlogged.
    if (api.is_paid && request.method === 'HEAD') return { status: 200, empty: true };
    const idempotencyKey = request.headers['idempotency-key'];
    if (idempotencyKey !== undefined) return this.callOnce(call, key, idempotencyKey);
    return this.chargeAndRun(call, key);
  }

  /**
   * A keyed call that sent an Idempotency-Key: made at most once per key and owner within the
   * replay window. The key is claimed before the charge; later calls with it get the first call's
   * answer (nothing charged), or a 409 while it runs or when it was another request. A call that
   * left nothing charged gives the key back, so a retry may make it.
   */
  private async callOnce(
    call: Call,
    caller: GatewayKey,
    header: string | string[],
  ): Promise<Outcome> {
    const { request, reply, requestId } = call;
    const idempotencyKey = idempotencyKeyOf(header);
    const claim = await this.idempotency.claim(
      caller.userId,
      idempotencyKey,
      requestFingerprint(
        request.method,
        urlWithoutKey(request.url),
        request.headers['content-type'],
        Buffer.isBuffer(request.body) ? request.body : undefined,
      ),
      requestId,
      Date.now(),
    );
    if (claim.kind === 'refused') throw claim.error;
    if (claim.kind === 'replay') {
      const { status, contentType, body, requestId: firstId } = claim.answer;
      void reply.header('x-request-id', firstId).header('idempotent-replayed', 'true');
      return { status, builtin: { status, contentType: contentType ?? undefined, body } };
    }
    const keep = (answer: Answer | null) =>
      this.idempotency
        .complete(caller.userId, idempotencyKey, requestId, answer)
        .catch((error: unknown) => {
          this.logger.warn(
            `keeping the answer of idempotent call ${requestId} failed: ${String(error)}`,
          );
        });
    let outcome: Outcome;
    try {
      // The call is made, and timed, from the moment its key was claimed.
      outcome = await this.chargeAndRun(
        { ...call, at: Date.now(), started: performance.now() },
        caller,
      );
    } catch (error) {
      if (call.standing.charged === 'none') {
        await this.idempotency
          .release(caller.userId, idempotencyKey, requestId)
          .catch((failure: unknown) => {
            this.logger.warn(
              `releasing the idempotency key of ${requestId} failed: ${String(failure)}`,
            );
          });
      } else {
        // Money may stand charged for this failure: retries get the same answer, never a charge.
        const { status, body } = toErrorAnswer(error);
        const text = JSON.stringify({ ...body, request_id: requestId });
        await keep({ status, contentType: JSON_TYPE, body: Buffer.from(text) });
      }
      throw error;
    }
    if ('upstream' in outcome) {
      const { status, upstream } = outcome;
      const contentType = headerText(upstream.headers['content-type']);
      // Kept once the body has passed whole; a larger one, or one cut off on either side (the
      // upstream failing, the caller leaving), cannot be replayed.
      const recorder = recordingStream((body) => void keep(body && { status, contentType, body }));
      pipeline(upstream.body, recorder, (error) => {
        if (error) void keep(null);
      });
      return { status, upstream: { ...upstream, body: recorder } };
    }
    if ('builtin' in outcome) {
      const { status, builtin } = outcome;
      const body = answerBytes(builtin.body);
      const contentType = builtin.contentType ?? JSON_TYPE;
      await keep(body.length <= MAX_REPLAYED_BYTES ? { status, contentType, body } : null);
      return { status, builtin: { ...builtin, body } };
    }
    return outcome;
  }

  /** A failed upstream is a 502 with one warn line, never an unexpected error. */
  private upstreamFailed(api: GatewayApi, error: unknown): never {
    if (!(error instanceof UpstreamFailure)) throw error;
    this.logger.warn(`upstream of ${api.name_en}: ${error.message}`);
    throw gatewayError(
      error.timedOut ? 'gateway.upstream_timeout' : 'gateway.upstream_failed',
      502,
      error.message,
    );
  }

  /**
   * A keyed call: charged first when paid (in one transaction with its log row), then made, and
   * refunded when it fails. `call.standing` follows whether money stands charged for it.
   */
  private async chargeAndRun(call: Call, key: GatewayKey): Promise<Outcome> {
    const { api, request, reply, started, standing } = call;
    let charge: Charge | undefined;
    let chargedLogId: number | undefined;
    let from: ChargedFrom = 'balance';
    let quotaLeft: number | undefined;
    if (api.is_paid) {
      const window =
        api.free_quota_calls > 0 ? this.periods.at(call.at, api.free_quota_period) : undefined;
      // Answered from memory without a wait while fresh (the hot path's common case).
      const covering = this.coverage.cover(key.userId, api.id, call.at);
      const plan = covering instanceof Promise ? await covering : covering;
      // A call past its plan pays the plan's overage price, when it sets one.
      const priceMilli = plan?.overagePriceMilli ?? api.price_per_call_milli;
      const cost = priceMilli === api.price_per_call_milli ? api.cost : formatPrice(priceMilli);
      charge = {
        priceMilli,
        counted: !key.isDefault,
        log: { ...this.callLog(call, key), cost_milli: priceMilli },
        ...(window && {
          quota: { apiId: api.id, limit: api.free_quota_calls, period: window.key },
        }),
        ...(plan && {
          plan: {
            subscriptionId: plan.subscriptionId,
            stop: plan.stop,
            windows: {
              hour: this.periods.at(call.at, 'hour').key,
              day: this.periods.at(call.at, 'day').key,
              week: this.periods.at(call.at, 'week').key,
            },
          },
        }),
      };
      standing.charged = 'unknown';
      const result = await this.charges.charge(charge).catch((error: unknown) => {
        // Refused before its turn came: a retry with the same Idempotency-Key may make the call.
        if (error instanceof ChargeNotTried) standing.charged = 'none';
        // Every attempt lost its transaction to concurrent writers (deadlocks, Galera
        // certification conflicts): nothing was charged, and the call may simply be made again.
        if (!isRolledBack(error)) throw error;
        standing.charged = 'none';
        throw gatewayError(
          'gateway.busy',
          503,
          'the service is busy and nothing was charged, try again in a moment',
          { 'retry-after': '1' },
        );
      });
      standing.charged = result.ok ? 'yes' : 'none';
      if (window) quotaLeft = this.quotaHeaders(call, result, window);
      const told = plan && this.planHeaders(call, result, plan);
      if (told) quotaLeft = told.left;
      chargedLogId = await this.charged(call, result, { cost, span: told?.name ?? 'period' });
      if (result.ok) from = result.from;
      if (result.ok && result.balance_milli !== null) {
        this.balanceWatch.charged(
          key.userId,
          result.balance_milli + charge.priceMilli,
          result.balance_milli,
        );
      }
      const costless = from === 'free' || from === 'plan';
      void reply.header('x-cost', costless ? FREE : cost).header('x-charged-from', from);
    }

    let outcome: Outcome;
    try {
      outcome = await this.run(api, request, call.target);
    } catch (error) {
      if (chargedLogId !== undefined) {
        const statusCode = error instanceof AppError ? error.status : 502;
        const balance = await this.ledger.refund({
          logId: chargedLogId,
          charge: charge!,
          statusCode,
          from,
        });
        standing.charged = 'none';
        void reply.header('x-cost', FREE).removeHeader('x-charged-from');
        if (balance !== null) void reply.header('x-balance', formatBalance(balance));
        // The free (or plan) call was given back: one more is left than the charge said.
        if ((from === 'free' || from === 'plan') && quotaLeft !== undefined) {
          void reply.header('x-quota-remaining', String(quotaLeft + 1));
        }
        this.usage.noteLatency(
          chargedLogId,
          charge!.log.access_time,
          Math.round(performance.now() - started),
        );
      }
      return this.upstreamFailed(api, error);
    }
    // The upstream's own caching headers must not make a keyed answer cacheable.
    if ('upstream' in outcome) outcome.upstream.headers['cache-control'] = NO_STORE;
    const latency = Math.round(performance.now() - started);
    if (chargedLogId !== undefined) {
      this.usage.noteLatency(chargedLogId, charge!.log.access_time, latency);
    }
    if (outcome.status < 400) {
      // Charged calls wrote their row with the debit; free calls with a key are logged for their
      // owner's call records.
      const log = api.is_paid ? undefined : this.callLog(call, key);
      if (log) log.latency_ms = latency;
      this.usage.record(api.id, call.at, log);
    }
    return outcome;
  }

  /** The access-log row of a keyed call (a charged call's is written with its debit). */
  private callLog({ api, request, at, requestId }: Call, caller: GatewayKey): ChargedLog {
    return {
      user_id: caller.userId,
      api_id: api.id,
      api_name: api.name.slice(0, 100),
      ip_address: request.ip.slice(0, 64),
      access_url: loggedUrl(request.url),
      user_agent: (request.headers['user-agent'] ?? '').slice(0, MAX_USER_AGENT_LENGTH),
      access_time: new Date(at),
      status_code: 200,
      cost_milli: api.is_paid ? api.price_per_call_milli : 0,
      latency_ms: 0,
      api_key_id: caller.id,
      request_id: requestId,
      charged_from: api.is_paid ? 'balance' : null,
    };
  }

  /**
   * A quota API's answer says how many free calls are left in the period and when it starts again
   * (in seconds, as X-RateLimit-Reset): none once the balance paid or the call was refused.
   * Returns the remaining count it said, if it said one.
   */
  private quotaHeaders(
    { api, reply, at }: Call,
    result: ChargeResult,
    window: PeriodWindow,
  ): number | undefined {
    const limit = api.free_quota_calls;
    const free = result.ok && result.from === 'free';
    if (free && result.quota_used === null) return undefined;
    if (!result.ok && result.reason === 'unavailable') return undefined;
    const remaining = free ? Math.max(0, limit - result.quota_used!) : 0;
    void reply
      .header('x-quota-limit', String(limit))
      .header('x-quota-remaining', String(remaining))
      .header('x-quota-reset', String(Math.max(1, Math.ceil((window.endsAt - at) / 1000))));
    return remaining;
  }

  /**
   * A plan's call says how many calls are left and when more come, as a free quota's does, and of
   * which limit (X-Quota-Window: period, hour, day or week): the limit with the fewest left (of
   * those, the one that resets last) when the plan paid; the used-up limit that resets last, with
   * Retry-After, when it refused the call (a stop). Returns the limit it told of and what was left.
   */
  private planHeaders({ reply, at }: Call, result: ChargeResult, plan: Coverage) {
    const paid = result.ok && result.from === 'plan' && result.quota_used !== null;
    if (!paid && (result.ok || result.reason !== 'plan_exhausted')) return undefined;
    const limits = this.planLimits(plan, at);
    let told: { name: PlanLimit; limit: number; left: number; endsAt: number } | undefined;
    if (result.ok) {
      for (const { name, limit, endsAt } of limits) {
        const said =
          name === 'period' ? limit - (result.quota_used ?? limit) : result.windows_left?.[name];
        if (said === undefined) continue;
        const left = Math.max(0, said);
        if (!told || left < told.left || (left === told.left && endsAt > told.endsAt)) {
          told = { name, limit, left, endsAt };
        }
      }
    } else {
      const usedUp = result.used_up.length > 0 ? result.used_up : ['period'];
      for (const { name, limit, endsAt } of limits) {
        if (usedUp.includes(name) && (!told || endsAt > told.endsAt)) {
          told = { name, limit, left: 0, endsAt };
        }
      }
    }
    if (!told) return undefined;
    const reset = String(Math.max(1, Math.ceil((told.endsAt - at) / 1000)));
    void reply
      .header('x-quota-limit', String(told.limit))
      .header('x-quota-remaining', String(told.left))
      .header('x-quota-reset', reset)
      .header('x-quota-window', told.name);
    if (!result.ok) void reply.header('retry-after', reset);
    return told;
  }

  /** A plan's limits for a call at `at`: its period's calls, and the windows it limits. */
  private planLimits(plan: Coverage, at: number) {
    return [
      { name: 'period' as PlanLimit, limit: plan.limit, endsAt: plan.endsAt },
      ...PLAN_WINDOWS.flatMap((name) => {
        const limit = plan.windows[name];
        return limit === null ? [] : [{ name, limit, endsAt: this.periods.at(at, name).endsAt }];
      }),
    ];
  }

  /**
   * The charge's log row, or the refusal: 401 for a key gone meanwhile, 402 for money or caps, 503
   * when why it was refused could not be read.
   */
  private async charged(
    { request, reply }: Call,
    result: ChargeResult,
    { cost, span }: { cost: string; span: PlanLimit },
  ): Promise<number> {
    if (result.ok) {
      if (result.balance_milli !== null) {
        void reply.header('x-balance', formatBalance(result.balance_milli));
      }
      return result.logId;
    }
    switch (result.reason) {
      case 'invalid_key':
        return this.refuse(request, reply, invalidKey());
      case 'insufficient':
        void reply.header('x-balance', formatBalance(result.balance_milli));
        throw gatewayError(
          'gateway.insufficient_balance',
          402,
          `insufficient balance: this call costs ${cost} yuan and your balance is ${formatBalance(result.balance_milli)} yuan`,
        );
      case 'cap':
        throw gatewayError(
          result.cap === 'daily' ? 'gateway.daily_cap_reached' : 'gateway.monthly_cap_reached',
          402,
          `this key's ${result.cap} spending cap of ${formatBalance(result.cap_milli)} yuan is reached: this call costs ${cost} yuan`,
        );
      case 'plan_exhausted':
        throw gatewayError(
          'gateway.plan_exhausted',
          429,
          `your plan's calls of this ${span} are used: it stops here until the next ${span}`,
        );
      case 'unavailable':
        throw result.error;
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
   * Answered at once when the key and the limiter's window are in memory.
   */
  private authenticate(
    api: GatewayApi,
    request: GatewayRequest,
    reply: FastifyReply,
  ): GatewayKey | undefined | Promise<GatewayKey | undefined> {
    const key = extractKey(request);
    if (key === undefined) {
      if (api.is_paid) {
        return this.refuse(
          request,
          reply,
          gatewayError(
            'gateway.key_required',
            401,
            'this API needs an API key: send it in the X-API-Key header',
          ),
        );
      }
      return andThen(this.limitIp(request.ip, reply), () => undefined);
    }
    void reply.header('cache-control', NO_STORE);
    if (key.length > MAX_KEY_LENGTH || !PRINTABLE_KEY.test(key)) {
      return this.refuse(request, reply, invalidKey());
    }
    const keyHash = this.hashOf(key);
    return andThen(this.keys.find(keyHash), (found) =>
      this.admit(found, keyHash, api, request, reply),
    );
  }

  /** A found key's own checks, then its own bucket. */
  private admit(
    found: GatewayKey | null,
    keyHash: string,
    api: GatewayApi,
    request: GatewayRequest,
    reply: FastifyReply,
  ): GatewayKey | Promise<GatewayKey> {
    if (!found || !found.active) return this.refuse(request, reply, invalidKey());
    const refusal = this.refusal(found, api, request.ip);
    if (refusal) return this.refuse(request, reply, refusal);
    // A key's own limit only lowers the site's (kept keys may predate a lowered RATE_LIMIT_PER_KEY).
    const limit = Math.min(found.rateLimit ?? Infinity, this.env.RATE_LIMIT_PER_KEY);
    return andThen(this.limiter.hit(`k:${keyHash}`, limit), (result) => {
      this.applyLimit(reply, result);
      this.usage.touchKey(found.id, request.ip);
      return found;
    });
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

  /**
   * Every refusal before a key is admitted (no such API, a disabled one, the wrong method, a
   * missing, bad or refused key) counts against the caller's IP: guessing costs the guesser. Past
   * the IP's limit the answer is the 429.
   */
  private async refuse(
    request: GatewayRequest,
    reply: FastifyReply,
    refusal: AppError,
  ): Promise<never> {
    await this.limitIp(request.ip, reply);
    throw refusal;
  }

  /** Counts a call against its IP's bucket (429 past it): at once when the window is in memory. */
  private limitIp(ip: string, reply: FastifyReply): void | Promise<void> {
    return andThen(this.limiter.hit(`ip:${ip}`, this.env.RATE_LIMIT_PER_IP), (result) =>
      this.applyLimit(reply, result),
    );
  }

  /** Tells the caller its bucket's state, then refuses the call if the bucket is empty. */
  private applyLimit(reply: FastifyReply, result: RateLimitResult): void {
    this.setLimitHeaders(reply, result);
    if (!result.allowed) {
      throw gatewayError('gateway.rate_limited', 429, 'too many requests, try again later', {
        'retry-after': String(result.resetSeconds),
      });
    }
  }

  private setLimitHeaders(reply: FastifyReply, result: RateLimitResult): void {
    let limit = this.limitTexts.get(result.limit);
    if (limit === undefined) {
      limit = String(result.limit);
      if (this.limitTexts.size < MAX_LIMIT_TEXTS) this.limitTexts.set(result.limit, limit);
    }
    void reply
      .header('x-ratelimit-limit', limit)
      .header('x-ratelimit-remaining', String(result.remaining))
      .header('x-ratelimit-reset', String(result.resetSeconds));
  }

  /**
   * Makes an API's probe call as a keyless call is made, but for no caller: nothing is charged,
   * limited or logged, and the caller counts it for the API's health. The answer's body is read
   * and dropped; the time is to its end.
   */
  async probe(apiId: number, probe: ProbeCall): Promise<ProbeAnswer> {
    let apis = this.catalogue.byName();
    if (apis instanceof Promise) apis = await apis;
    const api = [...apis.values()].find((entry) => entry.id === apiId);
    if (!api) return { status: 0, ms: 0, error: 'the API no longer exists' };
    const search = new URLSearchParams(probe.query);
    const request = {
      method: probe.method,
      url: `/apis/${api.name_en}${probe.query ? `?${probe.query}` : ''}`,
      query: Object.fromEntries(search),
      params: { name: api.name_en },
      headers: {
        'user-agent': PROBE_AGENT,
        ...(probe.body === null ? {} : { 'content-type': JSON_TYPE }),
      },
      body: probe.body === null ? undefined : Buffer.from(probe.body),
      ip: '127.0.0.1',
    } as unknown as GatewayRequest;
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    let timer: NodeJS.Timeout | undefined;
    try {
      const outcome = await Promise.race([
        this.execute(
          { ...api, upstream_timeout_ms: probe.timeoutMs },
          request,
          upstreamTarget(api, request),
        ),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new UpstreamFailure('the probe timed out', true)),
            probe.timeoutMs,
          );
        }),
      ]);
      if ('upstream' in outcome) await finished(outcome.upstream.body.resume());
      return { status: outcome.status, ms: ms(), error: '' };
    } catch (error) {
      if (error instanceof AppError)
        return { status: error.status, ms: ms(), error: error.message };
      if (error instanceof UpstreamFailure) {
        return { status: error.status, ms: ms(), error: error.message };
      }
      return { status: 0, ms: ms(), error: error instanceof Error ? error.message : String(error) };
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Makes the call and counts what it did for the API's health: it worked unless the API failed
   * it (a 5xx, an upstream that failed or timed out, no implementation); the caller's own 4xx
   * counts as working. Timed from the call's start to its answer's headers.
   */
  private async run(
    api: GatewayApi,
    request: GatewayRequest,
    target: UpstreamTarget | null | undefined,
  ): Promise<Outcome> {
    const started = performance.now();
    try {
      const outcome = await this.execute(api, request, target);
      this.health.record(api.id, outcome.status < 500, performance.now() - started);
      return outcome;
    } catch (error) {
      const worked = error instanceof AppError && error.status < HttpStatus.INTERNAL_SERVER_ERROR;
      this.health.record(api.id, worked, performance.now() - started);
      throw error;
    }
  }

  private async execute(
    api: GatewayApi,
    request: GatewayRequest,
    target: UpstreamTarget | null | undefined,
  ): Promise<Outcome> {
    const builtin = api.handler ? BUILTIN_HANDLERS[api.handler] : undefined;
    if (builtin) {
      // Only a multipart form is parsed asynchronously: no extra turn for every other call.
      let body = parseBody(request);
      if (body instanceof Promise) body = await body;
      let response = builtin({
        method: request.method,
        query: firstValues(request.query),
        body,
        ip: request.ip,
        headers: request.headers as Record<string, string | undefined>,
      });
      if (response instanceof Promise) response = await response;
      return { status: response.status ?? 200, builtin: response };
    }
    if (target) {
      const upstream = await callUpstream({
        ...target,
        method: request.method,
        headers: request.headers,
        body: Buffer.isBuffer(request.body) ? request.body : undefined,
        clientIp: request.ip,
        timeoutMs: api.upstream_timeout_ms,
      });
      return { status: upstream.statusCode, upstream };
    }
    throw gatewayError('gateway.not_implemented', 503, 'this API has no implementation configured');
  }
}

/**
 * Where an upstream API's call goes: the call's sub-path and query below the upstream URL, or its
 * path parameters filled from them (a 400 when they cannot be). Null for a built-in API.
 */
function upstreamTarget(api: GatewayApi, request: GatewayRequest): UpstreamTarget | null {
  if (!api.upstream_url || (api.handler && BUILTIN_HANDLERS[api.handler])) return null;
  const search = new URL(loggedUrl(request.url), 'http://gateway').searchParams;
  const subPath = request.params['*'] ?? '';
  if (api.path_parameters.length === 0) return { baseUrl: api.upstream_url, subPath, search };
  return fillPathParameters(api.upstream_url, api.path_parameters, subPath, search);
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
  if (/^multipart\/form-data/i.test(type)) return multipartParts(request.body, type);
  return undefined;
}

/**
 * A multipart body's parts by name (the first of each): text as text, a file as a BuiltinFile.
 * The body is already bounded by the gateway's body limit; Node's own parser (fetch's
 * Response.formData) reads it.
 */
async function multipartParts(body: Buffer, type: string): Promise<Record<string, unknown>> {
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': type } }).formData();
  } catch {
    throw gatewayError('gateway.invalid_form', 400, 'request body is not a valid multipart form');
  }
  const parts: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [name, value] of form) {
    if (name in parts) continue;
    parts[name] =
      typeof value === 'string'
        ? value
        : {
            filename: value.name,
            type: value.type || 'application/octet-stream',
            data: Buffer.from(await value.arrayBuffer()),
          };
  }
  return parts;
}

/** Sends what the call made: a built-in's answer, or the upstream's (status, headers, body). */
function send(reply: FastifyReply, outcome: Outcome): FastifyReply {
  if ('empty' in outcome) return reply.status(outcome.status).send();
  if ('upstream' in outcome) {
    const { upstream } = outcome;
    // The sandbox goes on last: an upstream's own CSP or CORS headers must not replace it.
    return reply
      .status(upstream.statusCode)
      .headers(upstream.headers)
      .headers(SANDBOX_HEADERS)
      .send(upstream.body);
  }
  const { body, contentType } = outcome.builtin;
  return reply
    .status(outcome.status)
    .header('content-type', contentType ?? JSON_TYPE)
    .send(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
}

/** A header's value as one text (the first of a repeated one), or null. */
function headerText(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  return text ?? null;
}

/** A built-in's answer as the bytes sent (an object is sent as JSON). */
function answerBytes(body: unknown): Buffer {
  if (Buffer.isBuffer(body)) return body;
  return Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
}
