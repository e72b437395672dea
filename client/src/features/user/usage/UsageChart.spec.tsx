import { render } from '@testing-library/react';
import UsageChart from './UsageChart';

// Chart.js draws on a canvas jsdom cannot paint: the test reads the configuration it is given.
const configs: { options: { scales: Record<string, { title?: { text?: string } }> } }[] = [];
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
  it('names each value axis with what it counts and its unit', () => {
    render(
      <UsageChart
        days={[{ date: '2026-11-30', calls: 3, spend: '0.015' }]}
        label="Calls and spend"
        callsLabel="Calls"
        spendLabel="Spend (yuan)"
        theme="light"
      />,
    );
    const { scales } = configs[0].options;
    expect(scales.calls.title?.text).toBe('Calls');
    expect(scales.spend.title?.text).toBe('Spend (yuan)');
  });
});
