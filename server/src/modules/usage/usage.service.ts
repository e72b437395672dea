import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import { DataSource, In, Repository } from 'typeorm';
import { formatBalance, formatPrice } from '../../common/money';
import { dayBefore, dayBounds, dayOf, nextDay } from '../../common/quota-period';
import { ApiEntry, User } from '../../database/entities';
import { sqlTime } from '../../database/sql-time';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import type { Usage, UsageDay } from '../../contracts/usage';
import { afterHours, afterValues, CALLS_SERIES, readsAfter } from '../ledger';

export const USAGE_DAYS = 30;
export const USAGE_TOP_APIS = 5;
/** How long a user's counted log stays in memory: a dashboard load is one GROUP BY a minute. */
export const USAGE_CACHE_MS = 60_000;
/** Windows with fewer rows are counted afresh each time: that takes milliseconds. */
export const USAGE_CACHE_MIN_ROWS = 10_000;
const USAGE_CACHE_USERS = 10_000;

/** A day's calls of one API: from a rollup row, or raw rows added up. */
interface Cell {
  day: string;
  api_id: number;
  name: string;
  calls: number;
  charged: number;
  spend: number;
}

type CellRow = Record<keyof Cell, unknown>;

const cell = (row: CellRow): Cell => ({
  day: String(row.day),
  api_id: Number(row.api_id),
  name: typeof row.name === 'string' ? row.name : '',
  calls: Number(row.calls),
  charged: Number(row.charged ?? 0),
  spend: Number(row.spend ?? 0),
});

/** The USAGE_DAYS days through `today`, counted back by the calendar. */
function lastDays(today: string): string[] {
  return Array.from({ length: USAGE_DAYS }, (_, i) => dayBefore(today, USAGE_DAYS - 1 - i));
}

/**
 * The dashboard's usage: calls and spend per day and the top APIs over the last 30 days on the
 * site's clock (SITE_TIME_ZONE, as statements and free quotas), every call of the caller's. Closed
 * days come from the call rollups (ledger/rollups.ts), the closed hours after them from the hour
 * rollups (ledger/hour-rollups.ts), the rest from raw rows.
 */
