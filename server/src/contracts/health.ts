/**
 * An API's health as the catalogue shows it: worked out from its real calls (5-minute buckets,
 * never the call log), shared by every instance through the database (docs/api-health.md).
 */

/** operational: working; degraded: slow or failing now and then; down: failing; unknown: too few recent calls. */
export const API_STATES = ['operational', 'degraded', 'down', 'unknown'] as const;
export type ApiState = (typeof API_STATES)[number];

/** Calls over the last 7 days below which no figure is shown: a handful of calls says nothing. */
export const HEALTH_MIN_CALLS = 50;

/**
 * The list's and the API page's `health`: the last 7 days' calls; null while the API has fewer
 * than HEALTH_MIN_CALLS of them.
 */
export interface ApiHealthSummary {
  /** From the last hour (or the last day when the hour had too few calls). */
  state: ApiState;
  /** Calls over the last 7 days. */
  calls: number;
  /** Per cent of those calls that worked (2xx, 3xx and the caller's own 4xx), one decimal. */
  success_rate: number;
  /** Median and 95th-percentile latency over the last 7 days, in milliseconds. */
  p50_ms: number;
  p95_ms: number;
}
