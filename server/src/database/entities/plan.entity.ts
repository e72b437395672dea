import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { PlanOverage, PlanPeriod, PlanScope, SubscriptionState } from '../../contracts/plans';
import { BigIntColumn, CreatedAt, FlagColumn, UpdatedAt } from '../columns';

/** A plan the back office sells (issue #30): a price for a period of included calls. */
@Entity('plans')
export class Plan {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  name_en: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  description: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  description_en: string;

  @BigIntColumn()
  price_milli: number;

  @Column({ type: 'varchar', length: 8 })
  period: PlanPeriod;

  @Column({ type: 'integer' })
  included_calls: number;

  @Column({ type: 'varchar', length: 8, default: 'all' })
  scope: PlanScope;

  @Column({ type: 'integer', nullable: true })
  category_id: number | null;

  /** The APIs of scope `apis`, as ids joined by commas. */
  @Column({ type: 'varchar', length: 2000, default: '' })
  api_ids: string;

  @Column({ type: 'varchar', length: 8, default: 'pay' })
  overage: PlanOverage;

  /** At most this many calls an hour, a day, a week (null: no such limit). */
  @Column({ type: 'integer', nullable: true })
  hour_limit: number | null;

  @Column({ type: 'integer', nullable: true })
  day_limit: number | null;

  @Column({ type: 'integer', nullable: true })
  week_limit: number | null;

  /** What a call past the plan pays (overage `pay`); null: its API's price. */
  @BigIntColumn({ nullable: true })
  overage_price_milli: number | null;

  @FlagColumn({ default: 0 })
  is_default: number;

  @FlagColumn()
  status: number;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}

/**
 * A user's one subscription: the running period and the calls it used, taken by the charge (as a
 * free quota's are) while `period_start <= now < period_end` on the database's clock. Renewal moves
 * the period on and starts `used_calls` again, with the period's purchase (plan_periods).
 */
@Entity('plan_subscriptions')
@Index('uq_plan_subscriptions_user', ['user_id'], { unique: true })
@Index('idx_plan_subscriptions_due', ['state', 'period_end'])
@Index('idx_plan_subscriptions_plan', ['plan_id'])
export class PlanSubscription {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  user_id: number;

  @Column({ type: 'integer' })
  plan_id: number;

  @Column({ type: 'varchar', length: 8, default: 'active' })
  state: SubscriptionState;

  @FlagColumn()
  auto_renew: number;

  @Column({ type: 'datetime' })
  period_start: Date;

  @Column({ type: 'datetime' })
  period_end: Date;

  /** The plan's included calls when the period began: a plan changed later changes the next one. */
  @Column({ type: 'integer' })
  included_calls: number;

  @Column({ type: 'integer', default: 0 })
  used_calls: number;

  /**
   * The plan's hour, day and week limits as the period took them (null: none), and each window's
   * calls: `*_used` counts the calls of the window `*_window` names (keys as QuotaPeriods writes
   * them; a window only moves on, as a free quota's period does).
   */
  @Column({ type: 'integer', nullable: true })
  hour_limit: number | null;

  @Column({ type: 'integer', nullable: true })
  day_limit: number | null;

  @Column({ type: 'integer', nullable: true })
  week_limit: number | null;

  @Column({ type: 'varchar', length: 13, default: '' })
  hour_window: string;

  @Column({ type: 'integer', default: 0 })
  hour_used: number;

  @Column({ type: 'varchar', length: 10, default: '' })
  day_window: string;

  @Column({ type: 'integer', default: 0 })
  day_used: number;

  @Column({ type: 'varchar', length: 10, default: '' })
  week_window: string;

  @Column({ type: 'integer', default: 0 })
  week_used: number;

  @Column({ type: 'varchar', length: 16, nullable: true })
  ended_reason: 'balance_short' | 'cancelled' | null;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}

/** A period bought: its price left the balance in the same transaction (once per start). */
@Entity('plan_periods')
@Index('uq_plan_periods_period', ['subscription_id', 'period_start'], { unique: true })
@Index('idx_plan_periods_user', ['user_id', 'id'])
@Index('idx_plan_periods_created', ['created_at'])
export class PlanPeriodBought {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  subscription_id: number;

  @Column({ type: 'integer' })
  user_id: number;

  @Column({ type: 'integer' })
  plan_id: number;

  @Column({ type: 'datetime' })
  period_start: Date;

  @Column({ type: 'datetime' })
  period_end: Date;

  @BigIntColumn()
  price_milli: number;

  /** Bought, renewed from the balance, or paid by a redeem code (price 0). */
  @Column({ type: 'varchar', length: 10 })
  kind: 'subscribe' | 'renew' | 'code';

  @CreatedAt()
  created_at: Date;
}
