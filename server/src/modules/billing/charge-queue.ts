import { Inject, Injectable } from '@nestjs/common';
import { Charge, ChargeResult, LEDGER } from './ledger';
import type { Ledger } from './ledger';

const MAX_BATCH = 64;

interface Pending extends Charge {
  resolve(result: ChargeResult): void;
  reject(error: unknown): void;
}

/**
 * Group commit for charges: calls that arrive while a batch is being written join the next one, so
 * one transaction (and one commit) carries many conditional debits. Each call still gets its own
 * outcome. If a whole batch fails (a lost connection, or deadlocks beyond the transaction's own
 * retries) its calls are retried one by one, so one bad charge cannot fail its neighbours.
 */
@Injectable()
export class ChargeQueue {
  private queue: Pending[] = [];
  private running = 0;
  private scheduled = false;

  constructor(@Inject(LEDGER) private readonly ledger: Ledger) {}

  charge(charge: Charge): Promise<ChargeResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ...charge, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
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
      this.running -= 1;
      this.schedule();
    }
  }
}
