import { readFileSync } from 'node:fs';
import { createHistogram } from 'node:perf_hooks';
import type { RecordableHistogram } from 'node:perf_hooks';

const RESOLUTION_MS = 10;
/** The main thread's id is the process id; its second field is time spent waiting for a CPU. */
const SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;

function runqueueWaitNs(): bigint | null {
  try {
    return BigInt(readFileSync(SCHEDSTAT, 'utf8').split(' ')[1]);
  } catch {
    return null;
  }
}

/**
 * How long this process held its own event loop: a 10 ms timer's lateness, less the time the
 * kernel kept the main thread waiting for a CPU (Linux's schedstat). On a busy two-core machine
 * the other Jest worker and MariaDB can take both cores for a second, which delays every timer
 * here yet is not a handler blocking the loop; synchronous work, synchronous I/O and garbage
 * collection in this process still count. Where schedstat cannot be read, the lateness counts
 * whole, which is stricter, and `describe()` says so.
 */
export class LoopStalls {
  private readonly histogram: RecordableHistogram = createHistogram();
  private readonly ownTimeOnly = runqueueWaitNs() !== null;
  private timer: NodeJS.Timeout | undefined;
  private lastAt = 0n;
  private lastWait = 0n;

  start(): this {
    this.lastAt = process.hrtime.bigint();
    this.lastWait = runqueueWaitNs() ?? 0n;
    this.timer = setTimeout(this.tick, RESOLUTION_MS).unref();
    return this;
  }

  /** Counts the stretch since the last tick too, so a stall just before stopping is not lost. */
  stop(): void {
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.measure();
  }

  get maxMs(): number {
    return this.histogram.count === 0 ? 0 : this.histogram.max / 1e6;
  }

  percentileMs(percentile: number): number {
    return this.histogram.count === 0 ? 0 : this.histogram.percentile(percentile) / 1e6;
  }

  describe(): string {
    const measure = this.ownTimeOnly
      ? 'less time waiting for a CPU'
      : 'wall clock, schedstat unread';
    return `max ${this.maxMs.toFixed(1)} ms, p99 ${this.percentileMs(99).toFixed(1)} ms (${measure})`;
  }

  private readonly tick = (): void => {
    this.measure();
    this.timer = setTimeout(this.tick, RESOLUTION_MS).unref();
  };

  private measure(): void {
    const at = process.hrtime.bigint();
    const wait = runqueueWaitNs() ?? this.lastWait;
    const stall = at - this.lastAt - BigInt(RESOLUTION_MS * 1e6) - (wait - this.lastWait);
    this.histogram.record(stall > 0n ? stall : 1n);
    this.lastAt = at;
    this.lastWait = wait;
  }
}
