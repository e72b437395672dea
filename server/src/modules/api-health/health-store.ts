import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  ApiEntry,
  ApiHealth,
  ApiHealthDay,
  ApiIncident,
  ApiProbe,
  SiteConfig,
} from '../../database/entities';
import { isUniqueViolation } from '../../database/transactions';
import { ApiHealthBucket, HISTOGRAM_COLUMNS } from '../../database/entities/api-health.entity';

/** What the monitor needs of an API. */
export type HealthApi = Pick<ApiEntry, 'id' | 'name' | 'name_en' | 'status' | 'maintenance_at'>;

/** One API's calls in one bucket, as counted in memory before they are added to its row. */
export interface BucketTally {
  apiId: number;
  bucket: number;
  calls: number;
  failures: number;
  probes: number;
  probeFailures: number;
  latencySum: number;
  histogram: number[];
}

/** A window's sums for one API. */
export interface WindowSums {
  calls: number;
  failures: number;
  histogram: number[];
}

/** Rows per insert: 22 values each, well inside both engines' limits on bound parameters. */
const ROWS_PER_INSERT = 200;
const COLUMNS = [
  'api_id',
  'bucket',
  'calls',
  'failures',
  'probes',
  'probe_failures',
  'latency_ms_sum',
  ...HISTOGRAM_COLUMNS,
];
const ADDED = COLUMNS.slice(2);

