import type { Periods } from '@contracts/site';
import { Card } from 'react-bootstrap';
import { LAYOUT } from '../../i18n/layout';

/** A count as the dashboard writes it, with thousands separators. */
export const count = (n: number) => n.toLocaleString('zh-CN');

/** One figure of the dashboard, in a card, with an optional note under it. */
export function Stat({
  label,
  value,
  note,
}: {
  label: string;
  value: string | number;
  note?: string;
}) {
  return (
    <Card className="h-100 admin-stat-card">
      <Card.Body>
        <div className="text-muted small">{label}</div>
        <div className="fs-3 fw-semibold admin-stat-value">{value}</div>
        {note && <div className="text-muted small">{note}</div>}
      </Card.Body>
    </Card>
  );
}

/** A figure for today, with the 7- and 30-day figures under it. */
export function PeriodStat<T>({
  label,
  periods,
  show,
}: {
  label: string;
  periods: Periods<T>;
  show: (value: T) => string;
}) {
  return (
    <Stat
      label={label}
      value={show(periods.today)}
      note={LAYOUT.dashboard.periods(show(periods.days_7), show(periods.days_30))}
    />
  );
}
