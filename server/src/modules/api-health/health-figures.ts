import { EntityManager, In } from 'typeorm';
import { HEALTH_MIN_CALLS, successRate } from '../../contracts/health';
import type { ApiHealthSummary, ApiState } from '../../contracts/health';
import { ApiHealth } from '../../database/entities';
import { quantile } from './latency';
import type { WindowSums } from './health-store';

/** The windows health is worked out over, in buckets of 5 minutes (the current one included). */
export const WINDOWS = { '1h': 12, '24h': 288, '7d': 2016, '30d': 8640 } as const;
export type WindowName = keyof typeof WINDOWS;

/** One window's figures (latencies in ms; null with no calls). */
export interface WindowFigures {
  calls: number;
  failures: number;
  /** Per cent of calls that worked, one decimal; null with no calls. */
  success_rate: number | null;
  p50_ms: number | null;
  p95_ms: number | null;
  p99_ms: number | null;
}

/**
 * When an API is degraded or down (docs/api-health.md), as the admin sets it in the site settings
 * (these are the defaults): down when fewer than half of its calls work or after 3 failed probes
 * in a row; degraded when fewer than 95 % work or the slowest 5 % take over 3 s.
 */
export interface StateRules {
  degradedBelowSuccess: number;
  degradedAboveP95Ms: number;
  downBelowSuccess: number;
  downAfterProbeFailures: number;
}

export const DEFAULT_STATE_RULES: StateRules = {
  degradedBelowSuccess: 95,
  degradedAboveP95Ms: 3000,
  downBelowSuccess: 50,
  downAfterProbeFailures: 3,
};

/** The last hour decides once it has this many calls, else the last day once it has HEALTH_MIN_CALLS. */
export const HOUR_MIN_CALLS = 20;

/** How an API's probe has gone, as far as its state is concerned. */
export interface ProbeRecord {
  /** Whether it has run at all. */
  ran: boolean;
  consecutiveFailures: number;
}

export function figuresOf(sums: WindowSums | undefined): WindowFigures {
  if (!sums || sums.calls === 0) {
    return { calls: 0, failures: 0, success_rate: null, p50_ms: null, p95_ms: null, p99_ms: null };
  }
  return {
    calls: sums.calls,
    failures: sums.failures,
    success_rate: successRate(sums.calls, sums.failures),
    p50_ms: quantile(sums.histogram, 0.5),
    p95_ms: quantile(sums.histogram, 0.95),
    p99_ms: quantile(sums.histogram, 0.99),
  };
}

/** The window whose figures decide the state: the last hour's, the last day's, or none. */
export const decidingWindow = (hour: WindowFigures, day: WindowFigures): WindowFigures | null =>
  hour.calls >= HOUR_MIN_CALLS ? hour : day.calls >= HEALTH_MIN_CALLS ? day : null;

/** The state the calls' figures alone say. */
export function stateOf(
  hour: WindowFigures,
  day: WindowFigures,
  rules: StateRules = DEFAULT_STATE_RULES,
): ApiState {
  const deciding = decidingWindow(hour, day);
  if (!deciding || deciding.success_rate === null) return 'unknown';
  if (deciding.success_rate < rules.downBelowSuccess) return 'down';
  if (
    deciding.success_rate < rules.degradedBelowSuccess ||
    (deciding.p95_ms ?? 0) > rules.degradedAboveP95Ms
  ) {
    return 'degraded';
  }
  return 'operational';
}

/**
 * The state with the API's probe, if it has one, and what decided it: enough failed probes in a
 * row make it down whatever the calls say; a probe whose last run passed makes an API with too few
 * calls to judge operational; otherwise the calls decide.
 */
export function verdictOf(
  hour: WindowFigures,
  day: WindowFigures,
  rules: StateRules,
  probe: ProbeRecord | undefined,
): { state: ApiState; cause: 'traffic' | 'probe' } {
  if (probe && probe.consecutiveFailures >= rules.downAfterProbeFailures) {
    return { state: 'down', cause: 'probe' };
  }
  const state = stateOf(hour, day, rules);
  if (state === 'unknown' && probe?.ran && probe.consecutiveFailures === 0) {
    return { state: 'operational', cause: 'probe' };
  }
  return { state, cause: 'traffic' };
}

/** The figures the catalogue shows, or null while the API has too few calls to say. */
export function toHealthSummary(row: ApiHealth | undefined): ApiHealthSummary | null {
  if (!row || row.success_permille_7d === null || row.p50_7d_ms === null) return null;
  return {
    state: row.state as ApiState,
    calls: row.calls_7d,
    success_rate: row.success_permille_7d / 10,
    p50_ms: row.p50_7d_ms,
    p95_ms: row.p95_7d_ms ?? row.p50_7d_ms,
  };
}

/** The APIs' health as the catalogue shows it, by id (null for those with too few calls). */
export async function healthByApi(
  manager: EntityManager,
  apiIds: number[],
): Promise<Map<number, ApiHealthSummary | null>> {
  const byApi = new Map<number, ApiHealthSummary | null>();
  if (apiIds.length === 0) return byApi;
  const rows = await manager.find(ApiHealth, { where: { api_id: In(apiIds) } });
  for (const row of rows) byApi.set(row.api_id, toHealthSummary(row));
  return byApi;
}
