import { LoopStalls } from './loop-stalls';

describe('LoopStalls, the event-loop monitor of the hostile-request suites', () => {
  it('counts a stretch of synchronous work, the last one before stopping included', async () => {
    const stalls = new LoopStalls().start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // 300 ms of CPU, not of wall clock: on a busy machine the spin itself waits for a core.
    const from = process.cpuUsage();
    const spent = () => {
      const { user, system } = process.cpuUsage(from);
      return (user + system) / 1000;
    };
    while (spent() < 300);
    stalls.stop();
    expect(stalls.maxMs).toBeGreaterThan(250);
    expect(stalls.describe()).toMatch(
      /^max \d+\.\d ms, p99 \d+\.\d ms \(less time waiting for a CPU\)$/,
    );
  });

  it('counts next to nothing while the loop idles', async () => {
    const stalls = new LoopStalls().start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    stalls.stop();
    expect(stalls.maxMs).toBeLessThan(100);
  });
});
