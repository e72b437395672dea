import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { closeMonths, rollHours, rollUp } from '../ledger';

/** How often each instance rolls up the days closed since its last look. */
export const ROLLUP_INTERVAL_MS = 5 * 60_000;
/** The first look after start-up, once the instance is serving. */
const FIRST_ROLLUP_MS = 15_000;

/**
 * Rolls the ledger's closed days up (ledger/rollups.ts), then the closed hours of the days after
 * them (ledger/hour-rollups.ts), and closes its ended months (ledger/closings.ts) on every
 * instance: a day, an hour or a month is done by the one whose transaction claims it, so
 * instances never repeat each other's work.
 */
@Injectable()
export class RollupJob implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Rollups');
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onModuleInit(): void {
    const tick = () => {
      this.run().catch((error: unknown) =>
        this.logger.warn(`could not roll up the call log: ${String(error)}`),
      );
    };
    this.timer = setTimeout(() => {
      tick();
      this.timer = setInterval(tick, ROLLUP_INTERVAL_MS);
      this.timer.unref();
    }, FIRST_ROLLUP_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearTimeout(this.timer);
    clearInterval(this.timer);
  }

  /**
   * Rolls up the days and hours and closes the months due now; answers how many days and months
   * (one run at a time: a caller meanwhile shares the running one).
   */
  run(now = Date.now()): Promise<number> {
    const zone = this.env.SITE_TIME_ZONE;
    this.running ??= rollUp(this.dataSource, zone, now)
      .then(async (days) => {
        await rollHours(this.dataSource, zone, now);
        return days + (await closeMonths(this.dataSource, zone, now));
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }
}
