import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import type { Repository } from 'typeorm';
import { AppError, badRequest } from '../../common/app-error';
import { ContentEvents } from '../../common/content-events';
import { formatBalance, formatPrice, parseYuan } from '../../common/money';
import { calendarPeriod, QuotaPeriods } from '../../common/quota-period';
import { PLAN_WINDOWS } from '../../contracts/plans';
import type {
  AdminPlanList,
  AdminPlanView,
  PlanList,
  PlanView,
  SubscribedPlan,
  SubscriptionView,
  UserPlan,
  WindowUse,
} from '../../contracts/plans';
import { ApiEntry, Category, Plan, PlanSubscription } from '../../database/entities';
import { isDatabaseUnavailable } from '../../database/db-timeouts';
import { rowTime, sqlTime } from '../../database/sql-time';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { AuditService } from '../audit';
import type { AuditActor } from '../audit';
import { PLAN_BOOK } from '../ledger';
import type { PlanBook } from '../ledger';
import type { SavePlanDto } from './dto/plans.dto';

const iso = (value: Date | string) => rowTime(value).toISOString();

export const planView = (plan: Plan): PlanView => ({
  id: plan.id,
  name: plan.name,
  name_en: plan.name_en,
  description: plan.description,
  description_en: plan.description_en,
  price: formatBalance(Number(plan.price_milli)),
  period: plan.period,
  included_calls: plan.included_calls,
  scope: plan.scope,
  category_id: plan.category_id,
  api_ids: plan.api_ids.split(',').filter(Boolean).map(Number),
  overage: plan.overage,
  hour_limit: plan.hour_limit,
  day_limit: plan.day_limit,
  week_limit: plan.week_limit,
  overage_price: plan.overage_price_milli === null ? null : formatPrice(plan.overage_price_milli),
  is_default: Number(plan.is_default) === 1,
  status: Number(plan.status),
});

/** A period's bounds in whole seconds: MySQL's DATETIME keeps no fraction. */
const wholeSecond = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);

const notFound = () =>
  new AppError('plan.not_found', 'no such plan on offer', HttpStatus.NOT_FOUND, {}, 'plan_id');

const alreadySubscribed = () =>
  new AppError(
    'plan.already_subscribed',
    'you already have a plan running: cancel it and subscribe again once its period ends',
    HttpStatus.CONFLICT,
    {},
    'plan_id',
  );

/**
 * Plans (issue #30, ADR 050): the back office defines them, users buy a period from their balance
 * (PlanBook), the gateway's charge takes their calls (PlanCoverage), PlanRenewal renews them.
 */
@Injectable()
export class PlansService {
  constructor(
    @Inject(PLAN_BOOK) private readonly book: PlanBook,
    @InjectRepository(Plan) private readonly plans: Repository<Plan>,
    @InjectRepository(PlanSubscription) private readonly subs: Repository<PlanSubscription>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly events: ContentEvents,
    @Inject(ENV) private readonly env: Env,
  ) {
    this.periods = new QuotaPeriods(env.SITE_TIME_ZONE);
  }

  private readonly periods: QuotaPeriods;

  /** The purchase under way per user in this instance (subscribe). */
  private readonly purchases = new Map<number, Promise<SubscribedPlan>>();

  async onOffer(): Promise<PlanList> {
    const plans = await this.plans.find({
      where: { status: 1 },
      order: { price_milli: 'ASC', id: 'ASC' },
    });
    return { plans: plans.map(planView) };
  }

  async adminList(): Promise<AdminPlanList> {
    const [plans, counts] = await Promise.all([
      this.plans.find({ order: { id: 'ASC' } }),
      this.subs
        .createQueryBuilder('s')
        .select('s.plan_id', 'plan_id')
        .addSelect('COUNT(*)', 'n')
        .where("s.state = 'active'")
        .groupBy('s.plan_id')
        .getRawMany<{ plan_id: number; n: number | string }>(),
    ]);
    const byPlan = new Map(counts.map((row) => [Number(row.plan_id), Number(row.n)]));
    return {
      plans: plans.map((plan) => ({ ...planView(plan), subscribers: byPlan.get(plan.id) ?? 0 })),
    };
  }

