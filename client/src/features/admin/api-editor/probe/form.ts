import { PROBE_LIMITS } from '@contracts/health';
import type { ApiProbeView, ProbeMethod } from '@contracts/health';
import type { AdminApi } from '@contracts/apis';
import { samplesFromExampleUrl } from '@contracts/request-examples';
import { PROBES } from '../../i18n/probes';

export const BODY_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);

/** The probe's fields as typed (numbers as text until they are checked). */
export interface ProbeForm {
  enabled: boolean;
  method: ProbeMethod;
  query: string;
  body: string;
  expected_status: string;
  interval_s: string;
  timeout_ms: string;
}

export type NumberField = 'expected_status' | 'interval_s' | 'timeout_ms';

const RANGES: Record<NumberField, [number, number, string]> = {
  expected_status: [100, 599, PROBES.refusals.expectedStatus],
  interval_s: [
    PROBE_LIMITS.intervalMin,
    PROBE_LIMITS.intervalMax,
    PROBES.refusals.interval(PROBE_LIMITS.intervalMin, PROBE_LIMITS.intervalMax),
  ],
  timeout_ms: [
    PROBE_LIMITS.timeoutMin,
    PROBE_LIMITS.timeoutMax,
    PROBES.refusals.timeout(PROBE_LIMITS.timeoutMin, PROBE_LIMITS.timeoutMax),
  ],
};

export const FIELD_TEXTS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(RANGES).map(([field, [, , text]]) => [field, text])),
  method: PROBES.refusals.method,
  query: PROBES.refusals.query(PROBE_LIMITS.queryMax),
  body: PROBES.refusals.body,
};

/** A new probe starts from the API itself: its method, its example's query, a 200 each minute. */
export function formFrom(probe: ApiProbeView | null, api: AdminApi): ProbeForm {
  if (probe) {
    return {
      enabled: probe.enabled === 1,
      method: probe.method,
      query: probe.query,
      body: probe.body ?? '',
      expected_status: String(probe.expected_status),
      interval_s: String(probe.interval_s),
      timeout_ms: String(probe.timeout_ms),
    };
  }
  const at = api.example_url.indexOf('?');
  const query = at < 0 ? '' : api.example_url.slice(at + 1);
  const body = BODY_METHODS.has(api.request_method);
  return {
    enabled: true,
    method: api.request_method,
    query: body ? '' : query,
    body: body ? JSON.stringify(samplesFromExampleUrl(api.example_url)) : '',
    expected_status: '200',
    interval_s: '60',
    timeout_ms: String(Math.min(api.upstream_timeout_ms, PROBE_LIMITS.timeoutMax)),
  };
}

/** The first field the server would refuse, checked here first. */
export function problemOf(form: ProbeForm): { field: string; text: string } | null {
  for (const [field, [min, max, text]] of Object.entries(RANGES) as [
    NumberField,
    [number, number, string],
  ][]) {
    const value = form[field].trim();
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      return { field, text };
    }
  }
  const body = form.body.trim();
  if (body) {
    if (!BODY_METHODS.has(form.method)) return { field: 'body', text: FIELD_TEXTS.body };
    try {
      JSON.parse(body);
    } catch {
      return { field: 'body', text: PROBES.refusals.bodyJson };
    }
  }
  return null;
}
