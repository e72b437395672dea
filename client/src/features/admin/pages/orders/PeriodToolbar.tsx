import type { Reconciliation } from '@contracts/recharge';
import { Form } from 'react-bootstrap';
import type { ReconciliationPeriod } from '../../api';
import { ORDERS } from '../../i18n/orders';
import { PERIOD_KEYS } from './useReconciliation';

/** The period's two dates (the report's own when the URL names none) and its CSV download. */
export default function PeriodToolbar({
  period,
  report,
  csvUrl,
  onChange,
}: {
  period: ReconciliationPeriod;
  report: Reconciliation | undefined;
  csvUrl: string;
  onChange: (key: (typeof PERIOD_KEYS)[number], value: string) => void;
}) {
  return (
    <div className="admin-toolbar mb-3">
      {PERIOD_KEYS.map((key) => (
        <Form.Group key={key} controlId={`reconciliation-${key}`}>
          <Form.Label className="small mb-1">{ORDERS.reconciliation[key]}</Form.Label>
          <Form.Control
            type="date"
            value={period[key] ?? report?.[key] ?? ''}
            onChange={(e) => onChange(key, e.target.value)}
          />
        </Form.Group>
      ))}
      <div className="align-self-end">
        <a className="btn btn-outline-primary w-100" href={csvUrl} download>
          {ORDERS.reconciliation.downloadCsv}
        </a>
      </div>
    </div>
  );
}
