import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { AccessLog } from '../../database/entities';
import { sqlTime } from '../../database/sql-time';
import { ENV } from '../../env/env';
import { ROLLUP_SERIES, rollupWatermark } from '../ledger';
import type { Env } from '../../env/env';

const BATCH = 1000;
const EVERY_MS = 60 * 60 * 1000;

/**
 * Deletes access-log rows older than ACCESS_LOG_RETENTION_DAYS, a small batch at a time so the
 * table is never locked for long. Rows that carry a cost are the ledger of what users paid and are
 * kept; only free and refunded calls expire, and only once their day is in every series of daily
 * rollups (ledger/rollups.ts): the rollups are what statements and dashboards read of those days.
 */
@Injectable()
export class LogRetention implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('LogRetention');
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onModuleInit(): void {
    if (this.env.ACCESS_LOG_RETENTION_DAYS <= 0) return;
    this.timer = setInterval(() => {
      this.prune().catch((error: unknown) => this.logger.warn(`prune failed: ${String(error)}`));
    }, EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }

  /** Removes expired free-call rows; returns how many went. */
  async prune(now = new Date()): Promise<number> {
    const cutoff = await this.cutoff(now);
    let removed = 0;
    while (!this.stopped) {
      const ids = (
        await this.dataSource
          .getRepository(AccessLog)
          .createQueryBuilder('log')
          .select('log.id', 'id')
          .where('log.access_time < :cutoff AND log.cost_milli = 0', {
            cutoff: sqlTime(this.dataSource, cutoff),
          })
          .orderBy('log.id')
          .limit(BATCH)
          .getRawMany<{ id: number | string }>()
      ).map((row) => Number(row.id));
      if (ids.length === 0) break;
      await this.dataSource
        .createQueryBuilder()
        .delete()
        .from(AccessLog)
        .where('id IN (:...ids)', { ids })
        .execute();
      removed += ids.length;
      await sleep(50);
    }
    return removed;
  }

  /**
   * Retention's bound, or the first instant a series of rollups has not taken yet if that is
   * earlier (the epoch while a series has rolled no day: nothing goes).
   */
  private async cutoff(now: Date): Promise<Date> {
    const zone = this.env.SITE_TIME_ZONE;
    const marks = await Promise.all(
      ROLLUP_SERIES.map((series) => rollupWatermark(this.dataSource, zone, series)),
    );
    return new Date(
      Math.min(
        now.getTime() - this.env.ACCESS_LOG_RETENTION_DAYS * 86_400_000,
        ...marks.map((mark) => mark.rawFrom.getTime()),
      ),
    );
  }
}
