import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { HEALTH_MIN_CALLS, STATUS_DAYS } from '../../contracts/health';
import type { ApiState, IncidentCause, IncidentChange } from '../../contracts/health';
import { ContentEvents } from '../../common/content-events';
import { MetricsService } from '../../common/metrics';
import type { ApiHealthGauge } from '../../common/metrics';
import type { ApiHealth, ApiHealthDay, ApiIncident, SiteConfig } from '../../database/entities';
import { LATENCY_BOUNDS_MS } from '../../database/entities/api-health.entity';
import { IncidentAlerts } from '../alerts';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import {
  decidingWindow,
  DEFAULT_STATE_RULES,
  figuresOf,
  verdictOf,
  WINDOWS,
} from './health-figures';
import type { StateRules, WindowFigures, WindowName } from './health-figures';
import { HealthRecorder } from './health-recorder';
import { HealthStore } from './health-store';
import type { HealthApi } from './health-store';
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
 * (by anyone). An API's probe has its say (health-figures.ts, verdictOf). A change of state is
 * written by a conditional update, so of the instances that see it at once exactly one opens,
 * worsens or ends the incident and tells the admins. With automatic maintenance on, a down API
 * whose probe fails is put into maintenance (calls answer 503) and taken out once the probe has
 * passed as many times in a row as it takes failures to be down; from then on only later buckets
 * decide its state. It also drops expired buckets and days, and hands the last hour's figures to
 * /metrics.
 */
