import { LATENCY_BOUNDS_MS } from '../../database/entities/api-health.entity';

/** The length of a health bucket: 5 minutes. */
export const BUCKET_MS = 5 * 60_000;

/** The histogram slot of a latency: the first bound it does not exceed, or the last slot. */
export function histogramSlot(ms: number): number {
  for (let i = 0; i < LATENCY_BOUNDS_MS.length; i++) if (ms <= LATENCY_BOUNDS_MS[i]) return i;
  return LATENCY_BOUNDS_MS.length;
}

/**
 * The q-quantile (0–1) of the latencies a histogram counts, in whole milliseconds: linear within
 * the slot it falls in, as Prometheus' histogram_quantile does; a quantile in the last slot (slower
 * than every bound) is the last bound. Null for an empty histogram.
 */
export function quantile(histogram: readonly number[], q: number): number | null {
  const total = histogram.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = q * total;
  let below = 0;
  for (let i = 0; i < histogram.length; i++) {
    const count = histogram[i];
    if (count > 0 && below + count >= rank) {
      if (i === LATENCY_BOUNDS_MS.length) return LATENCY_BOUNDS_MS[i - 1];
      const lower = i === 0 ? 0 : LATENCY_BOUNDS_MS[i - 1];
      const upper = LATENCY_BOUNDS_MS[i];
      return Math.round(lower + ((upper - lower) * (rank - below)) / count);
    }
    below += count;
  }
  return LATENCY_BOUNDS_MS[LATENCY_BOUNDS_MS.length - 1];
}
