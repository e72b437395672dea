import { Global, Injectable, Module } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics for this instance (its own registry, so several apps in one test process do
 * not collide). Owners record into the metrics declared here; /metrics renders the registry.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: 'portico_http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'portico_http_request_duration_seconds',
    help: 'HTTP request latency by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  readonly gatewayCalls = new Counter({
    name: 'portico_gateway_calls_total',
    help: 'Gateway calls by API and outcome',
    labelNames: ['api', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly flushDuration = new Histogram({
    name: 'portico_usage_flush_duration_seconds',
    help: 'Time to write one batch of call counters and free-call logs',
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
    registers: [this.registry],
  });

  readonly flushLag = new Gauge({
    name: 'portico_usage_flush_lag_seconds',
    help: 'Age of the oldest call not yet written to the database (0 when none is pending)',
    registers: [this.registry],
  });

  readonly dbPool = new Gauge({
    name: 'portico_db_pool_connections',
    help: 'Database pool connections by state (MySQL)',
    labelNames: ['state'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'portico_' });
  }
}

@Global()
@Module({ providers: [MetricsService], exports: [MetricsService] })
export class MetricsModule {}
