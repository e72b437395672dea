import type { ReconciliationDay } from '@contracts/recharge';
import { Table } from 'react-bootstrap';
import { formatYuan } from '../../../../lib/money';
import { COMMON } from '../../i18n/common';
import { ORDERS } from '../../i18n/orders';

type Counts = Omit<ReconciliationDay, 'date'>;

function CountCells({ day }: { day: Counts }) {
  return (
    <>
      <td data-label={ORDERS.reconciliation.seen}>{day.seen}</td>
      <td data-label={ORDERS.reconciliation.credited}>{day.credited}</td>
      <td data-label={ORDERS.reconciliation.rejected}>{day.rejected}</td>
      <td data-label={ORDERS.reconciliation.pending}>{day.pending}</td>
      <td data-label={ORDERS.creditedAmount}>{formatYuan(day.credited_amount)}</td>
      <td data-label={ORDERS.reconciliation.pendingAmount}>{formatYuan(day.pending_amount)}</td>
    </>
  );
}

/** 每日对账: what recharge saw and did each UTC day, days with pending orders in yellow, totals. */
export default function DaysTable({ days, totals }: { days: ReconciliationDay[]; totals: Counts }) {
  return (
    <Table
      striped
      bordered
      className="bg-body align-middle admin-cards"
      aria-label={ORDERS.reconciliation.days}
    >
      <thead>
        <tr>
          <th>{COMMON.date}</th>
          <th>{ORDERS.reconciliation.seen}</th>
          <th>{ORDERS.reconciliation.credited}</th>
          <th>{ORDERS.reconciliation.rejected}</th>
          <th>{ORDERS.reconciliation.pending}</th>
          <th>{ORDERS.creditedAmount}</th>
          <th>{ORDERS.reconciliation.pendingAmount}</th>
        </tr>
      </thead>
      <tbody>
        {days.length === 0 && (
          <tr>
            <td colSpan={7} className="text-center text-muted">
              {ORDERS.reconciliation.empty}
            </td>
          </tr>
        )}
        {days.map((day) => (
          <tr key={day.date} className={day.pending > 0 ? 'admin-row-warning' : undefined}>
            <td data-label={COMMON.date} className="text-nowrap">
              {day.date}
            </td>
            <CountCells day={day} />
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="fw-semibold">
          <td data-label={COMMON.date}>{ORDERS.reconciliation.total}</td>
          <CountCells day={totals} />
        </tr>
      </tfoot>
    </Table>
  );
}
