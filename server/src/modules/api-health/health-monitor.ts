import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { HEALTH_MIN_CALLS } from '../../contracts/health';
import { MetricsService } from '../../common/metrics';
import type { ApiHealthGauge } from '../../common/metrics';
import type { ApiHealth } from '../../database/entities';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { figuresOf, stateOf, WINDOWS } from './health-figures';
import type { WindowFigures, WindowName } from './health-figures';
import { HealthStore } from './health-store';
import { BUCKET_MS } from './latency';

/** Buckets are kept a day longer than the widest window. */
const KEEP_BUCKETS = WINDOWS['30d'] + 288;
const NAMES = Object.keys(WINDOWS) as WindowName[];

/**
 * Works out every API's health from its buckets every HEALTH_REFRESH_MS: each window's calls,
 * success rate and latency quantiles, and its state. Every instance does it from the same rows and
 * comes to the same figures; each writes only what changed since the last write (by anyone), so
 * instances that refresh together write each change about once. It also drops expired buckets and
 * hands the last hour's figures to /metrics.
 */
@Injectable()
export class HealthMonitor implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('HealthMonitor');
  private timer?: NodeJS.Timeout;
  private gauges: ApiHealthGauge[] = [];
  private refreshing?: Promise<void>;

  constructor(
    private readonly store: HealthStore,
    @Inject(ENV) private readonly env: Env,
    metrics: MetricsService,
  ) {
    metrics.reportApiHealth(() => this.gauges);
  }

  onModuleInit(): void {
    this.timer = setInterval(() => {
      this.refresh().catch((error: unknown) =>
        this.logger.warn(`could not work out API health: ${String(error)}`),
      );
    }, this.env.HEALTH_REFRESH_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Works the figures out now (one refresh at a time: a caller meanwhile shares the running one). */
  refresh(now = Date.now()): Promise<void> {
    this.refreshing ??= this.work(now).finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private async work(now: number): Promise<void> {
    const bucket = Math.floor(now / BUCKET_MS);
    const starts = NAMES.map((name) => bucket - WINDOWS[name] + 1);
    const [sums, current, names] = await Promise.all([
      this.store.sums(starts),
      this.store.current(),
      this.store.names(),
    ]);
    const changed: Omit<ApiHealth, 'updated_at'>[] = [];
    const gauges: ApiHealthGauge[] = [];
    for (const [apiId, windows] of sums) {
      const name = names.get(apiId);
      if (name === undefined) continue;
      const figures = Object.fromEntries(
        NAMES.map((window, i) => [window, figuresOf(windows[i])]),
      ) as Record<WindowName, WindowFigures>;
      const week = figures['7d'];
      const enough = week.calls >= HEALTH_MIN_CALLS;
      const row = {
        api_id: apiId,
        state: stateOf(figures['1h'], figures['24h']),
        calls_7d: week.calls,
        success_permille_7d: enough
          ? Math.floor((1000 * (week.calls - week.failures)) / week.calls)
          : null,
        p50_7d_ms: enough ? week.p50_ms : null,
        p95_7d_ms: enough ? week.p95_ms : null,
        windows: JSON.stringify(figures),
      };
      const known = current.get(apiId);
      if (!known || (Object.keys(row) as (keyof typeof row)[]).some((k) => known[k] !== row[k])) {
        changed.push(row);
      }
      gauges.push({
        api: name,
        state: row.state,
        p95Seconds: figures['1h'].p95_ms === null ? null : figures['1h'].p95_ms / 1000,
        success: figures['1h'].success_rate === null ? null : figures['1h'].success_rate / 100,
      });
    }
    await this.store.write(
      changed,
      [...sums.keys()].filter((id) => names.has(id)),
    );
    await this.store.prune(bucket - KEEP_BUCKETS);
    this.gauges = gauges;
  }
}
