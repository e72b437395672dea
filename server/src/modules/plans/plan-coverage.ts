import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ContentEvents } from '../../common/content-events';
import { rowTime } from '../../database/sql-time';
import type { PlanWindow } from '../../contracts/plans';

/** A user's running subscription, as the gateway's charge takes its calls. */
export interface Coverage {
  subscriptionId: number;
  /** Refuse the call once the period's calls are used (overage `stop`). */
  stop: boolean;
  /** The period's included calls, and its end (ms): X-Quota-Limit and X-Quota-Reset. */
  limit: number;
  endsAt: number;
  /** The hour, day and week limits the period took (null: none). */
  windows: WindowLimits;
  /** What a call past the plan pays (overage `pay`), if not its API's price. */
  overagePriceMilli: number | null;
}

export type WindowLimits = Record<PlanWindow, number | null>;

interface Subscribed {
  subscriptionId: number;
  planId: number;
  limit: number;
  startsAt: number;
  endsAt: number;
  windows: WindowLimits;
}

interface PlanReach {
  stop: boolean;
  overagePriceMilli: number | null;
  /** The paid APIs it covers; null: all of them. */
  apis: ReadonlySet<number> | null;
}

/**
 * How long what is read here is used: another instance's subscriptions and plan changes reach this
 * one through ContentEvents (`plans`, `subscriptions`) with Redis, and through this expiry without it. A call it
 * answers wrongly pays as if there were no plan (credit or cash), or its plan's take refuses it
 * (the database decides: a period that ended, a cancelled plan's last period run out).
 */
const MAX_AGE_MS = 5_000;
/** Users held at most: past it the cache starts again (each entry is read back on the next call). */
const MAX_USERS = 100_000;

/**
 * Which plan covers a user's call, for the gateway's hot path: answered from memory (no wait)
 * while fresh, else read (one query for the user, one for the plans every MAX_AGE_MS).
 */
@Injectable()
export class PlanCoverage implements OnModuleDestroy {
  private readonly users = new Map<number, { at: number; sub: Subscribed | null }>();
  /** Users' subscriptions being read: the calls meanwhile wait for the same read. */
  private readonly reading = new Map<number, Promise<Subscribed | null>>();
  private plans?: { at: number; reach: Map<number, PlanReach> };
  private plansLoading?: Promise<Map<number, PlanReach>>;
  private readonly unsubscribe: () => void;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    events: ContentEvents,
  ) {
    this.unsubscribe = events.on((kind) => {
      if (kind === 'plans' || kind === 'subscriptions') this.forgetAll();
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }

  forgetAll(): void {
    this.users.clear();
    this.reading.clear();
    this.plans = undefined;
    this.plansLoading = undefined;
  }

  /** The subscription that covers a paid call of `apiId` by `userId` at `now`, if any. */
  cover(
    userId: number,
    apiId: number,
    now: number,
  ): Coverage | undefined | Promise<Coverage | undefined> {
    const cached = this.users.get(userId);
    const plans = this.plans;
    if (
      cached &&
      now - cached.at <= MAX_AGE_MS &&
      (cached.sub === null || now < cached.sub.endsAt) &&
      plans &&
      now - plans.at <= MAX_AGE_MS
    ) {
      return covering(cached.sub, plans.reach, apiId, now);
    }
    return this.read(userId, apiId, now);
  }

  private async read(userId: number, apiId: number, now: number): Promise<Coverage | undefined> {
    let sub = this.reading.get(userId);
    if (!sub) {
      sub = this.subscription(userId, now).finally(() => this.reading.delete(userId));
      this.reading.set(userId, sub);
    }
    const [running, reach] = await Promise.all([sub, this.reach(now)]);
    return covering(running, reach, apiId, now);
  }

  private async subscription(userId: number, now: number): Promise<Subscribed | null> {
    const [row] = await this.dataSource.query<Record<string, unknown>[]>(
      "SELECT id, plan_id, included_calls, hour_limit, day_limit, week_limit, period_start, period_end FROM plan_subscriptions WHERE user_id = ? AND state = 'active'",
      [userId],
    );
    const sub: Subscribed | null = row
      ? {
          subscriptionId: Number(row.id),
          planId: Number(row.plan_id),
          limit: Number(row.included_calls),
          startsAt: rowTime(row.period_start as string).getTime(),
          endsAt: rowTime(row.period_end as string).getTime(),
          windows: {
            hour: orNull(row.hour_limit),
            day: orNull(row.day_limit),
            week: orNull(row.week_limit),
          },
        }
      : null;
    if (this.users.size >= MAX_USERS) this.users.clear();
    this.users.set(userId, { at: now, sub });
    return sub;
  }

  private reach(now: number): Promise<Map<number, PlanReach>> {
    if (this.plans && now - this.plans.at <= MAX_AGE_MS) return Promise.resolve(this.plans.reach);
    this.plansLoading ??= this.loadPlans(now).finally(() => {
      this.plansLoading = undefined;
    });
    return this.plansLoading;
  }

  private async loadPlans(now: number): Promise<Map<number, PlanReach>> {
    const [plans, inCategories] = await Promise.all([
      this.dataSource.query<Record<string, unknown>[]>(
        'SELECT id, scope, category_id, api_ids, overage, overage_price_milli FROM plans',
      ),
      this.dataSource.query<Record<string, unknown>[]>(
        "SELECT p.id AS plan_id, c.api_id AS api_id FROM plans p JOIN api_categories c ON c.category_id = p.category_id WHERE p.scope = 'category'",
      ),
    ]);
    const reach = new Map<number, PlanReach>();
    for (const plan of plans) {
      const scope = String(plan.scope);
      const apis =
        scope === 'all'
          ? null
          : new Set(
              scope === 'apis'
                ? String(plan.api_ids).split(',').filter(Boolean).map(Number)
                : inCategories
                    .filter((row) => Number(row.plan_id) === Number(plan.id))
                    .map((row) => Number(row.api_id)),
            );
      reach.set(Number(plan.id), {
        stop: plan.overage === 'stop',
        overagePriceMilli: orNull(plan.overage_price_milli),
        apis,
      });
    }
    this.plans = { at: now, reach };
    return reach;
  }
}

const covering = (
  sub: Subscribed | null,
  reach: ReadonlyMap<number, PlanReach>,
  apiId: number,
  now: number,
): Coverage | undefined => {
  if (!sub || now < sub.startsAt || now >= sub.endsAt) return undefined;
  const plan = reach.get(sub.planId);
  if (!plan || (plan.apis !== null && !plan.apis.has(apiId))) return undefined;
  return {
    subscriptionId: sub.subscriptionId,
    stop: plan.stop,
    limit: sub.limit,
    endsAt: sub.endsAt,
    windows: sub.windows,
    overagePriceMilli: plan.stop ? null : plan.overagePriceMilli,
  };
};

const orNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));
