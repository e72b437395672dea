import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { HISTOGRAM_COLUMNS } from '../../database/entities/api-health.entity';
import { BucketTally, HealthStore } from './health-store';
import { BUCKET_MS, histogramSlot } from './latency';

/** Buckets kept in memory when the database refuses them: an hour's worth, the oldest go first. */
const MAX_HELD_BUCKETS = 12;

/**
 * Counts what each API's calls did (worked or failed, how long they took) in memory, per 5-minute
 * bucket, and adds the counts to the database every GATEWAY_FLUSH_MS: one Map lookup per call on
 * the gateway's path, one upsert per flush. Health is a display: counts the database refuses are
 * tried again with the next flush, up to an hour of them.
 */
@Injectable()
export class HealthRecorder implements OnModuleInit {
  private readonly logger = new Logger('HealthRecorder');
  /** Bucket → API id → its tally. */
  private buckets = new Map<number, Map<number, BucketTally>>();
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  /** API id → its calls since start, for /metrics' latency histogram (never reset). */
  private readonly totals = new Map<number, { slots: number[]; sumMs: number; count: number }>();

  constructor(
    private readonly store: HealthStore,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flush(), this.env.GATEWAY_FLUSH_MS);
    this.timer.unref();
  }

  /** Stops the timer and writes what is left (graceful shutdown, after requests have drained). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  /** Counts one call of an API: whether it worked, how long it took (ms), whether a probe made it. */
  record(apiId: number, worked: boolean, ms: number, probe = false): void {
    const bucket = Math.floor(Date.now() / BUCKET_MS);
    let apis = this.buckets.get(bucket);
    if (!apis) this.buckets.set(bucket, (apis = new Map<number, BucketTally>()));
    let tally = apis.get(apiId);
    if (!tally) {
      tally = {
        apiId,
        bucket,
        calls: 0,
        failures: 0,
        probes: 0,
        probeFailures: 0,
        latencySum: 0,
        histogram: new Array<number>(HISTOGRAM_COLUMNS.length).fill(0),
      };
      apis.set(apiId, tally);
    }
    tally.calls++;
    if (!worked) tally.failures++;
    if (probe) {
      tally.probes++;
      if (!worked) tally.probeFailures++;
    }
    const whole = Math.round(ms);
    const slot = histogramSlot(whole);
    tally.latencySum += whole;
    tally.histogram[slot]++;
    let total = this.totals.get(apiId);
    if (!total) {
      total = { slots: new Array<number>(HISTOGRAM_COLUMNS.length).fill(0), sumMs: 0, count: 0 };
      this.totals.set(apiId, total);
    }
    total.slots[slot]++;
    total.sumMs += whole;
    total.count++;
  }

  /** Each API's calls since this instance started: latency slots, total time, count. */
  latencyTotals(): ReadonlyMap<number, { slots: number[]; sumMs: number; count: number }> {
    return this.totals;
  }

  /** Adds everything counted so far; concurrent callers share one flush at a time. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.buckets.size === 0) return;
    const buckets = this.buckets;
    this.buckets = new Map();
    try {
      await this.store.add([...buckets.values()].flatMap((apis) => [...apis.values()]));
    } catch (error) {
      this.logger.warn(`could not write API health counts, keeping them: ${String(error)}`);
      this.mergeBack(buckets);
    }
  }

  private mergeBack(failed: Map<number, Map<number, BucketTally>>): void {
    for (const [bucket, apis] of failed) {
      const current = this.buckets.get(bucket);
      if (!current) {
        this.buckets.set(bucket, apis);
        continue;
      }
      for (const [apiId, tally] of apis) {
        const newer = current.get(apiId);
        if (!newer) {
          current.set(apiId, tally);
          continue;
        }
        newer.calls += tally.calls;
        newer.failures += tally.failures;
        newer.probes += tally.probes;
        newer.probeFailures += tally.probeFailures;
        newer.latencySum += tally.latencySum;
        tally.histogram.forEach((n, i) => (newer.histogram[i] += n));
      }
    }
    const held = [...this.buckets.keys()].sort((a, b) => a - b);
    for (const bucket of held.slice(0, Math.max(0, held.length - MAX_HELD_BUCKETS))) {
      this.buckets.delete(bucket);
    }
  }
}
