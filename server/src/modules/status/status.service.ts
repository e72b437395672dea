import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ContentEvents } from '../../common/content-events';
import { ResponseCache } from '../../common/response-cache';
import { STATUS_DAYS, successRate } from '../../contracts/health';
import type { ApiState, StatusApi, StatusIncident, StatusPage } from '../../contracts/health';
import { ApiEntry, ApiHealth, ApiHealthDay, ApiIncident } from '../../database/entities';
import { sqlTime } from '../../database/sql-time';

const CACHE_MS = 5000;
const MAX_INCIDENTS = 50;
const DAY_MS = 86_400_000;
/** Down first, then degraded, then the rest. */
const ORDER: Record<ApiState, number> = { down: 0, degraded: 1, operational: 2, unknown: 2 };

/** The 24 hours' p95 from the figures' windows (health-figures' WindowFigures as JSON). */
function dayP95(windows: string | undefined): number | null {
  if (!windows) return null;
  const parsed = JSON.parse(windows) as Record<string, { p95_ms: number | null } | undefined>;
  return parsed['24h']?.p95_ms ?? null;
}

/**
 * The public status page's figures: every enabled API's state, 24 hours' p95, 90 days' uptime and
 * calls per day, and the incidents of the last 90 days. The same answer for everyone, worked out
 * at most every 5 seconds.
 */
@Injectable()
export class StatusService implements OnModuleDestroy {
  private readonly cache = new ResponseCache<StatusPage>(CACHE_MS, 1);
  private readonly unsubscribe: () => void;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    events: ContentEvents,
  ) {
    // An API enabled, disabled or renamed shows at once, as on the catalogue.
    this.unsubscribe = events.on((kind) => {
      if (kind === 'apis') this.cache.clear();
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }

  page(): Promise<StatusPage> {
    return this.cache.get('page', () => this.load());
  }

  private async load(): Promise<StatusPage> {
    const since = new Date(Date.now() - STATUS_DAYS * DAY_MS);
    const firstDay = since.toISOString().slice(0, 10);
    const [apis, health, days, incidents] = await Promise.all([
      this.dataSource.getRepository(ApiEntry).find({
        select: { id: true, name: true, name_en: true, title_en: true, maintenance_at: true },
        where: { status: 1 },
      }),
      this.dataSource.getRepository(ApiHealth).find(),
      this.dataSource
        .getRepository(ApiHealthDay)
        .createQueryBuilder('d')
        .where('d.day > :firstDay', { firstDay })
        .orderBy('d.day', 'ASC')
        .getMany(),
      this.dataSource
        .getRepository(ApiIncident)
        .createQueryBuilder('i')
        .where('i.ended_at IS NULL OR i.started_at >= :since', {
          since: sqlTime(this.dataSource, since),
        })
        .orderBy('CASE WHEN i.ended_at IS NULL THEN 0 ELSE 1 END', 'ASC')
        .addOrderBy('i.started_at', 'DESC')
        .addOrderBy('i.id', 'DESC')
        .limit(MAX_INCIDENTS)
        .getMany(),
    ]);
    const figures = new Map(health.map((row) => [row.api_id, row]));
    const daysOf = new Map<number, ApiHealthDay[]>();
    for (const day of days) daysOf.set(day.api_id, [...(daysOf.get(day.api_id) ?? []), day]);
    const byId = new Map(apis.map((api) => [api.id, api]));
    return {
      updated_at: new Date().toISOString(),
      apis: apis
        .map((api): StatusApi => {
          const own = daysOf.get(api.id) ?? [];
          const calls = own.reduce((sum, day) => sum + day.calls, 0);
          const failures = own.reduce((sum, day) => sum + day.failures, 0);
          const row = figures.get(api.id);
          return {
            id: api.id,
            name: api.name,
            name_en: api.name_en,
            title_en: api.title_en,
            state: (row?.state ?? 'unknown') as ApiState,
            p95_ms: dayP95(row?.windows),
            uptime: successRate(calls, failures),
            days: own.map(({ day, calls: n, failures: failed }) => ({
              day,
              calls: n,
              failures: failed,
            })),
            maintenance: api.maintenance_at !== null,
          };
        })
        .sort((a, b) => ORDER[a.state] - ORDER[b.state] || a.name_en.localeCompare(b.name_en)),
      incidents: incidents.flatMap((incident): StatusIncident[] => {
        const api = byId.get(incident.api_id);
        if (!api) return [];
        return [
          {
            id: incident.id,
            api_id: api.id,
            name: api.name,
            name_en: api.name_en,
            title_en: api.title_en,
            state: incident.state === 'down' ? 'down' : 'degraded',
            cause: incident.cause === 'probe' ? 'probe' : 'traffic',
            calls: incident.calls,
            success_rate: incident.success_permille / 10,
            p95_ms: incident.p95_ms,
            started_at: incident.started_at.toISOString(),
            ended_at: incident.ended_at ? incident.ended_at.toISOString() : null,
          },
        ];
      }),
    };
  }
}