  /** 套餐管理 → 保存: a new plan, or a plan's terms for the periods that start after it. */
  async save(actor: AuditActor, body: SavePlanDto): Promise<AdminPlanView> {
    const price = parseYuan(body.price);
    if (price === null) throw badRequest('request.validation', 'price must be an amount', 'price');
    const overagePrice =
      body.overage_price === undefined || body.overage_price === null || body.overage_price === ''
        ? null
        : parseYuan(body.overage_price);
    if (overagePrice === 0) {
      throw badRequest(
        'request.validation',
        'overage_price must be more than 0: for free calls past the plan, include more calls',
        'overage_price',
      );
    }
    if (overagePrice !== null && body.overage === 'stop') {
      throw badRequest(
        'plan.overage_price',
        'a plan that stops has no overage price: leave it empty or choose pay',
        'overage_price',
      );
    }
    const isDefault = body.is_default === true;
    if (isDefault && price !== 0) {
      throw badRequest(
        'plan.default_paid',
        'only a free plan may be given to new users',
        'is_default',
      );
    }
    const scope = await this.scopeOf(body);
    const saved = await this.dataSource.transaction(async (manager) => {
      const repo = manager.getRepository(Plan);
      const before = body.id ? await repo.findOne({ where: { id: body.id } }) : null;
      if (body.id && !before) throw notFound();
      if (isDefault) await repo.update({ is_default: 1 }, { is_default: 0 });
      const limits = limitsOf(body, before);
      const plan = await repo.save({
        ...(before ?? {}),
        name: body.name,
        name_en: body.name_en ?? before?.name_en ?? '',
        description: body.description ?? before?.description ?? '',
        description_en: body.description_en ?? before?.description_en ?? '',
        price_milli: price,
        period: body.period,
        included_calls: body.included_calls,
        ...scope,
        overage: body.overage,
        ...limits,
        // A plan that stops has none; one that pays keeps its own unless one is sent.
        overage_price_milli:
          body.overage === 'stop'
            ? null
            : body.overage_price === undefined
              ? (before?.overage_price_milli ?? null)
              : overagePrice,
        is_default: isDefault ? 1 : 0,
        status: body.status ?? before?.status ?? 1,
      });
      await this.audit.record(
        actor,
        {
          action: before ? 'update' : 'create',
          target_type: 'plan',
          target_id: plan.id,
          before: before ? planView(before) : undefined,
          after: planView(plan),
        },
        manager,
      );
      return plan;
    });
    await this.events.changed('plans');
    const [{ n }] = await this.dataSource.query<{ n: number | string }[]>(
      "SELECT COUNT(*) AS n FROM plan_subscriptions WHERE plan_id = ? AND state = 'active'",
      [saved.id],
    );
    return { ...planView(saved), subscribers: Number(n) };
  }

  /** The scope's columns, its category or APIs checked to exist. */
  private async scopeOf(body: SavePlanDto) {
    if (body.scope === 'all') return { scope: body.scope, category_id: null, api_ids: '' };
    if (body.scope === 'category') {
      const exists =
        body.category_id &&
        (await this.dataSource.getRepository(Category).exists({ where: { id: body.category_id } }));
      if (!exists) throw badRequest('plan.scope', 'choose an existing category', 'category_id');
      return { scope: body.scope, category_id: body.category_id!, api_ids: '' };
    }
    const ids = [...new Set(body.api_ids ?? [])].sort((a, b) => a - b);
    const found =
      ids.length === 0
        ? 0
        : await this.dataSource
            .getRepository(ApiEntry)
            .count({ where: { id: In(ids), is_paid: 1 } });
    if (ids.length === 0 || found !== ids.length) {
      throw badRequest('plan.scope', 'choose one or more existing paid APIs', 'api_ids');
    }
    return { scope: body.scope, category_id: null, api_ids: ids.join(',') };
  }

  async ofUser(userId: number): Promise<UserPlan> {
    const sub = await this.subs.findOne({ where: { user_id: userId } });
    if (!sub) return { subscription: null };
    const plan = await this.plans.findOne({ where: { id: sub.plan_id } });
    return { subscription: plan ? await this.view(sub, plan) : null };
  }

  private async view(sub: PlanSubscription, plan: Plan): Promise<SubscriptionView> {
    const [period] = await this.dataSource.query<{ kind: SubscriptionView['period_kind'] }[]>(
      'SELECT kind FROM plan_periods WHERE subscription_id = ? AND period_start = ?',
      [sub.id, sqlTime(this.dataSource, rowTime(sub.period_start))],
    );
    return subscriptionView(sub, plan, this.periods, Date.now(), period?.kind ?? null);
  }

  /**
   * Buys the plan's current period from the balance (from now to the period's end on the site's
   * clock), or resumes a cancelled subscription to the same plan (nothing charged).
   *
   * One purchase per user runs at a time in this instance. A request that waited for one that
   * succeeded is refused without reading anything: the user has a plan running that renews (the
   * request is answered as if it came just after). One that waited for a purchase the database
   * could not answer gets the same 503; after any other refusal it tries itself. So a burst costs
   * the database one purchase, and the book still decides under the user's lock across instances.
   */
  async subscribe(userId: number, planId: number): Promise<SubscribedPlan> {
    for (let ahead = this.purchases.get(userId); ahead; ahead = this.purchases.get(userId)) {
      const failure = await ahead.then(
        () => null,
        (error: unknown) => error,
      );
      if (failure === null) throw alreadySubscribed();
      if (failure instanceof Error && isDatabaseUnavailable(failure)) throw failure;
    }
    const purchase = this.purchasable(userId, planId).then(({ plan, now }) =>
      this.purchase(userId, plan, now),
    );
    this.purchases.set(userId, purchase);
    try {
      return await purchase;
    } finally {
      this.purchases.delete(userId);
    }
  }

