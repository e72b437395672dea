import type { ReconciliationMismatch } from '@contracts/recharge';
import { Alert, Badge, Table } from 'react-bootstrap';
import { formatYuan } from '../../../../lib/money';
import { COMMON } from '../../i18n/common';
import { ORDERS } from '../../i18n/orders';

/** What the books do not explain, each in red; or a line saying they all agree. */
export default function Mismatches({ mismatches }: { mismatches: ReconciliationMismatch[] }) {
  if (mismatches.length === 0) {
    return (
      <Alert variant="success" role="status">
        {ORDERS.reconciliation.balanced}
      </Alert>
    );
  }
  return (
    <div className="mb-4">
      <h2 className="h5">
        {ORDERS.reconciliation.mismatches} <Badge bg="danger">{mismatches.length}</Badge>
      </h2>
      <Table
        bordered
        className="bg-body align-middle admin-cards"
        aria-label={ORDERS.reconciliation.mismatches}
      >
        <thead>
          <tr>
            <th>{COMMON.type}</th>
            <th>{ORDERS.orderNumber}</th>
            <th>{ORDERS.userId}</th>
            <th>{ORDERS.reconciliation.expected}</th>
            <th>{ORDERS.reconciliation.actual}</th>
          </tr>
        </thead>
        <tbody>
          {mismatches.map((m, index) => (
            <tr
              key={`${m.kind}-${m.out_trade_no ?? m.user_id ?? index}`}
              className="admin-row-danger"
            >
              <td data-label={COMMON.type}>{ORDERS.reconciliation.mismatchKinds[m.kind]}</td>
              <td data-label={ORDERS.orderNumber} className="admin-break">
                {m.out_trade_no ?? '-'}
              </td>
              <td data-label={ORDERS.userId}>{m.user_id ?? '-'}</td>
              <td data-label={ORDERS.reconciliation.expected}>{formatYuan(m.expected)}</td>
              <td data-label={ORDERS.reconciliation.actual}>{formatYuan(m.actual)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
