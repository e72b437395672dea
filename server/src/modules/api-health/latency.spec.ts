import { LATENCY_BOUNDS_MS } from '../../database/entities/api-health.entity';
import { histogramSlot, quantile } from './latency';

const histogramOf = (latencies: number[]) => {
  const histogram = new Array<number>(LATENCY_BOUNDS_MS.length + 1).fill(0);
  for (const ms of latencies) histogram[histogramSlot(ms)]++;
  return histogram;
};

describe('latency histogram', () => {
  it('puts a latency in the first slot whose bound it does not exceed', () => {
    expect([0, 10, 11, 25, 26, 10_000, 10_001, 60_000].map(histogramSlot)).toEqual([
      0, 0, 1, 1, 2, 13, 14, 14,
    ]);
  });

  it('reads quantiles within a slot linearly, like histogram_quantile', () => {
    // 100 calls spread evenly between 100 and 150 ms: all in the (100, 150] slot.
    const even = histogramOf(Array.from({ length: 100 }, (_, i) => 101 + i / 2));
    expect(quantile(even, 0.5)).toBe(125);
    expect(quantile(even, 0.95)).toBe(148);
    // 90 fast calls and 10 slow ones: the median is fast, the 95th percentile is slow.
    const mixed = histogramOf([
      ...new Array<number>(90).fill(20),
      ...new Array<number>(10).fill(1800),
    ]);
    expect(quantile(mixed, 0.5)).toBeLessThanOrEqual(25);
    expect(quantile(mixed, 0.95)).toBeGreaterThan(1000);
    expect(quantile(mixed, 0.95)).toBeLessThanOrEqual(2000);
  });

  it('answers the last bound past every bound, and null when nothing was counted', () => {
    expect(quantile(histogramOf([30_000, 40_000]), 0.5)).toBe(10_000);
    expect(quantile(histogramOf([]), 0.5)).toBeNull();
  });
});
