import type { Dashboard } from '@contracts/site';
import { STATS } from '../i18n/stats';

const COLORS = ['#0d6efd', '#dc3545', '#198754', '#fd7e14', '#6f42c1', '#20c997'];
const SERIES = 6;
const WIDTH = 760;
const HEIGHT = 260;
const PAD = { left: 56, right: 12, top: 12, bottom: 36 };
// The chart scales down to a phone's width, so its text starts larger than body text.
const FONT = 15;

/**
 * The last `days` calendar days up to `today` (the site's date, as the server counts days). An
 * instance of an older release, answering during a rolling upgrade, sends no `today`: its days
 * were UTC days.
 */
export function lastDays(days: number, today: string | undefined): string[] {
  const [year, month, day] = (today ?? new Date().toISOString().slice(0, 10))
    .split('-')
    .map(Number);
  return Array.from({ length: days }, (_, i) =>
    new Date(Date.UTC(year, month - 1, day - (days - 1 - i))).toISOString().slice(0, 10),
  );
}

/** Per-API series over the days, busiest APIs first (at most 6 lines keep it readable). */
export function chartSeries(rows: Dashboard['daily_calls_per_api'], days: string[]) {
  const byApi = new Map<number, { name: string; counts: Map<string, number>; total: number }>();
  for (const row of rows) {
    const entry = byApi.get(row.api_id) ?? { name: row.api_name, counts: new Map(), total: 0 };
    entry.counts.set(row.access_date, (entry.counts.get(row.access_date) ?? 0) + row.daily_calls);
    entry.total += row.daily_calls;
    byApi.set(row.api_id, entry);
  }
  return [...byApi.values()]
    .sort((a, b) => b.total - a.total)
    .slice(0, SERIES)
    .map((s) => ({ name: s.name, values: days.map((d) => s.counts.get(d) ?? 0) }));
}

/** A plain SVG line chart: no charting library for one small chart. */
export default function DailyCallsChart({
  rows,
  today,
  label = STATS.chart.label,
}: {
  rows: Dashboard['daily_calls_per_api'];
  today: string | undefined;
  label?: string;
}) {
  const days = lastDays(30, today);
  const series = chartSeries(rows, days);
  const max = Math.max(0, ...series.flatMap((s) => s.values));
  if (max === 0) return <p className="text-muted mb-0">{STATS.chart.empty}</p>;
  const x = (i: number) => PAD.left + (i * (WIDTH - PAD.left - PAD.right)) / (days.length - 1);
  const y = (v: number) => PAD.top + (1 - v / max) * (HEIGHT - PAD.top - PAD.bottom);
  // Small maxima round several quarters to the same count: each gridline once.
  const ticks = [...new Set([0, 0.25, 0.5, 0.75, 1].map((f) => Math.round(max * f)))];

  return (
    <figure className="mb-0">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={label}
        style={{ width: '100%', height: 'auto' }}
      >
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} stroke="#e9ecef" />
            <text x={PAD.left - 6} y={y(t) + 4} fontSize={FONT} textAnchor="end" fill="#6c757d">
              {t}
            </text>
          </g>
        ))}
        {days.map((d, i) =>
          i % 5 === 0 || i === days.length - 1 ? (
            <text
              key={d}
              x={x(i)}
              y={HEIGHT - 10}
              fontSize={FONT}
              // The ends anchor inward so neither the first nor the last date is cut at the edge.
              textAnchor={i === 0 ? 'start' : i === days.length - 1 ? 'end' : 'middle'}
              fill="#6c757d"
            >
              {d.slice(5)}
            </text>
          ) : null,
        )}
        {series.map((s, index) => (
          <polyline
            key={s.name + index}
            fill="none"
            stroke={COLORS[index % COLORS.length]}
            strokeWidth="2"
            points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')}
          >
            <title>{s.name}</title>
          </polyline>
        ))}
      </svg>
      <figcaption className="d-flex flex-wrap gap-3 small mt-2">
        {series.map((s, index) => (
          <span key={s.name + index}>
            <span
              className="d-inline-block me-1 rounded"
              style={{ width: 12, height: 12, background: COLORS[index % COLORS.length] }}
            />
            {s.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
