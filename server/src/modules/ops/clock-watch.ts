import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MetricsService } from '../../common/metrics';

const EVERY_MS = 60_000;
/** Past this many seconds either way the instance's clock is called off, in a warning. */
export const CLOCK_WARN_SECONDS = 2;

/**
 * Watches how far this instance's clock is from the database's (MySQL/MariaDB: several instances,
 * each with its own clock). Calls are stamped with the instance's clock: one far behind writes
 * rows into days already rolled up and months already closed (the closing check then names them),
 * one far ahead into days not yet begun. A warning names the gap when it passes
 * CLOCK_WARN_SECONDS and when it is back; `portico_clock_skew_seconds` reports it.
 */
@Injectable()
export class ClockWatch implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('ClockWatch');
  private timer?: NodeJS.Timeout;
  private skew = 0;
  private off = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly metrics: MetricsService,
  ) {}

  onModuleInit(): void {
    if (this.dataSource.options.type === 'better-sqlite3') return;
    this.metrics.reportClockSkew(() => this.skew);
    const watch = () => {
      // A database that does not answer is reported where it matters (readiness, the calls).
      this.check().catch((error: unknown) =>
        this.logger.debug(`the database's clock could not be read: ${String(error)}`),
      );
    };
    watch();
    this.timer = setInterval(watch, EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /**
   * Reads the database's clock and takes it as read halfway through the round trip; answers
   * the seconds this instance is ahead.
   */
  async check(): Promise<number> {
    const sent = Date.now();
    const [row] = await this.dataSource.query<{ now: Date }[]>('SELECT UTC_TIMESTAMP(3) AS now');
    const answered = Date.now();
    this.skew = ((sent + answered) / 2 - row.now.getTime()) / 1000;
    const off = Math.abs(this.skew) > CLOCK_WARN_SECONDS;
    const gap = `${Math.abs(this.skew).toFixed(1)} s ${this.skew > 0 ? 'ahead of' : 'behind'}`;
    if (off && !this.off) {
      this.logger.warn(
        `this instance's clock is ${gap} the database's: its calls are stamped with it (days rolled up and months closed on the site's clock may miss them); sync it (NTP)`,
      );
    } else if (!off && this.off) {
      this.logger.warn(
        `this instance's clock is back within ${CLOCK_WARN_SECONDS} s of the database's (${gap})`,
      );
    }
    this.off = off;
    return this.skew;
  }
}
