import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ContentEvents } from '../../common/content-events';
import { calendarPeriod } from '../../common/quota-period';
import type { CalendarPeriod } from '../../common/quota-period';
import { withLease } from '../../database/migrate';
import { rowTime, sqlTime } from '../../database/sql-time';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { PLAN_BOOK } from '../ledger';
import type { PlanBook, RenewOutcome } from '../ledger';

/** How often ended periods are renewed: a call meanwhile pays as if there were no plan. */
export const PLAN_RENEWAL_MS = 10_000;
const LEASE = 'plan_renewal';
/** Subscriptions renewed in one run at most (the next run goes on). */
const PER_RUN = 500;

const limitOf = (value: unknown) => (value === null ? null : Number(value));

/** The subscriptions whose period ended, on the database's clock where it has one. */
const dueSql = (
  mysql: boolean,
) => `SELECT s.id AS id, s.user_id AS user_id, s.period_end AS period_end,
    p.id AS plan_id, p.price_milli AS price_milli, p.included_calls AS included_calls,
    p.hour_limit AS hour_limit, p.day_limit AS day_limit, p.week_limit AS week_limit,
    p.period AS period
  FROM plan_subscriptions s JOIN plans p ON p.id = s.plan_id
  WHERE s.state = 'active' AND s.period_end <= ${mysql ? 'UTC_TIMESTAMP()' : '?'}
  ORDER BY s.period_end LIMIT ${PER_RUN}`;

/**
 * Renews subscriptions at their period's end (ADR 050), on the instance holding the lease: the
 * next period is the calendar period holding the later of the old end and now (a site down for
 * days charges one period, not the ones it missed), bought from the balance at the plan's price
 * then; a cancelled one ends, one whose balance is short lapses.
 */
@Injectable()
export class PlanRenewal implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('PlanRenewal');
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(PLAN_BOOK) private readonly book: PlanBook,
    private readonly events: ContentEvents,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => {
      this.run().catch((error: unknown) =>
        this.logger.warn(`could not renew plans: ${String(error)}`),
      );
    }, PLAN_RENEWAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Renews what is due; answers the outcomes (null: another instance's turn). */
  async run(now = Date.now()): Promise<RenewOutcome[] | null> {
    const outcomes: RenewOutcome[] = [];
    const ran = await withLease(this.dataSource, LEASE, async () => {
      const mysql = this.dataSource.options.type !== 'better-sqlite3';
      const due = await this.dataSource.query<Record<string, unknown>[]>(
        dueSql(mysql),
        mysql ? [] : [sqlTime(this.dataSource, new Date(now))],
      );
      for (const row of due) {
        const endedAt = rowTime(row.period_end as string);
        const from = Math.max(endedAt.getTime(), now);
        const period = calendarPeriod(from, row.period as CalendarPeriod, this.env.SITE_TIME_ZONE);
        outcomes.push(
          await this.book.renew({
            subscriptionId: Number(row.id),
            userId: Number(row.user_id),
            plan: {
              id: Number(row.plan_id),
              price_milli: Number(row.price_milli),
              included_calls: Number(row.included_calls),
              hour_limit: limitOf(row.hour_limit),
              day_limit: limitOf(row.day_limit),
              week_limit: limitOf(row.week_limit),
            },
            start: new Date(Math.max(endedAt.getTime(), period.start)),
            end: new Date(period.end),
            endedAt,
          }),
        );
      }
    });
    if (outcomes.some((outcome) => outcome !== 'skipped'))
      await this.events.changed('subscriptions');
    return ran ? outcomes : null;
  }
}
