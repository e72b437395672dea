import { Inject, Injectable } from '@nestjs/common';
import { DatabaseTimeout } from '../../database/db-timeouts';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { Charge, ChargeResult, LEDGER } from './ledger';
import type { Ledger } from './ledger';

const MAX_BATCH = 64;

/** A charge that waited too long for its turn: it never reached the database, nothing was charged. */
export class ChargeNotTried extends DatabaseTimeout {}

interface Pending extends Charge {
  resolve(result: ChargeResult): void;
  reject(error: unknown): void;
  queuedAt: number;
}

/**
 * Group commit for charges: calls that arrive while a batch is being written join the next one, so
 * one transaction (and one commit) carries many conditional debits. Each call still gets its own
 * outcome. If a whole batch fails (a lost connection, or deadlocks beyond the transaction's own
 * retries) its calls are retried one by one, so one bad charge cannot fail its neighbours.
 * While every batch is held up (a stalled database; a batch whose COMMIT got no answer waits to
 * settle), a charge waits at most DB_ACQUIRE_TIMEOUT_MS for its turn and then fails as the
 * database being unavailable: it never reached the database, so nothing was charged.
 */
@Injectable()
export class ChargeQueue {
  private queue: Pending[] = [];
  private running = 0;
  private scheduled = false;
  private watch?: NodeJS.Timeout;
  private readonly waitMs: number;
  /** When a batch last finished, or one started on an idle ledger. */
  private progressAt = 0;

  constructor(
    @Inject(LEDGER) private readonly ledger: Ledger,
    @Inject(ENV) env: Env,
  ) {
    this.waitMs = env.DB_ACQUIRE_TIMEOUT_MS;
  }

  charge(charge: Charge): Promise<ChargeResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ...charge, resolve, reject, queuedAt: Date.now() });
      this.schedule();
    });
  }

  /**
   * While every batch slot is taken and none has finished for waitMs (the database is stalled, or
   * a batch is settling a COMMIT that got no answer), charges that waited past waitMs are refused.
   * A busy ledger that keeps finishing batches refuses nothing, however long its queue.
   */
  private watchQueue(): void {
    if (this.watch || this.waitMs <= 0) return;
    this.watch = setTimeout(() => {
      this.watch = undefined;
      const due = Date.now() - this.waitMs;
      if (this.progressAt <= due) {
        const expired = this.queue.filter((item) => item.queuedAt <= due);
        if (expired.length > 0) {
          this.queue = this.queue.filter((item) => item.queuedAt > due);
          const error = new ChargeNotTried(
            'DB_ACQUIRE_TIMEOUT',
            'waiting for the ledger',
            this.waitMs,
          );
          for (const item of expired) item.reject(error);
        }
      }
      if (this.queue.length > 0 && this.running >= this.ledger.parallelBatches) this.watchQueue();
    }, this.waitMs / 4);
    this.watch.unref();
  }

  private schedule(): void {
    if (this.running >= this.ledger.parallelBatches && this.queue.length > 0) this.watchQueue();
    if (this.scheduled || this.running >= this.ledger.parallelBatches || this.queue.length === 0)
      return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.runBatch();
    });
  }

  private async runBatch(): Promise<void> {
    if (this.running >= this.ledger.parallelBatches || this.queue.length === 0) return;
    // Same lock order in every batch, user row then key row: concurrent MySQL batches cannot
    // deadlock, not even two keys of one user (a key row is only locked under its user's row).
    const batch = this.queue
      .splice(0, MAX_BATCH)
      .sort((a, b) => a.log.user_id - b.log.user_id || a.log.api_key_id - b.log.api_key_id);
    if (this.running === 0) this.progressAt = Date.now();
    this.running += 1;
    try {
      const results = await this.ledger.chargeBatch(batch);
      batch.forEach((item, i) => item.resolve(results[i]));
    } catch {
      await Promise.all(
        batch.map((item) =>
          this.ledger.chargeBatch([item]).then(
            ([result]) => item.resolve(result),
            (error: unknown) => item.reject(error),
          ),
        ),
      );
    } finally {
      this.progressAt = Date.now();
      this.running -= 1;
      this.schedule();
    }
  }
}
