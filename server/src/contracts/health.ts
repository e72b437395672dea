/**
 * An API's health as the catalogue shows it: worked out from its real calls (5-minute buckets,
 * never the call log), shared by every instance through the database (docs/api-health.md).
 */

/** operational: working; degraded: slow or failing now and then; down: failing; unknown: too few recent calls. */
export const API_STATES = ['operational', 'degraded', 'down', 'unknown'] as const;
export type ApiState = (typeof API_STATES)[number];

/**
 * Per cent of `calls` that worked, one decimal, rounded down so that a failure never reads as
 * 100 %; null without calls. Every success rate and uptime shown is this.
 */
export const successRate = (calls: number, failures: number): number | null =>
  calls > 0 ? Math.floor((1000 * (calls - failures)) / calls) / 10 : null;

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

/** An API's calls on one UTC day (days without calls are left out). */
export interface StatusDay {
  /** YYYY-MM-DD, UTC. */
  day: string;
  calls: number;
  failures: number;
}

/** One enabled API on the status page. */
export interface StatusApi {
  id: number;
  name: string;
  name_en: string;
  title_en: string;
  state: ApiState;
  /** 95th-percentile latency over the last 24 hours (ms); null without calls. */
  p95_ms: number | null;
  /** Per cent of the last 90 days' calls that worked, one decimal; null without calls. */
  uptime: number | null;
  /** The last 90 days that had calls, oldest first. */
  days: StatusDay[];
}

/** A time an API was degraded or down; `ended_at` null while it lasts. */
export interface StatusIncident {
  id: number;
  api_id: number;
  name: string;
  name_en: string;
  title_en: string;
  /** The worst state it reached. */
  state: 'degraded' | 'down';
  /** The figures that opened it: the calls and how many worked (per cent), their p95 (ms). */
  calls: number;
  success_rate: number;
  p95_ms: number | null;
  started_at: string;
  ended_at: string | null;
}

/** GET /api/get_status.php and /status.json: every enabled API's state and recent incidents. */
export interface StatusPage {
  /** When these figures were read (ISO time); the day bars end on its UTC day. */
  updated_at: string;
  /** Down first, then degraded, then the rest; by English name within each. */
  apis: StatusApi[];
  /** Ongoing first, then the last 90 days' by start, newest first; at most 50. */
  incidents: StatusIncident[];
}

/** The days of uptime the status page shows. */
export const STATUS_DAYS = 90;
