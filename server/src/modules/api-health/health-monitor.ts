import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { HEALTH_MIN_CALLS, STATUS_DAYS } from '../../contracts/health';
import type { ApiState } from '../../contracts/health';
import { MetricsService } from '../../common/metrics';
import type { ApiHealthGauge } from '../../common/metrics';
import type { ApiHealth, ApiHealthDay } from '../../database/entities';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { decidingWindow, figuresOf, stateOf, WINDOWS } from './health-figures';
import type { WindowFigures, WindowName } from './health-figures';
import { HealthStore } from './health-store';
import { BUCKET_MS } from './latency';

/** Buckets are kept a day longer than the widest window. */
const KEEP_BUCKETS = WINDOWS['30d'] + 288;
const DAY_MS = 86_400_000;
const BUCKETS_PER_DAY = DAY_MS / BUCKET_MS;
const NAMES = Object.keys(WINDOWS) as WindowName[];
const PROBLEMS: ReadonlySet<ApiState> = new Set(['degraded', 'down']);

type Figures = Omit<ApiHealth, 'updated_at'>;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Works out every API's health from its buckets every HEALTH_REFRESH_MS: each window's calls,
 * success rate and latency quantiles, its state, and its calls per day. Every instance does it from
 * the same rows and comes to the same figures; each writes only what changed since the last write
 * (by anyone). A change of state is written by a conditional update, so of the instances that see
 * it at once exactly one opens, worsens or ends the incident. It also drops expired buckets and
 * days, and hands the last hour's figures to /metrics.
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
    const today = Math.floor(now / DAY_MS) * BUCKETS_PER_DAY;
    const [sums, days, current, names] = await Promise.all([
      this.store.sums(starts),
      this.store.daySums([today - BUCKETS_PER_DAY, today]),
      this.store.current(),
      this.store.names(),
    ]);
    const changed: Figures[] = [];
    const gauges: ApiHealthGauge[] = [];
    for (const [apiId, windows] of sums) {
      const name = names.get(apiId);
      if (name === undefined) continue;
      const figures = Object.fromEntries(
        NAMES.map((window, i) => [window, figuresOf(windows[i])]),
      ) as Record<WindowName, WindowFigures>;
      const row = this.figuresRow(apiId, figures);
      const known = current.get(apiId);
      const deciding = decidingWindow(figures['1h'], figures['24h']);
      if (!known) {
        if (await this.store.insert(row)) {
          await this.stateChanged(apiId, name, 'unknown', row.state as ApiState, deciding, now);
        }
      } else {
        if (
          known.state !== row.state &&
          (await this.store.claimState(apiId, known.state, row.state))
        ) {
          await this.stateChanged(
            apiId,
            name,
            known.state as ApiState,
            row.state as ApiState,
            deciding,
            now,
          );
        }
        if ((Object.keys(row) as (keyof Figures)[]).some((k) => known[k] !== row[k])) {
          changed.push(row);
        }
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
      new Date(now),
    );
    await this.store.writeDays(this.dayRows(days, names, now));
    await this.store.prune(bucket - KEEP_BUCKETS, utcDay(now - STATUS_DAYS * DAY_MS));
    this.gauges = gauges;
  }

  private figuresRow(apiId: number, figures: Record<WindowName, WindowFigures>): Figures {
    const week = figures['7d'];
    const enough = week.calls >= HEALTH_MIN_CALLS;
    return {
      api_id: apiId,
      state: stateOf(figures['1h'], figures['24h']),
      calls_7d: week.calls,
      success_permille_7d: enough ? Math.round(week.success_rate! * 10) : null,
      p50_7d_ms: enough ? week.p50_ms : null,
      p95_7d_ms: enough ? week.p95_ms : null,
      windows: JSON.stringify(figures),
    };
  }

  /** Yesterday's and today's calls of the APIs that still exist (UTC days). */
  private dayRows(
    days: Map<number, { calls: number; failures: number }[]>,
    names: Map<number, string>,
    now: number,
  ): ApiHealthDay[] {
    const labels = [utcDay(now - DAY_MS), utcDay(now)];
    return [...days].flatMap(([apiId, sums]) =>
      names.has(apiId)
        ? sums.flatMap((sum, i) =>
            sum.calls > 0 ? [{ api_id: apiId, day: labels[i], ...sum }] : [],
          )
        : [],
    );
  }

  /**
   * What this instance's write of a new state starts or ends: leaving operational (or unknown)
   * for degraded or down opens an incident, degraded → down worsens it, operational again ends
   * it. Unknown (too few calls) changes nothing.
   */
  private async stateChanged(
    apiId: number,
    name: string,
    from: ApiState,
    to: ApiState,
    deciding: WindowFigures | null,
    now: number,
  ): Promise<void> {
    if (to === 'operational') return this.store.endIncidents(apiId, new Date(now));
    if (!PROBLEMS.has(to)) return;
    const ongoing = await this.store.ongoing(apiId);
    if (ongoing) {
      if (to === 'down' && ongoing.state !== 'down')
        await this.store.worsenIncident(ongoing.id, to);
      return;
    }
    this.logger.warn(`${name} went from ${from} to ${to}`);
    const rate = deciding?.success_rate ?? null;
    await this.store.startIncident({
      api_id: apiId,
      state: to,
      calls: deciding?.calls ?? 0,
      success_permille: rate === null ? 0 : Math.round(rate * 10),
      p95_ms: deciding?.p95_ms ?? null,
      started_at: new Date(now),
    });
  }
}
