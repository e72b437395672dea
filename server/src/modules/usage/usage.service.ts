import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import { Repository } from 'typeorm';
import { formatBalance, formatPrice } from '../../common/money';
import { AccessLog, ApiEntry, User } from '../../database/entities';
import type { Usage, UsageDay } from '../../contracts/usage';

export const USAGE_DAYS = 30;
export const USAGE_TOP_APIS = 5;
const DAY_MS = 86_400_000;
/** How long a user's counted log stays in memory: a dashboard load is one GROUP BY a minute. */
export const USAGE_CACHE_MS = 60_000;
/** Windows with fewer rows are counted afresh each time: that takes milliseconds. */
export const USAGE_CACHE_MIN_ROWS = 10_000;
const USAGE_CACHE_USERS = 10_000;

type DayRow = { day: Date | string; calls: unknown; spend: unknown; charged: unknown };
type TopRow = {
  api_id: unknown;
  name: string;
  title_en: string | null;
  calls: unknown;
  spend: unknown;
};
interface Counted {
  perDay: DayRow[];
  top: TopRow[];
}

/** A day as YYYY-MM-DD: SQLite's DATE() gives text, mysql2 a Date at UTC midnight. */
const dayText = (value: Date | string) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

/**
 * The dashboard's usage: calls and spend per day and the top APIs over the last 30 days, counted in
 * UTC days like the admin statistics (api_daily_stats), from the caller's own log rows.
 */
@Injectable()
export class UsageService {
  constructor(
    @InjectRepository(AccessLog) private readonly logs: Repository<AccessLog>,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {}

  /**
   * A window of USAGE_CACHE_MIN_ROWS rows or more is cached per user for USAGE_CACHE_MS (a million
   * rows in 30 days take a second or more to group on SQLite, which blocks the event loop); smaller
   * ones are exact. Concurrent loads share one count; the balance is always read fresh.
   */
  private readonly counted = new LRUCache<string, Promise<Counted>>({
    max: USAGE_CACHE_USERS,
    ttl: USAGE_CACHE_MS,
  });

  async usage(userId: number, now = new Date()): Promise<Usage> {
    const today = Date.parse(now.toISOString().slice(0, 10));
    const first = new Date(today - (USAGE_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
    const cacheKey = `${userId}:${first}`;
    let counting = this.counted.get(cacheKey);
    if (!counting) {
      const mine = this.count(userId, first);
      counting = mine;
      this.counted.set(cacheKey, mine);
      const forget = () => {
        if (this.counted.peek(cacheKey) === mine) this.counted.delete(cacheKey);
      };
      mine.then(({ perDay }) => {
        const rows = perDay.reduce((sum, day) => sum + Number(day.calls), 0);
        if (rows < USAGE_CACHE_MIN_ROWS) forget();
      }, forget);
    }
    const [{ perDay, top }, user] = await Promise.all([
      counting,
      this.users.findOne({ select: { id: true, balance_milli: true }, where: { id: userId } }),
    ]);
    const byDay = new Map(perDay.map((row) => [dayText(row.day), row]));
    const days: UsageDay[] = [];
    let spent = 0;
    let charged = 0;
    for (let i = 0; i < USAGE_DAYS; i += 1) {
      const date = new Date(Date.parse(first) + i * DAY_MS).toISOString().slice(0, 10);
      const row = byDay.get(date);
      spent += Number(row?.spend ?? 0);
      charged += Number(row?.charged ?? 0);
      days.push({
        date,
        calls: Number(row?.calls ?? 0),
        spend: formatPrice(Number(row?.spend ?? 0)),
      });
    }
    const balance = user?.balance_milli ?? 0;
    // The average charged price, rounded up so the estimate never promises a call too many.
    const usual = charged > 0 ? Math.ceil(spent / charged) : null;
    return {
      days,
      top_apis: top.map((row) => ({
        api_id: row.api_id === null ? null : Number(row.api_id),
        name: row.name,
        title_en: row.title_en ?? '',
        calls: Number(row.calls),
        spend: formatPrice(Number(row.spend)),
      })),
      balance: formatBalance(balance),
      usual_price: usual === null ? null : formatPrice(usual),
      calls_left: usual === null ? null : Math.floor(balance / usual),
    };
  }

  /** Calls and spend per day and per API since `first`, both read from the (user_id, access_time) index. */
  private async count(userId: number, first: string): Promise<Counted> {
    const window = () =>
      this.logs
        .createQueryBuilder('log')
        .where('log.user_id = :userId', { userId })
        .andWhere('log.access_time >= :since', { since: `${first} 00:00:00` });
    const [perDay, top] = await Promise.all([
      window()
        .select('DATE(log.access_time)', 'day')
        .addSelect('COUNT(*)', 'calls')
        .addSelect('COALESCE(SUM(log.cost_milli), 0)', 'spend')
        .addSelect('SUM(CASE WHEN log.cost_milli > 0 THEN 1 ELSE 0 END)', 'charged')
        .groupBy('DATE(log.access_time)')
        .getRawMany<DayRow>(),
      window()
        .select('log.api_id', 'api_id')
        .addSelect('MAX(log.api_name)', 'name')
        .leftJoin(ApiEntry, 'a', 'a.id = log.api_id')
        .addSelect('MAX(a.title_en)', 'title_en')
        .addSelect('COUNT(*)', 'calls')
        .addSelect('COALESCE(SUM(log.cost_milli), 0)', 'spend')
        .groupBy('log.api_id')
        .orderBy('calls', 'DESC')
        .addOrderBy('log.api_id', 'ASC')
        .limit(USAGE_TOP_APIS)
        .getRawMany<TopRow>(),
    ]);
    return { perDay, top };
  }
}
