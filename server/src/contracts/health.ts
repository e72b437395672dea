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
  /** Put into maintenance by Portico (down, its probe failing): calls answer 503 until it passes. */
  maintenance: boolean;
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
  /** What opened it: the calls' figures (`traffic`) or failed probes in a row (`probe`). */
  cause: IncidentCause;
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

export type IncidentCause = 'traffic' | 'probe';

/**
 * What happened to an incident, as the site's admins are told (by e-mail and webhook): it started,
 * it worsened from degraded to down, the API was put into maintenance, it ended.
 */
export type IncidentChange = 'started' | 'worsened' | 'maintenance' | 'ended';

/** The `api.incident` webhook's body (signed like a user's alert) and the e-mail's facts. */
export interface ApiIncidentEvent {
  event: 'api.incident';
  delivery_id: number;
  change: IncidentChange;
  incident_id: number;
  api_id: number;
  name: string;
  name_en: string;
  /** The API's state after the change. */
  state: ApiState;
  cause: IncidentCause;
  /** Whether the API is in maintenance after the change. */
  maintenance: boolean;
  /** The figures that opened the incident. */
  calls: number;
  success_rate: number;
  p95_ms: number | null;
  started_at: string;
  ended_at: string | null;
  /** When the change was seen (ISO time). */
  at: string;
}

/** What an API's probe may be set to (the interval in seconds, the timeout in ms). */
export const PROBE_LIMITS = {
  intervalMin: 30,
  intervalMax: 86_400,
  timeoutMin: 100,
  timeoutMax: 60_000,
  queryMax: 2000,
  bodyMax: 10_000,
} as const;

/** The methods a probe may use. */
export const PROBE_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
export type ProbeMethod = (typeof PROBE_METHODS)[number];

/** An API's probe as the admin sets it (save_api_probe.php's body, with the API's `id`). */
export interface SaveProbeBody {
  id: number;
  enabled: number;
  method: ProbeMethod;
  /** The query string sent, without `?`. */
  query: string;
  /** A JSON body for POST, PUT and PATCH; '' or null sends none. */
  body: string | null;
  expected_status: number;
  interval_s: number;
  timeout_ms: number;
}

/** get_api_probe.php's `data` (null for an API without a probe): the settings and the last run. */
export interface ApiProbeView extends Omit<SaveProbeBody, 'id'> {
  api_id: number;
  last_run_at: string | null;
  /** The status the last run got; 0 when none came (unreachable, timed out). */
  last_status: number | null;
  last_ms: number | null;
  /** Why the last run failed ('' when it passed). */
  last_error: string;
  consecutive_failures: number;
  consecutive_passes: number;
}
