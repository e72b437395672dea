import { render } from '@testing-library/react';
import UsageChart from './UsageChart';

// Chart.js draws on a canvas jsdom cannot paint: the test reads the configuration it is given.
const configs: {
  options: {
    scales: Record<string, { title?: { text?: string }; offset?: boolean; ticks?: object }>;
  };
}[] = [];
jest.mock('chart.js', () => ({
  Chart: class {
    static register() {}
    constructor(_canvas: unknown, config: (typeof configs)[number]) {
      configs.push(config);
    }
    destroy() {}
  },
  BarController: {},
  BarElement: {},
  CategoryScale: {},
  Legend: {},
  LinearScale: {},
  LineController: {},
  LineElement: {},
  PointElement: {},
  Tooltip: {},
}));

describe('UsageChart', () => {
  it('names each axis with what it counts and its unit, counts calls whole, and keeps today whole', () => {
    render(
      <UsageChart
        days={[{ date: '2026-11-30', calls: 3, spend: '0.015' }]}
        label="Calls and spend"
        callsLabel="Calls"
        spendLabel="Spend (yuan)"
        dayLabel="Day (UTC)"
        theme="light"
      />,
    );
    const { scales } = configs[0].options;
    expect(scales.calls.title?.text).toBe('Calls');
    expect(scales.spend.title?.text).toBe('Spend (yuan)');
    expect(scales.x.title?.text).toBe('Day (UTC)');
    // Integer ticks: an almost empty chart has no 0.5 calls.
    expect(scales.calls.ticks).toMatchObject({ precision: 0 });
    // Half a day's room at each end: the last bar (today) is not cut in half by the edge.
    expect(scales.x.offset).toBe(true);
  });
});
