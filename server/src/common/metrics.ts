import { Global, Injectable, Module } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { API_STATES } from '../contracts/health';
import { histogramSeries, HttpTally, TalliedHistogram } from './http-tally';

const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** Database pool connections by state. */
export interface PoolUse {
  in_use: number;
  idle: number;
}

/** One API's health for /metrics: its state and the last hour's p95 latency and success ratio. */
export interface ApiHealthGauge {
  api: string;
  state: string;
  p95Seconds: number | null;
  success: number | null;
}

/**
 * One API's calls since this instance started, for the latency histogram: how many fell at or
 * under each bound and not the one before (the last slot: past every bound), their total time.
 */
export interface ApiLatencyTally {
  api: string;
  slots: readonly number[];
  sumSeconds: number;
  count: number;
}

/**
 * Prometheus metrics for this instance (its own registry, so several apps in one test process do
 * not collide). Owners record into the metrics declared here; /metrics renders the registry. The
 * gauges that describe a state are read at scrape time from what their owners report.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  private readFlushLag = () => 0;
  private readPoolUse?: () => PoolUse;
  private addGatewayCalls = () => {};
  private readRedisFallback = () => false;
  private readUnsettledCharges = () => 0;
  private readClockSkew = () => 0;
  private readApiHealth = (): ApiHealthGauge[] => [];
  private apiLatencyBounds: readonly number[] = [];
  private readApiLatency = (): ApiLatencyTally[] => [];

  /** HttpMetrics records every request here; the two HTTP metrics below read it at scrape. */
  readonly http = new HttpTally(HTTP_BUCKETS);

  readonly httpRequests: Counter<'method' | 'route' | 'status'> = new Counter({
    name: 'portico_http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
    collect: () => {
      this.http.addTo(this.httpRequests);
    },
  });

  readonly httpDuration = new TalliedHistogram(this.http, {
    name: 'portico_http_request_duration_seconds',
    help: 'HTTP request latency by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });

  readonly gatewayCalls = new Counter({
    name: 'portico_gateway_calls_total',
    help: 'Gateway calls by API and outcome',
    labelNames: ['api', 'outcome'] as const,
    registers: [this.registry],
    collect: () => {
      this.addGatewayCalls();
    },
  });

  readonly flushDuration = new Histogram({
    name: 'portico_usage_flush_duration_seconds',
    help: 'Time to write one batch of call counters and free-call logs',
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
    registers: [this.registry],
  });

  readonly flushLag: Gauge = new Gauge({
    name: 'portico_usage_flush_lag_seconds',
    help: 'Age of the oldest call not yet written to the database (0 when none is pending)',
    registers: [this.registry],
    collect: () => {
      this.flushLag.set(this.readFlushLag());
    },
  });

  readonly dbPool: Gauge<'state'> = new Gauge({
    name: 'portico_db_pool_connections',
    help: 'Database pool connections by state (MySQL)',
    labelNames: ['state'] as const,
    registers: [this.registry],
    collect: () => {
      const use = this.readPoolUse?.();
      if (!use) return;
      this.dbPool.set({ state: 'in_use' }, use.in_use);
      this.dbPool.set({ state: 'idle' }, use.idle);
    },
  });

  readonly redisFallback: Gauge = new Gauge({
    name: 'portico_redis_fallback',
    help: '1 while Redis is configured but unreachable and rate limits and lock-out count per instance',
    registers: [this.registry],
    collect: () => {
      this.redisFallback.set(this.readRedisFallback() ? 1 : 0);
    },
  });

  readonly unsettledCharges: Gauge = new Gauge({
    name: 'portico_charges_unsettled',
    help: 'Charges whose settling or refund waits for the database, their calls answered with an error: each is done once it answers (MySQL)',
    registers: [this.registry],
    collect: () => {
      this.unsettledCharges.set(this.readUnsettledCharges());
    },
  });

  readonly clockSkew: Gauge = new Gauge({
    name: 'portico_clock_skew_seconds',
    help: "How far this instance's clock is ahead of the database's (negative: behind), last measured (MySQL; 0 on SQLite, whose clock is the instance's)",
    registers: [this.registry],
    collect: () => {
      this.clockSkew.set(this.readClockSkew());
    },
  });

  readonly apiState: Gauge<'api' | 'state'> = new Gauge({
    name: 'portico_api_health_state',
    help: "Each API's health state: 1 for the state it is in, 0 for the others",
    labelNames: ['api', 'state'] as const,
    registers: [this.registry],
    collect: () => {
      this.apiState.reset();
      for (const { api, state } of this.readApiHealth()) {
        for (const each of API_STATES)
          this.apiState.set({ api, state: each }, each === state ? 1 : 0);
      }
    },
  });

  readonly apiLatency: Gauge<'api'> = new Gauge({
    name: 'portico_api_latency_p95_seconds',
    help: "Each API's 95th-percentile latency over the last hour (APIs called in the last hour)",
    labelNames: ['api'] as const,
    registers: [this.registry],
    collect: () => {
      this.apiLatency.reset();
      for (const { api, p95Seconds } of this.readApiHealth()) {
        if (p95Seconds !== null) this.apiLatency.set({ api }, p95Seconds);
      }
    },
  });

  readonly apiSuccess: Gauge<'api'> = new Gauge({
    name: 'portico_api_success_ratio',
    help: "Share of each API's calls over the last hour that worked (APIs called in the last hour)",
    labelNames: ['api'] as const,
    registers: [this.registry],
    collect: () => {
      this.apiSuccess.reset();
      for (const { api, success } of this.readApiHealth()) {
        if (success !== null) this.apiSuccess.set({ api }, success);
      }
    },
  });

  readonly apiLatencyHistogram = new TalliedHistogram(
    {
      series: (name) =>
        this.readApiLatency().flatMap(({ api, slots, sumSeconds, count }) =>
          histogramSeries(name, this.apiLatencyBounds, { api }, slots, sumSeconds, count),
        ),
    },
    {
      name: 'portico_api_latency_seconds',
      help: "Each API's call latency (calls and probes) since this instance started",
      labelNames: ['api'] as const,
      registers: [this.registry],
    },
  );

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'portico_' });
  }

  /** The usage recorder: seconds since the oldest call it has not written yet. */
  reportFlushLag(read: () => number): void {
    this.readFlushLag = read;
  }

  /** The gateway: adds the calls it counted since the last scrape (counted apart, per call). */
  reportGatewayCalls(add: () => void): void {
    this.addGatewayCalls = add;
  }

  /** Redis: whether shared limits are counted per instance because Redis is away. */
  reportRedisFallback(read: () => boolean): void {
    this.readRedisFallback = read;
  }

  /** The ledger: charges being settled in the background (SQLite has none and reports none). */
  reportUnsettledCharges(read: () => number): void {
    this.readUnsettledCharges = read;
  }

  /** The clock watch: seconds this instance's clock is ahead of the database's. */
  reportClockSkew(read: () => number): void {
    this.readClockSkew = read;
  }

  /** The health monitor: each API's figures as last worked out. */
  reportApiHealth(read: () => ApiHealthGauge[]): void {
    this.readApiHealth = read;
  }

  /** API health: each API's latency tally, in slots with these upper bounds (seconds). */
  reportApiLatency(bounds: readonly number[], read: () => ApiLatencyTally[]): void {
    this.apiLatencyBounds = bounds;
    this.readApiLatency = read;
  }

  /** The MySQL pool's connections in use and idle (SQLite has no pool and reports none). */
  reportPoolUse(read: () => PoolUse): void {
    this.readPoolUse = read;
  }
}

@Global()
@Module({ providers: [MetricsService], exports: [MetricsService] })
export class MetricsModule {}