/** The SQL of the health tables, the same for SQLite and MySQL/MariaDB but for the upsert. */
@Injectable()
export class HealthStore {
  private readonly mysql: boolean;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.mysql = dataSource.options.type !== 'better-sqlite3';
  }

  /**
   * Adds the tallies to their buckets' rows (creating them), in one statement per 200 rows and in
   * key order, so that instances adding to the same rows at once lock them in the same order.
   */
  async add(tallies: BucketTally[]): Promise<void> {
    const rows = [...tallies].sort((a, b) => a.apiId - b.apiId || a.bucket - b.bucket);
    const update = this.mysql
      ? `ON DUPLICATE KEY UPDATE ${ADDED.map((c) => `${c} = ${c} + VALUES(${c})`).join(', ')}`
      : `ON CONFLICT (api_id, bucket) DO UPDATE SET ${ADDED.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')}`;
    const tuple = `(${COLUMNS.map(() => '?').join(', ')})`;
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      const chunk = rows.slice(i, i + ROWS_PER_INSERT);
      await this.dataSource.query(
        `INSERT INTO api_health_buckets (${COLUMNS.join(', ')}) VALUES ${chunk.map(() => tuple).join(', ')} ${update}`,
        chunk.flatMap((row) => [
          row.apiId,
          row.bucket,
          row.calls,
          row.failures,
          row.probes,
          row.probeFailures,
          row.latencySum,
          ...row.histogram,
        ]),
      );
    }
  }

  /**
   * Each API's sums over windows that all end now and start at the given buckets (the widest
   * first): one pass over the widest window's rows.
   */
  async sums(starts: number[]): Promise<Map<number, WindowSums[]>> {
    const widest = Math.min(...starts);
    const selected = starts.flatMap((start, w) =>
      ['calls', 'failures', ...HISTOGRAM_COLUMNS].map(
        (column) =>
          `SUM(CASE WHEN bucket >= ${start} THEN ${column} ELSE 0 END) AS w${w}_${column}`,
      ),
    );
    const rows = await this.dataSource.query<Record<string, string | number>[]>(
      `SELECT api_id, ${selected.join(', ')} FROM api_health_buckets WHERE bucket >= ? GROUP BY api_id`,
      [widest],
    );
    const byApi = new Map<number, WindowSums[]>();
    for (const row of rows) {
      byApi.set(
        Number(row.api_id),
        starts.map((_, w) => ({
          calls: Number(row[`w${w}_calls`]),
          failures: Number(row[`w${w}_failures`]),
          histogram: HISTOGRAM_COLUMNS.map((column) => Number(row[`w${w}_${column}`])),
        })),
      );
    }
    return byApi;
  }

  /** The figures last written, by API. */
  async current(): Promise<Map<number, ApiHealth>> {
    const rows = await this.dataSource.getRepository(ApiHealth).find();
    return new Map(rows.map((row) => [row.api_id, row]));
  }

  /** The APIs that still exist, by id: their names, whether enabled, since when in maintenance. */
  async apis(): Promise<Map<number, HealthApi>> {
    const apis = await this.dataSource.getRepository(ApiEntry).find({
      select: { id: true, name: true, name_en: true, status: true, maintenance_at: true },
    });
    return new Map(apis.map((api) => [api.id, api]));
  }

  /** The enabled probes, by API. */
  async probes(): Promise<Map<number, ApiProbe>> {
    const probes = await this.dataSource.getRepository(ApiProbe).findBy({ enabled: 1 });
    return new Map(probes.map((probe) => [probe.api_id, probe]));
  }

  /** The site's health settings (null only on a damaged database without its settings row). */
  settings(): Promise<SiteConfig | null> {
    return this.dataSource.getRepository(SiteConfig).findOne({ where: {}, order: { id: 'ASC' } });
  }

  /**
   * The last hour's and day's sums of APIs whose state is decided from a later bucket than the
   * windows start (they left maintenance): from `from` (by API) on, in one query.
   */
  async sumsFrom(
    from: Map<number, number>,
    starts: [number, number],
  ): Promise<Map<number, WindowSums[]>> {
    const byApi = new Map<number, WindowSums[]>();
    if (from.size === 0) return byApi;
    const rows = await this.dataSource
      .getRepository(ApiHealthBucket)
      .createQueryBuilder('b')
      .where('b.api_id IN (:...ids) AND b.bucket >= :first', {
        ids: [...from.keys()],
        first: Math.min(...from.values()),
      })
      .getMany();
    for (const id of from.keys()) {
      byApi.set(
        id,
        starts.map(() => ({
          calls: 0,
          failures: 0,
          histogram: new Array<number>(HISTOGRAM_COLUMNS.length).fill(0),
        })),
      );
    }
    for (const row of rows) {
      const sums = byApi.get(row.api_id)!;
      starts.forEach((start, w) => {
        if (row.bucket < Math.max(start, from.get(row.api_id)!)) return;
        sums[w].calls += row.calls;
        sums[w].failures += row.failures;
        HISTOGRAM_COLUMNS.forEach(
          (column, i) =>
            (sums[w].histogram[i] += Number((row as unknown as Record<string, number>)[column])),
        );
      });
    }
    return byApi;
  }

  /** Puts an enabled API into maintenance; true for the one caller whose write did it. */
  async enterMaintenance(apiId: number, at: Date): Promise<boolean> {
    const result = await this.dataSource
      .getRepository(ApiEntry)
      .createQueryBuilder()
      .update()
      .set({ maintenance_at: at })
      .where('id = :apiId AND status = 1 AND maintenance_at IS NULL', { apiId })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /**
   * Takes an API out of maintenance; true for the one caller whose write did it. From then on its
   * state is decided from the bucket `decideFrom` on.
   */
  async leaveMaintenance(apiId: number, decideFrom: number): Promise<boolean> {
    const result = await this.dataSource
      .getRepository(ApiEntry)
      .createQueryBuilder()
      .update()
      .set({ maintenance_at: null })
      .where('id = :apiId AND maintenance_at IS NOT NULL', { apiId })
      .execute();
    if ((result.affected ?? 0) === 0) return false;
    await this.dataSource
      .getRepository(ApiHealth)
      .update({ api_id: apiId }, { decide_from_bucket: decideFrom });
    return true;
  }

  /**
   * Writes the figures that changed and removes those of APIs that are gone or have no calls left
   * in any window; their ongoing incidents end at `at` (nothing is left to tell when they would).
   */
  async write(changed: Omit<ApiHealth, 'updated_at'>[], keep: number[], at: Date): Promise<void> {
    const repository = this.dataSource.getRepository(ApiHealth);
    if (changed.length) await repository.upsert(changed, ['api_id']);
    const gone = repository.createQueryBuilder().delete();
    const ended = this.dataSource
      .getRepository(ApiIncident)
      .createQueryBuilder()
      .update()
      .set({ ended_at: at })
      .where('ended_at IS NULL');
    if (keep.length) {
      gone.where('api_id NOT IN (:...keep)', { keep });
      ended.andWhere('api_id NOT IN (:...keep)', { keep });
    }
    await gone.execute();
    await ended.execute();
  }

  /** Drops the buckets older than `bucket` and the days before `day`. */
  async prune(bucket: number, day: string): Promise<void> {
    await this.dataSource.query('DELETE FROM api_health_buckets WHERE bucket < ?', [bucket]);
    await this.dataSource.query('DELETE FROM api_health_daily WHERE day < ?', [day]);
  }

  /**
   * Each API's calls and failures on the days that start at the given buckets (the earliest first,
   * each running to the next; the last to now), in one pass.
   */
  async daySums(starts: number[]): Promise<Map<number, { calls: number; failures: number }[]>> {
    const ranges = starts.map((start, i) =>
      i + 1 < starts.length
        ? `bucket >= ${start} AND bucket < ${starts[i + 1]}`
        : `bucket >= ${start}`,
    );
    const selected = ranges.flatMap((range, i) =>
      ['calls', 'failures'].map(
        (column) => `SUM(CASE WHEN ${range} THEN ${column} ELSE 0 END) AS d${i}_${column}`,
      ),
    );
    const rows = await this.dataSource.query<Record<string, string | number>[]>(
      `SELECT api_id, ${selected.join(', ')} FROM api_health_buckets WHERE bucket >= ? GROUP BY api_id`,
      [starts[0]],
    );
    return new Map(
      rows.map((row) => [
        Number(row.api_id),
        starts.map((_, i) => ({
          calls: Number(row[`d${i}_calls`]),
          failures: Number(row[`d${i}_failures`]),
        })),
      ]),
    );
  }

  /** Writes the days whose figures differ from what is stored (by anyone). */
  async writeDays(rows: ApiHealthDay[]): Promise<void> {
    if (rows.length === 0) return;
    const repository = this.dataSource.getRepository(ApiHealthDay);
    const stored = await repository
      .createQueryBuilder('d')
      .where('d.day IN (:...days)', { days: [...new Set(rows.map((row) => row.day))] })
      .getMany();
    const known = new Map(stored.map((row) => [`${row.api_id}:${row.day}`, row]));
    const changed = rows.filter((row) => {
      const was = known.get(`${row.api_id}:${row.day}`);
      return !was || was.calls !== row.calls || was.failures !== row.failures;
    });
    if (changed.length) await repository.upsert(changed, ['api_id', 'day']);
  }

  /**
   * Writes an API's first figures; false when another instance wrote them first (it then owns
   * the state this one saw).
   */
  async insert(row: Omit<ApiHealth, 'updated_at'>): Promise<boolean> {
    try {
      await this.dataSource.getRepository(ApiHealth).insert(row);
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /**
   * Moves an API's state from `from` to `to`; true for the one caller whose write did it, so
   * instances that see the same change at once act on it once.
   */
  async claimState(apiId: number, from: string, to: string): Promise<boolean> {
    const result = await this.dataSource
      .getRepository(ApiHealth)
      .createQueryBuilder()
      .update()
      .set({ state: to })
      .where('api_id = :apiId AND state = :from', { apiId, from })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** The API's incident that has not ended, if any. */
  ongoing(apiId: number): Promise<ApiIncident | null> {
    return this.dataSource
      .getRepository(ApiIncident)
      .createQueryBuilder('i')
      .where('i.api_id = :apiId AND i.ended_at IS NULL', { apiId })
      .orderBy('i.id', 'DESC')
      .getOne();
  }

  /** Opens an incident; its id. */
  async startIncident(incident: Omit<ApiIncident, 'id' | 'ended_at'>): Promise<number> {
    const result = await this.dataSource
      .getRepository(ApiIncident)
      .insert({ ...incident, ended_at: null });
    return Number((result.identifiers[0] as { id: number }).id);
  }

  async worsenIncident(id: number, state: string): Promise<void> {
    await this.dataSource.getRepository(ApiIncident).update({ id }, { state });
  }

  /** Ends the API's ongoing incidents at `at`; the last of them, if any. */
  async endIncidents(apiId: number, at: Date): Promise<ApiIncident | null> {
    const ongoing = await this.ongoing(apiId);
    if (!ongoing) return null;
    await this.dataSource
      .getRepository(ApiIncident)
      .createQueryBuilder()
      .update()
      .set({ ended_at: at })
      .where('api_id = :apiId AND ended_at IS NULL', { apiId })
      .execute();
    return { ...ongoing, ended_at: at };
  }
}
