import { readFileSync } from 'node:fs';
import { LoopStalls } from './loop-stalls';

/** Time the main thread has run on a CPU (Linux's schedstat, first field), else the process's. */
function mainThreadCpuMs(): number {
  try {
    return (
      Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6
    );
  } catch {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
}

describe('LoopStalls, the event-loop monitor of the hostile-request suites', () => {
  it('counts a stretch of synchronous work, the last one before stopping included', async () => {
    const stalls = new LoopStalls().start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // 300 ms of the main thread's CPU, not of wall clock (on a busy machine the spin itself waits
    // for a core) nor of the process's (other threads, such as one an earlier suite in this Jest
    // worker left running, would end the spin early).
    const from = mainThreadCpuMs();
    const spent = () => mainThreadCpuMs() - from;
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
