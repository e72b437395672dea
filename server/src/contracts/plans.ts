/**
 * Plans (issue #30, ADR 050): a price for a period of included calls. A subscriber's paid calls
 * of the APIs a plan covers are taken from its included calls after the API's free quota and
 * before credit and cash; past them the call is paid as usual, or refused (a hard stop).
 */

/** How long a plan's period lasts: a calendar day, week (from Monday) or month on the site's clock. */
export const PLAN_PERIODS = ['day', 'week', 'month'] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];

/** Which APIs a plan covers: every paid API, one category's, or a list of them. */
export const PLAN_SCOPES = ['all', 'category', 'apis'] as const;
export type PlanScope = (typeof PLAN_SCOPES)[number];

/** What a covered call does once the period's included calls are used: paid as usual, or refused. */
export const PLAN_OVERAGES = ['pay', 'stop'] as const;
export type PlanOverage = (typeof PLAN_OVERAGES)[number];

/**
 * The limits a plan may set at once on top of its period's calls: at most so many calls an hour,
 * a day and a week (from Monday), on the site's clock. A call past any of them is past the plan.
 */
export const PLAN_WINDOWS = ['hour', 'day', 'week'] as const;
export type PlanWindow = (typeof PLAN_WINDOWS)[number];

/** A plan's limits, as X-Quota-Window names them: its period's included calls, then its windows. */
export const PLAN_LIMITS = ['period', ...PLAN_WINDOWS] as const;
export type PlanLimit = (typeof PLAN_LIMITS)[number];

/** A subscription's state: running (renewed or not at its period's end), lapsed or ended. */
export const SUBSCRIPTION_STATES = ['active', 'lapsed', 'ended'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/** The most a plan may cost a period (10,000 yuan) and include (10 million calls). */
export const MAX_PLAN_PRICE_MILLI = 10_000_000;
export const MAX_PLAN_CALLS = 10_000_000;
/** APIs one plan may list. */
export const MAX_PLAN_APIS = 200;

/** A plan as the pricing page and the back office show it. */
export interface PlanView {
  id: number;
  /** Chinese name (the back office's), and the English site's; '' falls back to `name`. */
  name: string;
  name_en: string;
  description: string;
  description_en: string;
  /** Yuan a period, as balances are written ("9.90"); "0.00" for a free plan. */
  price: string;
  period: PlanPeriod;
  included_calls: number;
  scope: PlanScope;
  category_id: number | null;
  api_ids: number[];
  overage: PlanOverage;
  /** At most this many calls an hour, a day, a week (null: no such limit). */
  hour_limit: number | null;
  day_limit: number | null;
  week_limit: number | null;
  /**
   * Yuan a call past the plan pays (overage `pay`), as prices are written ("0.005"); null: each
   * API's own price.
   */
  overage_price: string | null;
  /** New users are subscribed to it when they register (a free plan only). */
  is_default: boolean;
  /** 1: offered on the pricing page; 0: hidden (its subscribers keep it until they cancel). */
  status: number;
}

/** get_plans.php's data (the pricing page): the plans on offer, cheapest first. */
export interface PlanList {
  plans: PlanView[];
}

/** A plan in the back office (get_plans.php under /api/admin): with its running subscriptions. */
export interface AdminPlanView extends PlanView {
  subscribers: number;
}

export interface AdminPlanList {
  plans: AdminPlanView[];
}

/** save_plan.php's body (套餐管理): no id creates a plan. */
export interface SavePlanBody {
  id?: number;
  name: string;
  name_en?: string;
  description?: string;
  description_en?: string;
  /** Yuan, up to three decimals. */
  price: string;
  period: PlanPeriod;
  included_calls: number;
  scope: PlanScope;
  category_id?: number | null;
  api_ids?: number[];
  overage: PlanOverage;
  hour_limit?: number | null;
  day_limit?: number | null;
  week_limit?: number | null;
  /** Yuan, up to three decimals; null or absent: each API's own price. */
  overage_price?: string | null;
  is_default?: boolean;
  status?: number;
}

export const SAVE_PLAN_FIELDS = [
  'id',
  'name',
  'name_en',
  'description',
  'description_en',
  'price',
  'period',
  'included_calls',
  'scope',
  'category_id',
  'api_ids',
  'overage',
  'hour_limit',
  'day_limit',
  'week_limit',
  'overage_price',
  'is_default',
  'status',
] as const satisfies readonly (keyof SavePlanBody)[];

/**
 * A user's subscription (get_plan.php). The period runs [period_start, period_end); a cancelled
 * one (`auto_renew` false) runs to its end. `lapsed`: the balance was short at renewal.
 */
export interface SubscriptionView {
  id: number;
  plan: PlanView;
  state: SubscriptionState;
  auto_renew: boolean;
  period_start: string;
  period_end: string;
  included_calls: number;
  used_calls: number;
  left_calls: number;
  /** The plan's hour, day and week limits as this period took them, with the calls used now. */
  windows: WindowUse[];
  /**
   * How the running period came: bought (`subscribe`), renewed from the balance (`renew`), or
   * paid by a redeem code (`code`, not renewed unless resumed); null when unknown.
   */
  period_kind: 'subscribe' | 'renew' | 'code' | null;
  /** Why it is not active: the balance was short at renewal, or it was cancelled. */
  ended_reason: 'balance_short' | 'cancelled' | null;
}

/** One of a subscription's limits: the calls used in the hour, day or week running now. */
export interface WindowUse {
  window: PlanWindow;
  limit: number;
  used: number;
  /** When the next hour, day or week starts (ISO). */
  resets_at: string;
}

/** get_plan.php's data: the user's subscription, null when they never had one. */
export interface UserPlan {
  subscription: SubscriptionView | null;
}

/** subscribe_plan.php's body. */
export interface SubscribePlanBody {
  plan_id: number;
}

export const SUBSCRIBE_PLAN_FIELDS = [
  'plan_id',
] as const satisfies readonly (keyof SubscribePlanBody)[];

/** subscribe_plan.php's data: the subscription and the balance after paying its first period. */
export interface SubscribedPlan {
  subscription: SubscriptionView;
  balance: string;
}
