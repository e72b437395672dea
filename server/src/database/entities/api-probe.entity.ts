import { Column, Entity, PrimaryColumn } from 'typeorm';
import { BigIntColumn, FlagColumn } from '../columns';

/**
 * An API's active probe: the call it makes (method, query, JSON body), the status that means it
 * worked, how often and how long it may take; then how its runs went. `next_run_at` (ms since the
 * epoch) is the claim: an instance runs the probe only when its conditional update moved it.
 */
@Entity('api_probes')
export class ApiProbe {
  @PrimaryColumn({ type: 'integer' })
  api_id: number;

  @FlagColumn()
  enabled: number;

  @Column({ type: 'varchar', length: 8, default: 'GET' })
  method: string;

  /** The query string sent, without `?`. */
  @Column({ type: 'varchar', length: 2000, default: '' })
  query: string;

  /** A JSON body for POST, PUT and PATCH; null sends none. */
  @Column({ type: 'text', nullable: true })
  body: string | null;

  @Column({ type: 'integer', default: 200 })
  expected_status: number;

  @Column({ type: 'integer', default: 60 })
  interval_s: number;

  @Column({ type: 'integer', default: 10000 })
  timeout_ms: number;

  @BigIntColumn({ default: 0 })
  next_run_at: number;

  @Column({ type: 'datetime', nullable: true })
  last_run_at: Date | null;

  /** The status the last run got; 0 when it got none (unreachable, timed out). */
  @Column({ type: 'integer', nullable: true })
  last_status: number | null;

  @Column({ type: 'integer', nullable: true })
  last_ms: number | null;

  @Column({ type: 'varchar', length: 500, default: '' })
  last_error: string;

  @Column({ type: 'integer', default: 0 })
  consecutive_failures: number;

  @Column({ type: 'integer', default: 0 })
  consecutive_passes: number;
}
