/**
 * Bounds the renders running at once. A render's React pass holds the event loop that also serves
 * the gateway, so at most `running` go at once and at most `waiting` wait for a turn; past that,
 * `run` answers null at once and the caller serves something that needs no render (the SPA shell).
 */
export class RenderGate {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly running: number,
    private readonly waiting: number,
  ) {}

  /** `task`'s result once it has had its turn, or null when the queue is full. */
  run<T>(task: () => Promise<T>): Promise<T> | null {
    if (this.active >= this.running && this.queue.length >= this.waiting) return null;
    return this.turn().then(async () => {
      try {
        return await task();
      } finally {
        this.active--;
        this.queue.shift()?.();
      }
    });
  }

  private turn(): Promise<void> {
    if (this.active < this.running) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((start) =>
      this.queue.push(() => {
        this.active++;
        start();
      }),
    );
  }
}
