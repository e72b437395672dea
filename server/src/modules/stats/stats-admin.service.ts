import { readFileSync } from 'node:fs';
import { arch, platform, release } from 'node:os';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, MoreThanOrEqual, Repository } from 'typeorm';
import type { ObjectLiteral } from 'typeorm';
import { notFound } from '../../common/app-error';
import { formatBalance } from '../../common/money';
import {
  AccessLog,
  ApiDailyStat,
  CallDayTotal,
  ApiEntry,
  RechargeRecord,
  SiteConfig,
  User,
} from '../../database/entities';
import { DailyStatsQuery } from './dto/stats-admin.dto';
import { containsPattern } from '../../common/like';
import { pageInfo } from '../../common/paging';
import { dayBefore, dayBounds, dayOf } from '../../common/quota-period';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { afterHours, afterValues, CALLS_SERIES, readsAfter } from '../ledger';
import type {
  Dashboard,
  DashboardActivity,
  Periods,
  StatsDetail,
  StatsPage,
} from '../../contracts/site';

export const TOP_APIS = 10;
export const DAILY_WINDOW_DAYS = 30;

function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return `${days}天 ${hours}小时 ${minutes}分钟`;
}

/** The server package's version (the same relative path from src/ and from dist/). */
function appVersion(): string {
  try {
    const text = readFileSync(join(__dirname, '../../../package.json'), 'utf8');
    return (JSON.parse(text) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

@Injectable()
export class StatsAdminService {
  private databaseVersion?: Promise<string>;
  private readonly timeZone: string;

  constructor(
    @InjectRepository(ApiEntry) private readonly apis: Repository<ApiEntry>,
    @InjectRepository(ApiDailyStat) private readonly daily: Repository<ApiDailyStat>,
    @InjectRepository(SiteConfig) private readonly configs: Repository<SiteConfig>,
    @InjectRepository(AccessLog) private readonly logs: Repository<AccessLog>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(RechargeRecord) private readonly recharges: Repository<RechargeRecord>,
    private readonly dataSource: DataSource,
    @Inject(ENV) env: Env,
  ) {
    this.timeZone = env.SITE_TIME_ZONE;
  }

  /** The statistics list: every API (disabled too) with its total calls, by id. */
  async list(query: DailyStatsQuery): Promise<StatsPage> {
    const qb = this.apis.createQueryBuilder('api');
    const search = query.search?.trim().toLowerCase();
    if (search) {
      qb.where("(LOWER(api.name) LIKE :q ESCAPE '!' OR LOWER(api.name_en) LIKE :q ESCAPE '!')", {
        q: containsPattern(search),
      });
    }
    if (query.sort === 'calls_desc' || query.sort === 'calls_asc') {
      qb.orderBy('api.usage_count', query.sort === 'calls_desc' ? 'DESC' : 'ASC').addOrderBy(
        'api.id',
        'ASC',
      );
    } else {
      qb.orderBy('api.id', 'ASC');
    }
    const [rows, total] = await qb
      .skip((query.page - 1) * query.per_page)
      .take(query.per_page)
      .getManyAndCount();
    return {
      apis: rows.map((api) => ({
        id: api.id,
        name: api.name,
        total_calls: api.usage_count,
        status: api.status,
        created_at: api.created_at.toISOString(),
        updated_at: api.updated_at.toISOString(),
      })),
      ...pageInfo(total, query),
    };
  }

  /** One API's calls per day, newest first, as JSON text mapping 'YYYY-MM-DD' to a count. */
  async detail(id: number): Promise<StatsDetail> {
    const api = await this.apis.findOne({ where: { id } });
    if (!api) throw notFound('apis.not_found', 'API not found');
    const days = await this.daily.find({
      where: { api_id: id },
      order: { access_date: 'DESC' },
    });
    const history: Record<string, number> = {};
    for (const day of days) history[day.access_date] = Number(day.calls);
    return {
      id: api.id,
      name: api.name,
      name_en: api.name_en,
      daily_calls_history: JSON.stringify(history),
      today: dayOf(Date.now(), this.timeZone),
    };
  }

  async dashboard(): Promise<Dashboard> {
    const totals = await this.apis
      .createQueryBuilder('api')
      .select('COALESCE(SUM(api.usage_count), 0)', 'calls')
      .addSelect('COUNT(*)', 'apis')
      .getRawOne<{ calls: string | number; apis: string | number }>();
    const all = await this.apis.find({
      select: { id: true, name: true, usage_count: true },
      order: { usage_count: 'DESC', id: 'ASC' },
    });
    const days = this.siteDays(Date.now());
    const since = dayBefore(days.today, DAILY_WINDOW_DAYS - 1);
    const daily = await this.daily.find({
      where: { access_date: MoreThanOrEqual(since) },
      order: { access_date: 'ASC', api_id: 'ASC' },
    });
    const names = new Map(all.map((api) => [api.id, api.name]));
    const config = await this.configs.findOne({ where: { id: 1 } });
    return {
      total_stats: {
        total_calls: Number(totals?.calls ?? 0),
        total_apis: Number(totals?.apis ?? 0),
      },
      top_apis: all
        .filter((api) => api.usage_count > 0)
        .slice(0, TOP_APIS)
        .map((api) => ({ id: api.id, name: api.name, call_count: api.usage_count })),
      all_api_total_calls: all.map((api) => ({
        id: api.id,
        name: api.name,
        total_calls: api.usage_count,
      })),
      daily_calls_per_api: daily.map((row) => ({
        access_date: row.access_date,
        api_id: row.api_id,
        api_name: names.get(row.api_id) ?? '未知API',
        daily_calls: Number(row.calls),
      })),
      site_start_time: config?.site_start_time.toISOString() ?? null,
      server_info: await this.serverInfo(),
      activity: await this.activity(days),
      today: days.today,
    };
  }

  /**
   * Today against the last 7 and 30 days, on the site's clock (days as statements, the call
   * rollups and the daily counters count them).
   */
  private async activity(days: Periods<string>): Promise<DashboardActivity> {
    const today = await this.daily
      .createQueryBuilder('stat')
      .select('COALESCE(SUM(stat.calls), 0)', 'total')
      .where('stat.access_date = :today', { today: days.today })
      .getRawOne<{ total: string | number }>();
    const milli = (sums: Periods<number>): Periods<string> => ({
      today: formatBalance(sums.today),
      days_7: formatBalance(sums.days_7),
      days_30: formatBalance(sums.days_30),
    });
    const starts = {
      today: this.dayStart(days.today),
      days_7: this.dayStart(days.days_7),
      days_30: this.dayStart(days.days_30),
    };
    return {
      calls_today: Number(today?.total ?? 0),
      charges: milli(await this.charges(days)),
      new_users: await this.periods(this.users, 'COUNT', '1', 'row.created_at', starts),
      recharges: milli(
        await this.periods(
          this.recharges,
          'SUM',
          'row.amount_milli',
          'row.created_at',
          starts,
          'row.user_id IS NOT NULL',
        ),
      ),
    };
  }

  /** Today's, the 7th and the 30th last day's date (`YYYY-MM-DD`) on the site's clock. */
  private siteDays(now: number): Periods<string> {
    const today = dayOf(now, this.timeZone);
    return { today, days_7: dayBefore(today, 6), days_30: dayBefore(today, 29) };
  }

  private dayStart(day: string): Date | string {
    return this.asParameter(new Date(dayBounds(day, this.timeZone).from).toISOString());
  }

  /**
   * Charged money over the periods: closed days from the site's day totals (a row a day), the
   * closed hours after the call rollups' watermark from the hour rollups, the rest from raw rows
   * (by the access_time index).
   */
  private async charges(days: Periods<string>): Promise<Periods<number>> {
    const { days: watermark, after } = await readsAfter(
      this.dataSource,
      this.timeZone,
      CALLS_SERIES,
    );
    const through = watermark.throughDay ?? '';
    const over = (name: keyof Periods<string>, column: string, value: string) =>
      `COALESCE(SUM(CASE WHEN ${column} >= :${name} THEN ${value} END), 0)`;
    const sums = (row: Record<string, unknown> | undefined): Periods<number> => ({
      today: Number(row?.today ?? 0),
      days_7: Number(row?.days_7 ?? 0),
      days_30: Number(row?.days_30 ?? 0),
    });
    const rolled =
      through >= days.days_30
        ? sums(
            await this.dataSource
              .createQueryBuilder()
              .from(CallDayTotal, 't')
              .select(over('today', 't.day', 't.cost_milli'), 'today')
              .addSelect(over('days_7', 't.day', 't.cost_milli'), 'days_7')
              .addSelect(over('days_30', 't.day', 't.cost_milli'), 'days_30')
              .where('t.day >= :days_30 AND t.day <= :through', { through })
              .setParameters(days)
              .getRawOne(),
          )
        : sums(undefined);
    const hourly = after.nextDay
      ? sums(
          (
            await this.dataSource.query<Record<string, unknown>[]>(
              `SELECT ${(['today', 'days_7', 'days_30'] as const)
                .map(
                  (name) =>
                    `COALESCE(SUM(CASE WHEN h.day >= ? THEN h.cost_milli END), 0) AS ${name}`,
                )
                .join(', ')}
               FROM usage_hour_rollups h WHERE h.day >= ? AND ${afterHours('h')}`,
              [days.today, days.days_7, days.days_30, days.days_30, ...afterValues(after)],
            )
          )[0],
        )
      : sums(undefined);
    const from = (day: string) =>
      this.asParameter(
        new Date(
          Math.max(dayBounds(day, this.timeZone).from, after.rawFrom.getTime()),
        ).toISOString(),
      );
    const raw = sums(
      await this.logs
        .createQueryBuilder('row')
        .select(over('today', 'row.access_time', 'row.cost_milli'), 'today')
        .addSelect(over('days_7', 'row.access_time', 'row.cost_milli'), 'days_7')
        .addSelect(over('days_30', 'row.access_time', 'row.cost_milli'), 'days_30')
        .where('row.access_time >= :days_30')
        .setParameters({
          today: from(days.today),
          days_7: from(days.days_7),
          days_30: from(days.days_30),
        })
        .getRawOne(),
    );
    return {
      today: rolled.today + hourly.today + raw.today,
      days_7: rolled.days_7 + hourly.days_7 + raw.days_7,
      days_30: rolled.days_30 + hourly.days_30 + raw.days_30,
    };
  }

  /** One aggregate over today, 7 and 30 days (their first instants), in one query. */
  private async periods<T extends ObjectLiteral>(
    repo: Repository<T>,
    fn: 'SUM' | 'COUNT',
    value: string,
    column: string,
    starts: Periods<Date | string>,
    condition = '1 = 1',
  ): Promise<Periods<number>> {
    const over = (name: string) =>
      `COALESCE(${fn}(CASE WHEN ${column} >= :${name} THEN ${value} END), 0)`;
    const row = await repo
      .createQueryBuilder('row')
      .select(over('today'), 'today')
      .addSelect(over('days_7'), 'days_7')
      .addSelect(over('days_30'), 'days_30')
      .where(`${condition} AND ${column} >= :days_30`)
      .setParameters(starts)
      .getRawOne<Record<keyof Periods<number>, string | number | null>>();
    return {
      today: Number(row?.today ?? 0),
      days_7: Number(row?.days_7 ?? 0),
      days_30: Number(row?.days_30 ?? 0),
    };
  }

  /** better-sqlite3 binds no Date: SQLite compares the UTC text TypeORM stores. */
  private asParameter(iso: string): Date | string {
    return this.dataSource.options.type === 'better-sqlite3'
      ? iso.replace('T', ' ').replace('Z', '')
      : new Date(iso);
  }

  private async serverInfo() {
    const memory = process.memoryUsage();
    return [
      { name: 'Portico 版本', value: appVersion() },
      { name: 'Node.js', value: process.version },
      { name: '操作系统', value: `${platform()} ${release()} (${arch()})` },
      { name: '数据库', value: await this.database() },
      { name: '运行时间', value: formatUptime(process.uptime()) },
      {
        name: '内存占用',
        value: `RSS ${megabytes(memory.rss)} / 堆 ${megabytes(memory.heapUsed)}`,
      },
    ];
  }

  private database(): Promise<string> {
    this.databaseVersion ??= (async () => {
      if (this.dataSource.options.type === 'better-sqlite3') {
        const [row] = await this.dataSource.query<{ v: string }[]>('SELECT sqlite_version() AS v');
        return `SQLite ${row.v}`;
      }
      const [row] = await this.dataSource.query<{ v: string }[]>('SELECT VERSION() AS v');
      return /mariadb/i.test(row.v) ? `MariaDB ${row.v}` : `MySQL ${row.v}`;
    })().catch(() => this.dataSource.options.type);
    return this.databaseVersion;
  }
}