  /** The plan on offer, refused without a transaction when plainly so. */
  private async purchasable(userId: number, planId: number): Promise<{ plan: Plan; now: number }> {
    const [plan, running] = await Promise.all([
      this.plans.findOne({ where: { id: planId, status: 1 } }),
      this.subs.findOne({ where: { user_id: userId, state: 'active' } }),
    ]);
    if (!plan) throw notFound();
    const now = Date.now();
    if (running && rowTime(running.period_end).getTime() > now) {
      if (running.plan_id !== plan.id || Number(running.auto_renew) === 1)
        throw alreadySubscribed();
    }
    return { plan, now };
  }

  private async purchase(userId: number, plan: Plan, now: number): Promise<SubscribedPlan> {
    const outcome = await this.book.subscribe({
      userId,
      plan: {
        id: plan.id,
        price_milli: Number(plan.price_milli),
        included_calls: plan.included_calls,
        hour_limit: plan.hour_limit,
        day_limit: plan.day_limit,
        week_limit: plan.week_limit,
      },
      start: wholeSecond(now),
      end: wholeSecond(calendarPeriod(now, plan.period, this.env.SITE_TIME_ZONE).end),
    });
    if (!outcome.ok) {
      if (outcome.reason === 'already') throw alreadySubscribed();
      if (outcome.reason === 'insufficient') {
        throw new AppError(
          'plan.insufficient_balance',
          `insufficient balance: this plan costs ${formatBalance(Number(plan.price_milli))} yuan and your balance is ${formatBalance(outcome.balance_milli)} yuan`,
          HttpStatus.PAYMENT_REQUIRED,
          {},
          'plan_id',
          { balance: formatBalance(outcome.balance_milli) },
        );
      }
      throw new AppError('users.not_found', 'user not found', HttpStatus.NOT_FOUND);
    }
    await this.events.changed('subscriptions');
    const sub = await this.subs.findOneByOrFail({ id: outcome.subscriptionId });
    return {
      subscription: await this.view(sub, plan),
      balance: formatBalance(outcome.balance_milli),
    };
  }

  /** Stops the renewal: the period bought runs to its end. */
  async cancel(userId: number): Promise<UserPlan> {
    const done = await this.subs
      .createQueryBuilder()
      .update()
      .set({ auto_renew: 0 })
      .where("user_id = :userId AND state = 'active' AND auto_renew = 1 AND period_end > :now", {
        userId,
        now: sqlTime(this.dataSource, new Date()),
      })
      .execute();
    if (!done.affected) {
      throw new AppError(
        'plan.not_subscribed',
        'you have no plan running that renews',
        HttpStatus.CONFLICT,
      );
    }
    await this.events.changed('subscriptions');
    return this.ofUser(userId);
  }

  /** A new user gets the default plan (a free one), if the back office set one. */
  async subscribeDefault(userId: number): Promise<void> {
    const plan = await this.plans.findOne({ where: { is_default: 1, status: 1 } });
    if (plan && Number(plan.price_milli) === 0) await this.subscribe(userId, plan.id);
  }
}

/**
 * A plan's window limits as saved: absent keeps the plan's, null clears one. Each must be at most
 * the one of the longer span (an hour's calls fit in its day's).
 */
function limitsOf(body: SavePlanDto, before: Plan | null) {
  const limits = Object.fromEntries(
    PLAN_WINDOWS.map((w) => {
      const given = body[`${w}_limit`];
      return [`${w}_limit`, given === undefined ? (before?.[`${w}_limit`] ?? null) : given];
    }),
  ) as Pick<Plan, 'hour_limit' | 'day_limit' | 'week_limit'>;
  const set = PLAN_WINDOWS.filter((w) => limits[`${w}_limit`] !== null);
  for (const [shorter, longer] of set.slice(0, -1).map((w, i) => [w, set[i + 1]] as const)) {
    if (limits[`${shorter}_limit`]! > limits[`${longer}_limit`]!) {
      throw badRequest(
        'plan.limits',
        `the ${shorter}'s limit cannot be more than the ${longer}'s`,
        `${shorter}_limit`,
      );
    }
  }
  return limits;
}

/** A subscription's window limits with the calls used in the windows running at `now`. */
const windowUses = (sub: PlanSubscription, periods: QuotaPeriods, now: number): WindowUse[] =>
  PLAN_WINDOWS.flatMap((window) => {
    const limit = sub[`${window}_limit`];
    if (limit === null) return [];
    const running = periods.at(now, window);
    const used = sub[`${window}_window`] === running.key ? sub[`${window}_used`] : 0;
    return [{ window, limit, used, resets_at: new Date(running.endsAt).toISOString() }];
  });

export const subscriptionView = (
  sub: PlanSubscription,
  plan: Plan,
  periods: QuotaPeriods,
  now: number,
  periodKind: SubscriptionView['period_kind'],
): SubscriptionView => ({
  id: sub.id,
  plan: planView(plan),
  state: sub.state,
  auto_renew: Number(sub.auto_renew) === 1,
  period_start: iso(sub.period_start),
  period_end: iso(sub.period_end),
  included_calls: sub.included_calls,
  used_calls: sub.used_calls,
  left_calls: Math.max(0, sub.included_calls - sub.used_calls),
  windows: windowUses(sub, periods, now),
  period_kind: periodKind,
  ended_reason: sub.ended_reason,
});