@Injectable()
export class UsageService {
  private readonly timeZone: string;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(ApiEntry) private readonly apis: Repository<ApiEntry>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(ENV) env: Env,
  ) {
    this.timeZone = env.SITE_TIME_ZONE;
  }

  /**
   * A window of USAGE_CACHE_MIN_ROWS calls or more is cached per user for USAGE_CACHE_MS (raw rows
   * of a busy day take a while to group on SQLite, which blocks the event loop); smaller ones are
   * exact. Concurrent loads share one count; the balance is always read fresh.
   */
  private readonly counted = new LRUCache<string, Promise<Cell[]>>({
    max: USAGE_CACHE_USERS,
    ttl: USAGE_CACHE_MS,
  });

  async usage(userId: number, now = new Date()): Promise<Usage> {
    const dates = lastDays(dayOf(now.getTime(), this.timeZone));
    const cacheKey = `${userId}:${dates[0]}`;
    let counting = this.counted.get(cacheKey);
    if (!counting) {
      const mine = this.count(userId, dates);
      counting = mine;
      this.counted.set(cacheKey, mine);
      const forget = () => {
        if (this.counted.peek(cacheKey) === mine) this.counted.delete(cacheKey);
      };
      mine.then((cells) => {
        const rows = cells.reduce((sum, c) => sum + c.calls, 0);
        if (rows < USAGE_CACHE_MIN_ROWS) forget();
      }, forget);
    }
    const [cells, user] = await Promise.all([
      counting,
      this.users.findOne({ select: { id: true, balance_milli: true }, where: { id: userId } }),
    ]);
    const byDay = new Map<string, { calls: number; spend: number }>();
    const byApi = new Map<number, { name: string; calls: number; spend: number }>();
    let spent = 0;
    let charged = 0;
    for (const c of cells) {
      const d = byDay.get(c.day) ?? { calls: 0, spend: 0 };
      d.calls += c.calls;
      d.spend += c.spend;
      byDay.set(c.day, d);
      const a = byApi.get(c.api_id) ?? { name: c.name, calls: 0, spend: 0 };
      a.calls += c.calls;
      a.spend += c.spend;
      if (c.name > a.name) a.name = c.name;
      byApi.set(c.api_id, a);
      spent += c.spend;
      charged += c.charged;
    }
    const days: UsageDay[] = dates.map((date) => ({
      date,
      calls: byDay.get(date)?.calls ?? 0,
      spend: formatPrice(byDay.get(date)?.spend ?? 0),
    }));
    const top = [...byApi.entries()]
      .sort(([idA, a], [idB, b]) => b.calls - a.calls || idA - idB)
      .slice(0, USAGE_TOP_APIS);
    const titles = await this.titles(top.map(([apiId]) => apiId));
    const balance = user?.balance_milli ?? 0;
    // The average charged price, rounded up so the estimate never promises a call too many.
    const usual = charged > 0 ? Math.ceil(spent / charged) : null;
    return {
      days,
      top_apis: top.map(([apiId, row]) => ({
        api_id: apiId === 0 ? null : apiId,
        name: row.name,
        title_en: titles.get(apiId) ?? '',
        calls: row.calls,
        spend: formatPrice(row.spend),
      })),
      balance: formatBalance(balance),
      usual_price: usual === null ? null : formatPrice(usual),
      calls_left: usual === null ? null : Math.floor(balance / usual),
    };
  }

  private async titles(apiIds: number[]): Promise<Map<number, string>> {
    const known = apiIds.filter((id) => id !== 0);
    if (known.length === 0) return new Map();
    const rows = await this.apis.find({
      select: { id: true, title_en: true },
      where: { id: In(known) },
    });
    return new Map(rows.map((row) => [row.id, row.title_en ?? '']));
  }

  /**
   * The window's calls by day and API: rolled-up days from the user's `(user_id, day)` rollups,
   * the closed hours after the watermark from `(user_id, day, hour)` hour rollups, the rest from
   * the user's `(user_id, access_time)` raw rows grouped by day (a CASE over the days' first
   * instants) and API.
   */
  private async count(userId: number, dates: string[]): Promise<Cell[]> {
    const first = dates[0];
    const last = dates[dates.length - 1];
    const { days, after } = await readsAfter(this.dataSource, this.timeZone, CALLS_SERIES);
    const through = days.throughDay ?? '';
    const rolledDays = through >= first ? dates.filter((date) => date <= through) : [];
    const rawDays = dates.slice(rolledDays.length);
    const time = (date: string) =>
      sqlTime(this.dataSource, new Date(dayBounds(date, this.timeZone).from));
    // Each raw row's day: the latest day whose first instant it is at or after.
    const later = rawDays.slice(1).reverse();
    const day = later.length
      ? `CASE ${later.map(() => 'WHEN l.access_time >= ? THEN ?').join(' ')} ELSE ? END`
      : '?';
    const [rolled, hourly, raw] = await Promise.all([
      rolledDays.length > 0
        ? this.dataSource.query<CellRow[]>(
            `SELECT r.day AS day, r.api_id AS api_id, r.api_name AS name, r.calls AS calls,
               r.charged_calls AS charged, r.cost_milli AS spend
             FROM call_rollups r WHERE r.user_id = ? AND r.day >= ? AND r.day <= ?`,
            [userId, first, rolledDays[rolledDays.length - 1]],
          )
        : [],
      rawDays.length > 0 && after.nextDay
        ? this.dataSource.query<CellRow[]>(
            `SELECT h.day AS day, h.api_id AS api_id, MAX(h.api_name) AS name,
               SUM(h.calls) AS calls, SUM(h.charged_calls) AS charged, SUM(h.cost_milli) AS spend
             FROM call_hour_rollups h
             WHERE h.user_id = ? AND h.day >= ? AND h.day <= ? AND ${afterHours('h')}
             GROUP BY h.day, h.api_id`,
            [userId, rawDays[0], last, ...afterValues(after)],
          )
        : [],
      rawDays.length > 0
        ? this.dataSource.query<CellRow[]>(
            `SELECT ${day} AS day, COALESCE(l.api_id, 0) AS api_id, MAX(l.api_name) AS name,
               COUNT(*) AS calls, SUM(CASE WHEN l.cost_milli > 0 THEN 1 ELSE 0 END) AS charged,
               COALESCE(SUM(l.cost_milli), 0) AS spend
             FROM access_logs l WHERE l.user_id = ? AND l.access_time >= ? AND l.access_time < ?
             GROUP BY 1, COALESCE(l.api_id, 0)`,
            [
              ...later.flatMap((date) => [time(date), date]),
              rawDays[0],
              userId,
              sqlTime(
                this.dataSource,
                new Date(
                  Math.max(dayBounds(rawDays[0], this.timeZone).from, after.rawFrom.getTime()),
                ),
              ),
              time(nextDay(last)),
            ],
          )
        : [],
    ]);
    return [...rolled, ...hourly, ...raw].map(cell);
  }
}
