import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { withLease } from '../../database/migrate';
import { ENV } from '../../env/env';
import { extendLogPartitions } from '../ledger';
import type { Env } from '../../env/env';

const FIRST_MS = 60 * 1000;
const EVERY_MS = 60 * 60 * 1000;
/** The lease (a row of the start-up lock's table) that lets one instance of many do it. */
const LEASE = 'log_partitions';

/**
 * Keeps a partitioned access log's next months ready (ledger/partitions.ts): a minute after start
 * and then hourly, the instance holding the lease makes the partitions up to
 * PARTITION_MONTHS_AHEAD months ahead. An unpartitioned log (and SQLite) has nothing to do.
 */
@Injectable()
export class LogPartitions implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('LogPartitions');
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onModuleInit(): void {
    if (this.dataSource.options.type === 'better-sqlite3') return;
    const tick = () => {
      this.run().catch((error: unknown) =>
        this.logger.warn(`could not make the next months' partitions: ${String(error)}`),
      );
    };
    this.timer = setTimeout(() => {
      tick();
      this.timer = setInterval(tick, EVERY_MS);
      this.timer.unref();
    }, FIRST_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearTimeout(this.timer);
    clearInterval(this.timer);
  }

  /** Makes the months due; answers how many (null: another instance holds the lease). */
  async run(now = Date.now()): Promise<number | null> {
    let made = 0;
    const ran = await withLease(this.dataSource, LEASE, async () => {
      made = await extendLogPartitions(this.dataSource, this.env.SITE_TIME_ZONE, now);
    });
    if (!ran) return null;
    if (made > 0) this.logger.log(`made ${made} month partition(s) of the access log`);
    return made;
  }
}
