import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { BigIntColumn } from '../columns';

/**
 * A closed month of the ledger (ledger/closings.ts): `[from_at, to_at)`, a calendar month of the
 * site's clock when it was closed; each month starts where the one before ended.
 */
@Entity('ledger_months')
export class LedgerMonth {
  @PrimaryColumn({ type: 'varchar', length: 7 })
  month: string;

  @Column({ type: 'datetime' })
  from_at: Date;

  @Column({ type: 'datetime' })
  to_at: Date;

  @Column({ type: 'datetime' })
  closed_at: Date;

  /** Users whose money moved in the month (a closing row each). */
  @Column({ type: 'integer', default: 0 })
  users: number;
}

/**
 * A user's closed month: opening, money in, money out and closing (milli-yuan), and the count and
 * checksum of its charged rows, so that the month still adds up once retention removed them.
 */
@Entity('ledger_closings')
@Index('idx_ledger_closings_month', ['month'])
export class LedgerClosing {
  @PrimaryColumn({ type: 'integer' })
  user_id: number;

  @PrimaryColumn({ type: 'varchar', length: 7 })
  month: string;

  @BigIntColumn({ default: 0 })
  opening_milli: number;

  @BigIntColumn({ default: 0 })
  money_in_milli: number;

  @BigIntColumn({ default: 0 })
  money_out_milli: number;

  /** The credit the month's calls spent (credit is not cash: not in the money columns). */
  @BigIntColumn({ default: 0 })
  credit_out_milli: number;

  @BigIntColumn({ default: 0 })
  closing_milli: number;

  @BigIntColumn({ default: 0 })
  charged_rows: number;

  @BigIntColumn({ default: 0 })
  rows_checksum: number;
}

/**
 * How far log retention went (ops/log-retention.ts), written before it removes a row: free and
 * refunded calls' rows may be gone before `free_before`, every row before `all_before` (null:
 * none removed). One row (id 1); each bound only moves forward. The ledger check and the rollups
 * read it rather than today's settings, which may have changed since.
 */
@Entity('log_retention')
export class LogRetentionState {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'datetime', nullable: true })
  free_before: Date | null;

  @Column({ type: 'datetime', nullable: true })
  all_before: Date | null;
}
