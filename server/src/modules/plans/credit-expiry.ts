import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { withLease } from '../../database/migrate';
import { CREDIT_BOOK } from '../ledger';
import type { CreditBook } from '../ledger';

/** How often expired grants are closed: a call meanwhile finds its user's credit unusable. */
export const CREDIT_EXPIRY_MS = 10_000;
/** The lease (a row of the start-up lock's table) that lets one instance of many do it. */
const LEASE = 'credit_expiry';

/**
 * Closes expired credit grants. Until a user's soonest grant is closed, the charge finds the
 * credit's `credit_until` passed and charges cash (ADR 050): so this runs every
 * CREDIT_EXPIRY_MS, on the instance holding the lease.
 */
@Injectable()
export class CreditExpiry implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('CreditExpiry');
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CREDIT_BOOK) private readonly book: CreditBook,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => {
      this.run().catch((error: unknown) =>
        this.logger.warn(`could not close expired credit grants: ${String(error)}`),
      );
    }, CREDIT_EXPIRY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Settles the users whose grants expired; answers how many (null: another instance's turn). */
  async run(): Promise<number | null> {
    let settled = 0;
    const ran = await withLease(this.dataSource, LEASE, async () => {
      settled = await this.book.expire();
    });
    return ran ? settled : null;
  }
}
