import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { AccessLog } from '../../database/entities';
import { sqlTime } from '../../database/sql-time';
import { ENV } from '../../env/env';
import {
  dropLogPartitions,
  lastClosed,
  logPartitions,
  recordRetention,
  retainedFrom,
  ROLLUP_SERIES,
  rollupWatermark,
} from '../ledger';
import type { Env } from '../../env/env';

const BATCH = 1000;
const EVERY_MS = 60 * 60 * 1000;

/**
 * Deletes old access-log rows, a small batch at a time so the table is never locked for long:
 * - ACCESS_LOG_RETENTION_DAYS: free and refunded calls' rows (cost 0) older than that;
 * - LOG_RETENTION_MONTHS: every row of the months before the last N, charged ones too, once the
 *   month is closed (ledger/closings.ts): the closings keep every balance provable.
 * Neither removes a row of a day that a series of daily rollups (ledger/rollups.ts) has not taken
 * yet: the rollups are what statements and dashboards read of those days. A partitioned log
 * (ledger/partitions.ts) loses its closed months by dropping their partitions.
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
    if (this.env.ACCESS_LOG_RETENTION_DAYS <= 0 && this.env.LOG_RETENTION_MONTHS <= 0) return;
    this.timer = setInterval(() => {
      this.prune().catch((error: unknown) => this.logger.warn(`prune failed: ${String(error)}`));
    }, EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }

  /** Removes what retention lets go; returns how many rows went (dropped partitions: about). */
  async prune(now = new Date()): Promise<number> {
    const rolled = await this.rolledUntil();
    let removed = 0;
    const days = this.env.ACCESS_LOG_RETENTION_DAYS;
    if (days > 0) {
      const cutoff = Math.min(now.getTime() - days * 86_400_000, rolled);
      // A credit call's row stays until its month is closed: its credit is counted from it till then.
      removed += await this.remove('free', cutoff, 'log.cost_milli = 0 AND log.credit_milli = 0');
    }
    if (this.env.LOG_RETENTION_MONTHS > 0) {
      const cutoff = Math.min(await this.closedUntil(now), rolled);
      removed += await this.dropMonths(cutoff);
      removed += await this.remove('all', cutoff);
    }
    return removed;
  }

  /**
   * On a partitioned log (MySQL, `npm run ledger:partition`), drops the month partitions wholly
   * before `cutoff`, once the cutoff is recorded; the rows after the last of them are deleted.
   * Counts the rows dropped as the table statistics estimate them.
   */
  private async dropMonths(cutoff: number): Promise<number> {
    const due = (await logPartitions(this.dataSource))?.some(
      (p) => p.before !== null && p.before <= cutoff,
    );
    if (!due) return 0;
    await recordRetention(this.dataSource, 'all', new Date(cutoff));
    const dropped = await dropLogPartitions(this.dataSource, cutoff);
    this.logger.log(
      `dropped the partitions ${dropped.partitions.join(', ')} (about ${dropped.rows} rows)`,
    );
    return dropped.rows;
  }

  /**
   * Deletes the rows before `cutoff` (ms) that `filter` picks, in access_time order by its index;
   * each batch reads on from the last one's time, so rows the filter keeps are passed over once.
   * Before the first goes, the cutoff is recorded as how far `kind` retention went.
   */
  private async remove(kind: 'free' | 'all', cutoff: number, filter = '1 = 1'): Promise<number> {
    let removed = 0;
    let from: Date | string = sqlTime(this.dataSource, new Date(0));
    while (!this.stopped) {
      const rows = await this.dataSource
        .getRepository(AccessLog)
        .createQueryBuilder('log')
        .select('log.id', 'id')
        .addSelect('log.access_time', 'access_time')
        .where(`log.access_time >= :from AND log.access_time < :cutoff AND ${filter}`, {
          from,
          cutoff: sqlTime(this.dataSource, new Date(cutoff)),
        })
        .orderBy('log.access_time')
        .limit(BATCH)
        .getRawMany<{ id: number | string; access_time: Date | string }>();
      if (rows.length === 0) break;
      if (removed === 0) await recordRetention(this.dataSource, kind, new Date(cutoff));
      await this.dataSource
        .createQueryBuilder()
        .delete()
        .from(AccessLog)
        .where('id IN (:...ids)', { ids: rows.map((row) => Number(row.id)) })
        .execute();
      removed += rows.length;
      from = rows[rows.length - 1].access_time;
      await sleep(50);
    }
    return removed;
  }

  /**
   * The first instant a series of rollups has not taken yet (the epoch while a series has rolled
   * no day: nothing goes).
   */
  private async rolledUntil(): Promise<number> {
    const zone = this.env.SITE_TIME_ZONE;
    const marks = await Promise.all(
      ROLLUP_SERIES.map((series) => rollupWatermark(this.dataSource, zone, series)),
    );
    return Math.min(...marks.map((mark) => mark.rawFrom.getTime()));
  }

  /**
   * The first instant of the oldest month LOG_RETENTION_MONTHS keeps (the running month counts),
   * or the end of the last closed month if that is earlier (the epoch while none is closed: a
   * site whose money never moved has nothing to close).
   */
  private async closedUntil(now: Date): Promise<number> {
    const { month: oldest, from: keep } = retainedFrom(
      now.getTime(),
      this.env.LOG_RETENTION_MONTHS,
      this.env.SITE_TIME_ZONE,
    );
    const closed = await lastClosed(this.dataSource);
    const until = closed?.to.getTime() ?? 0;
    if (closed && until < keep) {
      this.logger.warn(
        `the months before ${oldest} are past LOG_RETENTION_MONTHS, but the ledger is closed only through ${closed.month}: their rows stay until their month is closed`,
      );
    }
    return Math.min(keep, until);
  }
}
