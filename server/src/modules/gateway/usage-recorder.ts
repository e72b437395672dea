import { setImmediate as nextTick } from 'node:timers/promises';
import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { MetricsService } from '../../common/metrics';
import { dayBounds, dayOf } from '../../common/quota-period';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { CallLatency, CallLog, DailyUsage, KeyUse, LEDGER } from '../ledger';
import type { Ledger } from '../ledger';

/** Log rows per insert. */
const LOG_CHUNK = 250;

/** The site's date of calls (epoch ms), worked out once a day rather than once a call. */
class SiteDates {
  private from = 0;
  private to = 0;
  private date = '';

  constructor(private readonly timeZone: string) {}

  of(at: number): string {
    if (at < this.from || at >= this.to) {
      this.date = dayOf(at, this.timeZone);
      ({ from: this.from, to: this.to } = dayBounds(this.date, this.timeZone));
    }
    return this.date;
  }
}

/** Calls per API for each of the site's dates (nearly always one between two flushes). */
type DailyCalls = Map<string, Map<number, DailyUsage>>;

/**
 * Successful calls are counted in memory and written in batches: per-API totals, per-day upserts,
 * the log rows of free calls (charged calls write their row in the charge transaction) and each
 * key's last use (one write per key per flush, however many calls it made) and the latency of
 * charged calls (their row is written before the call is made). A failed flush keeps its data for
 * the next one, except latencies and last uses, which are only a display; shutdown flushes what is
 * left.
 */
@Injectable()
export class UsageRecorder implements OnModuleInit {
  private readonly logger = new Logger('UsageRecorder');
  private totals = new Map<number, number>();
  private daily: DailyCalls = new Map();
  private logs: CallLog[] = [];
  /** Key id → when (epoch ms) and from where it was last used. */
  private keyUses = new Map<number, { at: number; ip: string }>();
  private latencies: CallLatency[] = [];
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  /** When the oldest call not yet written was counted (0: nothing pending). */
  private pendingSince = 0;
  private readonly dates: SiteDates;

  constructor(
    @Inject(LEDGER) private readonly ledger: Ledger,
    @Inject(ENV) private readonly env: Env,
    private readonly metrics: MetricsService,
  ) {
    metrics.reportFlushLag(() => (this.pendingSince ? (Date.now() - this.pendingSince) / 1000 : 0));
    this.dates = new SiteDates(env.SITE_TIME_ZONE);
  }

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flush(), this.env.GATEWAY_FLUSH_MS);
    this.timer.unref();
  }

  /** Stops the timer and writes what is left (graceful shutdown, after requests have drained). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  /**
   * Counts one successful call made at `at` (epoch ms); `log` is given for calls whose row is not
   * written yet.
   */
  record(apiId: number, at: number, log?: CallLog): void {
    this.pendingSince ||= Date.now();
    this.totals.set(apiId, (this.totals.get(apiId) ?? 0) + 1);
    const date = this.dates.of(at);
    let apis = this.daily.get(date);
    if (!apis) this.daily.set(date, (apis = new Map<number, DailyUsage>()));
    const day = apis.get(apiId);
    if (day) day.calls += 1;
    else apis.set(apiId, { api_id: apiId, access_date: date, calls: 1 });
    if (log) this.logs.push(log);
  }

  /** Notes a key's use by a call that passed its checks (written with the next flush). */
  touchKey(keyId: number, ip: string): void {
    const use = this.keyUses.get(keyId);
    if (use) {
      use.at = Date.now();
      use.ip = ip;
    } else {
      this.keyUses.set(keyId, { at: Date.now(), ip });
    }
  }

  /**
   * Notes how long a charged call took, for its log row (written with the next flush); `at` is the
   * access time the row was written with.
   */
  noteLatency(logId: number, at: Date, ms: number): void {
    this.latencies.push({ logId, at, ms });
  }

  /** Writes everything counted so far; concurrent callers share one flush at a time. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writeBatch());
    return this.flushing;
  }

  private async writeBatch(): Promise<void> {
    const totals = this.totals;
    const daily = this.daily;
    const logs = this.logs;
    const keyUses = this.keyUses;
    this.keyUses = new Map();
    await this.writeKeyUses(keyUses);
    const latencies = this.latencies;
    this.latencies = [];
    await this.writeLatencies(latencies);
    if (totals.size === 0 && logs.length === 0) return;
    const stopTimer = this.metrics.flushDuration.startTimer();
    const pendingSince = this.pendingSince;
    this.pendingSince = 0;
    this.totals = new Map();
    this.daily = new Map();
    this.logs = [];
    try {
      await this.ledger.addUsage(
        totals,
        [...daily.values()].flatMap((apis) => [...apis.values()]),
      );
    } catch (error) {
      this.logger.error(
        `could not write call counters, keeping them for the next flush: ${String(error)}`,
      );
      this.mergeBack(totals, daily);
      this.pendingSince = pendingSince;
    }
    try {
      for (let i = 0; i < logs.length; i += LOG_CHUNK) {
        await this.ledger.insertLogs(logs.slice(i, i + LOG_CHUNK));
        // Let requests run between chunks: SQLite writes hold the event loop while they last.
        await nextTick();
      }
    } catch (error) {
      this.logger.error(
        `could not write call logs, keeping them for the next flush: ${String(error)}`,
      );
      this.logs.unshift(...logs);
      this.pendingSince = pendingSince;
    }
    stopTimer();
  }

  /** Last uses are only a display: a failed write keeps them unless a newer use replaced them. */
  private async writeKeyUses(uses: Map<number, { at: number; ip: string }>): Promise<void> {
    if (uses.size === 0) return;
    const rows: KeyUse[] = [...uses].map(([keyId, use]) => ({
      keyId,
      at: new Date(use.at),
      ip: use.ip.slice(0, 64),
    }));
    try {
      await this.ledger.touchKeys(rows);
    } catch (error) {
      this.logger.error(`could not write keys' last use, keeping it: ${String(error)}`);
      for (const [keyId, use] of uses) if (!this.keyUses.has(keyId)) this.keyUses.set(keyId, use);
    }
  }

  private async writeLatencies(latencies: readonly CallLatency[]): Promise<void> {
    try {
      for (let i = 0; i < latencies.length; i += LOG_CHUNK) {
        await this.ledger.setLatencies(latencies.slice(i, i + LOG_CHUNK));
        await nextTick();
      }
    } catch (error) {
      this.logger.warn(`could not write charged calls' latency, left at 0: ${String(error)}`);
    }
  }

  private mergeBack(totals: Map<number, number>, daily: DailyCalls): void {
    for (const [apiId, calls] of totals)
      this.totals.set(apiId, (this.totals.get(apiId) ?? 0) + calls);
    for (const [date, apis] of daily) {
      let current = this.daily.get(date);
      if (!current) this.daily.set(date, (current = new Map<number, DailyUsage>()));
      for (const [apiId, row] of apis) {
        const known = current.get(apiId);
        if (known) known.calls += row.calls;
        else current.set(apiId, row);
      }
    }
  }
}
