import type { UsageDay } from '@contracts/usage';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

const css = (name: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || undefined;

/**
 * Calls (bars, left axis) and spend in yuan (line, right axis) per day. Chart.js is loaded with this
 * module only (the dashboard imports it lazily), so it never weighs on the public pages. Spend is
 * plotted from the server's decimal text; the chart is a picture, the numbers stay text elsewhere.
 */
export default function UsageChart({
  days,
  label,
  callsLabel,
  spendLabel,
  dayLabel,
  theme,
}: {
  days: UsageDay[];
  label: string;
  callsLabel: string;
  spendLabel: string;
  dayLabel: string;
  theme: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const text = css('--bs-body-color');
    const grid = css('--bs-border-color-translucent');
    const primary = css('--bs-primary') ?? '#0d6efd';
    const warning = css('--bs-warning') ?? '#ffc107';
    const chart = new Chart(canvas.current, {
      data: {
        labels: days.map((day) => day.date.slice(5)),
        datasets: [
          {
            type: 'bar',
            label: callsLabel,
            data: days.map((day) => day.calls),
            backgroundColor: primary,
            yAxisID: 'calls',
            order: 2,
          },
          {
            type: 'line',
            label: spendLabel,
            data: days.map((day) => Number(day.spend)),
            borderColor: warning,
            backgroundColor: warning,
            pointRadius: 2,
            yAxisID: 'spend',
            order: 1,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        plugins: { legend: { labels: { color: text } } },
        scales: {
          // Half a category on each side: without it (a chart with no root type) the first and
          // the last day, today, had half a bar cut off at the edges.
          x: {
            offset: true,
            title: { display: true, text: dayLabel, color: text },
            ticks: { color: text, maxRotation: 0, autoSkipPadding: 8 },
            grid: { color: grid },
          },
          // Each value axis names what it counts and in what unit, as the legend does; calls are
          // whole numbers, so their ticks are too (no 0.5 calls on an almost empty chart).
          calls: {
            position: 'left',
            beginAtZero: true,
            title: { display: true, text: callsLabel, color: text },
            ticks: { color: text, precision: 0 },
            grid: { color: grid },
          },
          spend: {
            position: 'right',
            beginAtZero: true,
            title: { display: true, text: spendLabel, color: text },
            ticks: { color: text },
            grid: { drawOnChartArea: false },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [days, callsLabel, spendLabel, dayLabel, theme]);

  return (
    <div style={{ position: 'relative', height: 240 }}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
