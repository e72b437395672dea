import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { BigIntColumn } from '../columns';

/**
 * A day of one user's counted calls of one API, by what paid for them: the ledger's raw rows
 * (access_logs) added up once the day is closed, so that statements need not read a month of raw
 * rows. `day` is `YYYY-MM-DD` on the site's clock (usage_rollup_state.time_zone); `source` is
 * `charged_from` (`balance`, `free`). Refunded calls cost nothing and carry no source: not here.
 */
@Entity('usage_rollups')
/** A user's days, with what a statement sums (migration UsageRollupsCovered). */
@Index('idx_usage_rollups_user_day_sums', [
  'user_id',
  'day',
  'api_id',
  'source',
  'calls',
  'cost_milli',
  'api_name',
])
export class UsageRollup {
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;

  @PrimaryColumn({ type: 'integer' })
  user_id: number;

  @PrimaryColumn({ type: 'integer' })
  api_id: number;

  @PrimaryColumn({ type: 'varchar', length: 8 })
  source: string;

  /** The API's name as the day's rows keep it. */
  @Column({ type: 'varchar', length: 100, default: '' })
  api_name: string;

  @Column({ type: 'integer', default: 0 })
  calls: number;

  @BigIntColumn({ default: 0 })
  cost_milli: number;
}

/**
 * How far the rollups go: every day up to `through_day` (on `time_zone`'s clock) is rolled up, and
 * no later one. One row (id 1); it only moves forward, in the transaction that rolls the next day.
 */
@Entity('usage_rollup_state')
export class UsageRollupState {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'varchar', length: 64 })
  time_zone: string;

  @Column({ type: 'varchar', length: 10 })
  through_day: string;
}

/**
 * A day of one user's calls of one API, every call (free APIs' and refunded ones too), with those
 * that cost something: the dashboards' rollups (ledger/rollups.ts, CALLS_SERIES; usage_rollup_state
 * row 2). `day` is on the site's clock, as usage_rollups'.
 */
@Entity('call_rollups')
@Index('idx_call_rollups_user_day', ['user_id', 'day'])
export class CallRollup {
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;

  @PrimaryColumn({ type: 'integer' })
  user_id: number;

  @PrimaryColumn({ type: 'integer' })
  api_id: number;

  @Column({ type: 'varchar', length: 100, default: '' })
  api_name: string;

  @Column({ type: 'integer', default: 0 })
  calls: number;

  @Column({ type: 'integer', default: 0 })
  charged_calls: number;

  @BigIntColumn({ default: 0 })
  cost_milli: number;
}

/** The whole site's day: its call rollups added up, in the same transaction. */
@Entity('call_day_totals')
export class CallDayTotal {
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;

  @BigIntColumn({ default: 0 })
  calls: number;

  @BigIntColumn({ default: 0 })
  charged_calls: number;

  @BigIntColumn({ default: 0 })
  cost_milli: number;
}

/**
 * A day of one user's counted calls, every API and source added up: the statements' totals
 * (ledger/rollups.ts, DAY_TOTALS_SERIES; usage_rollup_state row 3), made from usage_rollups so
 * that a balance's later charges are a few rows a day, not a row per API.
 */
@Entity('user_day_totals')
@Index('idx_user_day_totals_user_day', ['user_id', 'day'])
export class UserDayTotal {
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;

  @PrimaryColumn({ type: 'integer' })
  user_id: number;

  /** Paid calls. */
  @Column({ type: 'integer', default: 0 })
  calls: number;

  /** Calls a free quota took. */
  @Column({ type: 'integer', default: 0 })
  free_calls: number;

  @BigIntColumn({ default: 0 })
  cost_milli: number;
}

/**
 * Each user's first counted day of a month (DAY_TOTALS_SERIES), found by `(month, user_id)` in one
 * probe: what makes a day's new users, and a running month's users, cheap at any log size.
 */
@Entity('user_month_firsts')
@Index('idx_user_month_firsts_month_user', ['month', 'user_id'], { unique: true })
export class UserMonthFirst {
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;

  @PrimaryColumn({ type: 'integer' })
  user_id: number;

  /** `YYYY-MM` of `day`. */
  @Column({ type: 'varchar', length: 7 })
  month: string;
}

/**
 * The whole site's counted calls of a day, from user_day_totals in the same transaction, with the
 * users whose first counted day of the month it is: a month's users are the sum of its days'.
 */
@Entity('site_day_totals')
export class SiteDayTotal {
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;

  @BigIntColumn({ default: 0 })
  calls: number;

  @BigIntColumn({ default: 0 })
  free_calls: number;

  @BigIntColumn({ default: 0 })
  cost_milli: number;

  @Column({ type: 'integer', default: 0 })
  new_users: number;
}

/**
 * An hour of one user's counted calls of one API, by source: usage_rollups' rows for the closed
 * hours of the days not rolled up yet (ledger/hour-rollups.ts), so that a statement of the running
 * day reads at most an hour or so of raw rows. `hour` is the hour's place in its day on the site's
 * clock (0 from the day's start; 23 or 24 ends a day of a clock change). Rows of days the daily
 * series have rolled are removed.
 */
@Entity('usage_hour_rollups')
@Index('idx_usage_hour_rollups_user_day', ['user_id', 'day', 'hour'])
export class UsageHourRollup {
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;

  @PrimaryColumn({ type: 'integer' })
  hour: number;

  @PrimaryColumn({ type: 'integer' })
  user_id: number;

  @PrimaryColumn({ type: 'integer' })
  api_id: number;

  @PrimaryColumn({ type: 'varchar', length: 8 })
  source: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  api_name: string;

  @Column({ type: 'integer', default: 0 })
  calls: number;

  @BigIntColumn({ default: 0 })
  cost_milli: number;
}

/**
 * An hour of one user's calls of one API, every call, with those that cost something: call_rollups'
 * rows for the closed hours of the days not rolled up yet, rolled with usage_hour_rollups.
 */
@Entity('call_hour_rollups')
@Index('idx_call_hour_rollups_user_day', ['user_id', 'day', 'hour'])
export class CallHourRollup {
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;

  @PrimaryColumn({ type: 'integer' })
  hour: number;

  @PrimaryColumn({ type: 'integer' })
  user_id: number;

  @PrimaryColumn({ type: 'integer' })
  api_id: number;

  @Column({ type: 'varchar', length: 100, default: '' })
  api_name: string;

  @Column({ type: 'integer', default: 0 })
  calls: number;

  @Column({ type: 'integer', default: 0 })
  charged_calls: number;

  @BigIntColumn({ default: 0 })
  cost_milli: number;
}

/**
 * How far the hour rollups go: every hour from the start of `from_day` to the one before
 * (`next_day`, `next_hour`) is rolled, on `time_zone`'s clock. One row (id 1); the next hour moves
 * only forward, in the transaction that rolls the hour before it.
 */
@Entity('usage_hour_state')
export class UsageHourState {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'varchar', length: 64 })
  time_zone: string;

  @Column({ type: 'varchar', length: 10 })
  from_day: string;

  @Column({ type: 'varchar', length: 10 })
  next_day: string;

  @Column({ type: 'integer' })
  next_hour: number;
}
