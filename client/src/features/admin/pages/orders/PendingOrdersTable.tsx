import type { PendingOrder } from '@contracts/recharge';
import { Button, Table } from 'react-bootstrap';
import { formatYuan } from '../../../../lib/money';
import type { OrderAction } from './useOrderAction';
import { formatTime } from '../../errors';
import { COMMON } from '../../i18n/common';
import { ORDERS } from '../../i18n/orders';

/** A page of the queue with what helps find the payer, each order to assign or dismiss. */
export default function PendingOrdersTable({
  orders,
  onAct,
}: {
  orders: PendingOrder[];
  onAct: (order: PendingOrder, action: OrderAction) => void;
}) {
  return (
    <Table
      striped
      bordered
      hover
      className="bg-body align-middle admin-cards"
      aria-label={ORDERS.pending.title}
    >
      <thead>
        <tr>
          <th>{ORDERS.orderNumber}</th>
          <th>{ORDERS.pending.paidAmount}</th>
          <th>{ORDERS.creditedAmount}</th>
          <th>{ORDERS.pending.afdianUser}</th>
          <th>{ORDERS.pending.customOrderId}</th>
          <th>{ORDERS.pending.remark}</th>
          <th>{ORDERS.pending.time}</th>
          <th>{COMMON.actions}</th>
        </tr>
      </thead>
      <tbody>
        {orders.length === 0 ? (
          <tr>
            <td colSpan={8} className="text-center text-muted">
              {ORDERS.pending.empty}
            </td>
          </tr>
        ) : (
          orders.map((order) => (
            <tr key={order.id}>
              <td data-label={ORDERS.orderNumber}>
                <code className="admin-break">{order.out_trade_no}</code>
              </td>
              <td data-label={ORDERS.pending.paidAmount}>{formatYuan(order.paid_amount)}</td>
              <td data-label={ORDERS.creditedAmount}>{formatYuan(order.amount)}</td>
              <td data-label={ORDERS.pending.afdianUser} className="admin-break">
                {order.afdian_user_id || '-'}
              </td>
              <td data-label={ORDERS.pending.customOrderId} className="admin-break">
                {order.custom_order_id || '-'}
              </td>
              <td data-label={ORDERS.pending.remark} className="admin-break">
                {order.remark || '-'}
              </td>
              <td data-label={ORDERS.pending.time} className="text-nowrap">
                {formatTime(order.created_at)}
              </td>
              <td data-label={COMMON.actions}>
                <div className="d-flex gap-2">
                  <Button
                    size="sm"
                    variant="outline-primary"
                    onClick={() => onAct(order, 'assign')}
                  >
                    {ORDERS.pending.assign}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    onClick={() => onAct(order, 'dismiss')}
                  >
                    {ORDERS.pending.dismiss}
                  </Button>
                </div>
              </td>
            </tr>
          ))
        )}
      </tbody>
    </Table>
  );
}