@Injectable()
export class HealthMonitor implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('HealthMonitor');
  private timer?: NodeJS.Timeout;
  private gauges: ApiHealthGauge[] = [];
  /** The APIs' names as of the last refresh, for /metrics' labels. */
  private names = new Map<number, string>();
  private refreshing?: Promise<void>;

  constructor(
    private readonly store: HealthStore,
    @Inject(ENV) private readonly env: Env,
    private readonly events: ContentEvents,
    private readonly alerts: IncidentAlerts,
    recorder: HealthRecorder,
    metrics: MetricsService,
  ) {
    metrics.reportApiHealth(() => this.gauges);
    metrics.reportApiLatency(
      LATENCY_BOUNDS_MS.map((ms) => ms / 1000),
      () =>
        [...recorder.latencyTotals()].flatMap(([apiId, { slots, sumMs, count }]) => {
          const name = this.names.get(apiId);
          return name === undefined ? [] : [{ api: name, slots, sumSeconds: sumMs / 1000, count }];
        }),
    );
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
    const [sums, days, current, apis, probes, site] = await Promise.all([
      this.store.sums(starts),
      this.store.daySums([today - BUCKETS_PER_DAY, today]),
      this.store.current(),
      this.store.apis(),
      this.store.probes(),
      this.store.settings(),
    ]);
    const rules = rulesOf(site);
    const hourAndDay: [number, number] = [
      starts[NAMES.indexOf('1h')],
      starts[NAMES.indexOf('24h')],
    ];
    const from = new Map(
      [...current.values()].flatMap((row) =>
        row.decide_from_bucket !== null && row.decide_from_bucket > hourAndDay[1]
          ? [[row.api_id, row.decide_from_bucket] as const]
          : [],
      ),
    );
    const recent = await this.store.sumsFrom(from, hourAndDay);
    const changed: Figures[] = [];
    const gauges: ApiHealthGauge[] = [];
    // An API in maintenance is looked at even when nothing (not even a probe) called it lately.
    const looked = new Set([
      ...sums.keys(),
      ...[...apis.values()].flatMap((api) => (api.maintenance_at ? [api.id] : [])),
    ]);
    for (const apiId of looked) {
      let api = apis.get(apiId);
      if (api === undefined) continue;
      const windows = sums.get(apiId);
      const figures = Object.fromEntries(
        NAMES.map((window, i) => [window, figuresOf(windows?.[i])]),
      ) as Record<WindowName, WindowFigures>;
      const known = current.get(apiId);
      const since = recent.get(apiId);
      const hour = since ? figuresOf(since[0]) : figures['1h'];
      const day = since ? figuresOf(since[1]) : figures['24h'];
      const probe = probes.get(apiId);
      const record = probe && {
        ran: probe.last_run_at !== null,
        consecutiveFailures: probe.consecutive_failures,
      };
      let { state, cause } = verdictOf(hour, day, rules, record);
      let decideFrom = from.get(apiId) ?? null;
      if (api.maintenance_at) {
        const passed =
          probe !== undefined && probe.consecutive_passes >= rules.downAfterProbeFailures;
        if (passed || !site?.health_auto_maintenance || !probe) {
          // Out of maintenance (by this instance or another that saw the same): the calls that
          // took it in no longer count against it, so every instance judges it afresh alike.
          decideFrom = bucket + 1;
          const none = figuresOf(undefined);
          ({ state, cause } = verdictOf(none, none, rules, record && { ...record, ran: true }));
          if (await this.store.leaveMaintenance(apiId, decideFrom)) {
            await this.events.changed('apis');
            // Released without a probe to judge by: what is left to say is nothing, not down.
            if (state === 'unknown') await this.store.endIncidents(apiId, new Date(now));
          }
          api = { ...api, maintenance_at: null };
        } else {
          state = 'down';
          cause = 'probe';
        }
      }
      const row = this.figuresRow(apiId, figures, state, decideFrom);
      const deciding = decidingWindow(hour, day);
      const change: StateChange = { api, from: 'unknown', to: state, cause, deciding, now };
      if (!known) {
        if (await this.store.insert(row)) await this.stateChanged(change);
      } else {
        if (known.state !== state && (await this.store.claimState(apiId, known.state, state))) {
          await this.stateChanged({ ...change, from: known.state as ApiState });
        }
        if ((Object.keys(row) as (keyof Figures)[]).some((k) => known[k] !== row[k])) {
          changed.push(row);
        }
      }
      if (
        state === 'down' &&
        !api.maintenance_at &&
        site?.health_auto_maintenance &&
        probe &&
        probe.consecutive_failures > 0 &&
        (await this.store.enterMaintenance(apiId, new Date(now)))
      ) {
        await this.events.changed('apis');
        await this.announce('maintenance', {
          ...change,
          api: { ...api, maintenance_at: new Date(now) },
        });
      }
      gauges.push({
        api: api.name_en,
        state,
        p95Seconds: figures['1h'].p95_ms === null ? null : figures['1h'].p95_ms / 1000,
        success: figures['1h'].success_rate === null ? null : figures['1h'].success_rate / 100,
      });
    }
    await this.store.write(
      changed,
      [...sums.keys()].filter((id) => apis.has(id)),
      new Date(now),
    );
    await this.store.writeDays(this.dayRows(days, apis, now));
    await this.store.prune(bucket - KEEP_BUCKETS, utcDay(now - STATUS_DAYS * DAY_MS));
    this.gauges = gauges;
    this.names = new Map([...apis].map(([id, api]) => [id, api.name_en]));
  }

  private figuresRow(
    apiId: number,
    figures: Record<WindowName, WindowFigures>,
    state: ApiState,
    decideFrom: number | null,
  ): Figures {
    const week = figures['7d'];
    const enough = week.calls >= HEALTH_MIN_CALLS;
    return {
      api_id: apiId,
      state,
      decide_from_bucket: decideFrom,
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
    apis: Map<number, HealthApi>,
    now: number,
  ): ApiHealthDay[] {
    const labels = [utcDay(now - DAY_MS), utcDay(now)];
    return [...days].flatMap(([apiId, sums]) =>
      apis.has(apiId)
        ? sums.flatMap((sum, i) =>
            sum.calls > 0 ? [{ api_id: apiId, day: labels[i], ...sum }] : [],
          )
        : [],
    );
  }

  /**
   * What this instance's write of a new state starts or ends, and tells the admins: leaving
   * operational (or unknown) for degraded or down opens an incident, degraded → down worsens it,
   * operational again ends it. Unknown (too few calls) changes nothing.
   */
  private async stateChanged(change: StateChange): Promise<void> {
    const { api, from, to, cause, deciding, now } = change;
    if (to === 'operational') {
      const ended = await this.store.endIncidents(api.id, new Date(now));
      if (ended) await this.announce('ended', change, ended);
      return;
    }
    if (!PROBLEMS.has(to)) return;
    const ongoing = await this.store.ongoing(api.id);
    if (ongoing) {
      if (to === 'down' && ongoing.state !== 'down') {
        await this.store.worsenIncident(ongoing.id, to);
        await this.announce('worsened', change, { ...ongoing, state: to });
      }
      return;
    }
    this.logger.warn(`${api.name_en} went from ${from} to ${to}`);
    const rate = deciding?.success_rate ?? null;
    const incident: Omit<ApiIncident, 'id' | 'ended_at'> = {
      api_id: api.id,
      state: to,
      cause,
      calls: deciding?.calls ?? 0,
      success_permille: rate === null ? 0 : Math.round(rate * 10),
      p95_ms: deciding?.p95_ms ?? null,
      started_at: new Date(now),
    };
    const id = await this.store.startIncident(incident);
    await this.announce('started', change, { ...incident, id, ended_at: null });
  }

  /** Tells the admins of an incident's change (the caller's write made it: once per change). */
  private async announce(
    kind: IncidentChange,
    { api, to, now }: StateChange,
    incident?: ApiIncident | null,
  ): Promise<void> {
    const about = incident ?? (await this.store.ongoing(api.id));
    if (!about) return;
    await this.alerts.announce({
      change: kind,
      incident_id: about.id,
      api_id: api.id,
      name: api.name,
      name_en: api.name_en,
      state: to,
      cause: about.cause as IncidentCause,
      maintenance: api.maintenance_at !== null,
      calls: about.calls,
      success_rate: about.success_permille / 10,
      p95_ms: about.p95_ms,
      started_at: about.started_at.toISOString(),
      ended_at: about.ended_at?.toISOString() ?? null,
      at: new Date(now).toISOString(),
    });
  }
}

/** A change of an API's state this instance wrote, and what decided it. */
interface StateChange {
  api: HealthApi;
  from: ApiState;
  to: ApiState;
  cause: IncidentCause;
  deciding: WindowFigures | null;
  now: number;
}

/** The site's thresholds (the defaults on a damaged database without its settings row). */
function rulesOf(site: SiteConfig | null): StateRules {
  if (!site) return DEFAULT_STATE_RULES;
  return {
    degradedBelowSuccess: site.health_degraded_success,
    degradedAboveP95Ms: site.health_degraded_p95_ms,
    downBelowSuccess: site.health_down_success,
    downAfterProbeFailures: site.health_down_probe_failures,
  };
}
