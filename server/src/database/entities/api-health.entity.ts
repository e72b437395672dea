import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { BigIntColumn, UpdatedAt } from '../columns';

/**
 * Upper bounds (ms) of the latency histogram kept per API and 5-minute bucket; a last bucket takes
 * what is slower. Column `h<i>` counts calls at most LATENCY_BOUNDS_MS[i] long (and longer than the
 * one before); `h<bounds.length>` the rest. The bounds are the migration's columns: fixed. 3000 is
 * one so that "p95 over 3 s" (a degraded API) is exact rather than read inside a wider slot.
 */
export const LATENCY_BOUNDS_MS = [
  10, 25, 50, 100, 150, 200, 300, 500, 750, 1000, 2000, 3000, 5000, 10_000,
] as const;
export const HISTOGRAM_COLUMNS = Array.from(
  { length: LATENCY_BOUNDS_MS.length + 1 },
  (_, i) => `h${i}`,
);

/**
 * One API's calls in one 5-minute slot (`bucket`: minutes since the epoch / 5): how many, how many
 * failed, their latency in total and as a histogram. Written by adding to it (every instance adds
 * its own calls), read by summing slots over a window.
 */
@Entity('api_health_buckets')
@Index('idx_api_health_buckets_bucket', ['bucket'])
export class ApiHealthBucket {
  @PrimaryColumn({ type: 'integer' })
  api_id: number;

  @PrimaryColumn({ type: 'integer' })
  bucket: number;

  @Column({ type: 'integer', default: 0 })
  calls: number;

  @Column({ type: 'integer', default: 0 })
  failures: number;

  @BigIntColumn({ default: 0 })
  latency_ms_sum: number;

  /** Of the calls, those an active probe made, and of those the ones that failed. */
  @Column({ type: 'integer', default: 0 })
  probes: number;

  @Column({ type: 'integer', default: 0 })
  probe_failures: number;
}
// The histogram's columns, one per bound: declared in a loop rather than fifteen times by hand.
for (const column of HISTOGRAM_COLUMNS) {
  Column({ type: 'integer', default: 0 })(ApiHealthBucket.prototype, column);
}

/**
 * An API's health as last worked out from its buckets: the figures the catalogue shows and sorts
 * by (null below the minimum of calls) and every window's figures as JSON.
 */
@Entity('api_health')
export class ApiHealth {
  @PrimaryColumn({ type: 'integer' })
  api_id: number;

  @Column({ type: 'varchar', length: 16 })
  state: string;

  @Column({ type: 'integer', default: 0 })
  calls_7d: number;

  /** Successful calls per thousand over 7 days; null below the minimum of calls. */
  @Column({ type: 'integer', nullable: true })
  success_permille_7d: number | null;

  @Column({ type: 'integer', nullable: true })
  p50_7d_ms: number | null;

  @Column({ type: 'integer', nullable: true })
  p95_7d_ms: number | null;

  /** `{"1h": {calls, failures, p50_ms, p95_ms, p99_ms}, "24h": …, "7d": …, "30d": …}`. */
  @Column({ type: 'text' })
  windows: string;

  /**
   * After maintenance ends, the state is decided only from buckets from this one on (the calls
   * that took the API into maintenance no longer count against it); null: the whole window.
   */
  @Column({ type: 'integer', nullable: true })
  decide_from_bucket: number | null;

  @UpdatedAt()
  updated_at: Date;
}

/**
 * One API's calls on one UTC day, kept for the status page's 90 days of uptime bars (the buckets
 * last 31). Worked out again from the buckets by every refresh: set, never added to.
 */
@Entity('api_health_daily')
export class ApiHealthDay {
  @PrimaryColumn({ type: 'integer' })
  api_id: number;

  /** YYYY-MM-DD, UTC. */
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;

  @Column({ type: 'integer', default: 0 })
  calls: number;

  @Column({ type: 'integer', default: 0 })
  failures: number;
}

/**
 * A time an API was degraded or down: opened by the refresh that saw it leave operational (one
 * instance, the one whose state change was written), closed when it is operational again. `state`
 * is the worst it reached; the figures are those that opened it.
 */
@Entity('api_incidents')
@Index('idx_api_incidents_api', ['api_id', 'ended_at'])
@Index('idx_api_incidents_started', ['started_at'])
export class ApiIncident {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'integer' })
  api_id: number;

  @Column({ type: 'varchar', length: 16 })
  state: string;

  /** What opened it: `traffic` (the calls' figures) or `probe` (consecutive probe failures). */
  @Column({ type: 'varchar', length: 16, default: 'traffic' })
  cause: string;

  @Column({ type: 'integer', default: 0 })
  calls: number;

  @Column({ type: 'integer', default: 0 })
  success_permille: number;

  @Column({ type: 'integer', nullable: true })
  p95_ms: number | null;

  @Column({ type: 'datetime' })
  started_at: Date;

  @Column({ type: 'datetime', nullable: true })
  ended_at: Date | null;
}
