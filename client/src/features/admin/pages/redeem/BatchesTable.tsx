import type { RedeemBatchView } from '@contracts/redeem';
import { Table } from 'react-bootstrap';
import { COMMON } from '../../i18n/common';
import { REDEEM } from '../../i18n/redeem';
import BatchRow from './BatchRow';

/** A page of batches, each with its CSV and 停用; says so when there are none yet. */
export default function BatchesTable({
  batches,
  onDisable,
}: {
  batches: RedeemBatchView[];
  onDisable: (batch: RedeemBatchView) => void;
}) {
  return (
    <Table
      striped
      bordered
      hover
      className="bg-body align-middle admin-cards"
      aria-label={REDEEM.list.label}
    >
      <thead>
        <tr>
          <th>{REDEEM.list.name}</th>
          <th>{REDEEM.list.value}</th>
          <th className="text-nowrap">{REDEEM.list.count}</th>
          <th>{REDEEM.list.redeemed}</th>
          <th>{REDEEM.list.limits}</th>
          <th>{REDEEM.list.expiresAt}</th>
          <th>{COMMON.status}</th>
          <th>{COMMON.actions}</th>
        </tr>
      </thead>
      <tbody>
        {batches.length === 0 ? (
          <tr>
            <td colSpan={8} className="text-center text-muted">
              {REDEEM.list.empty}
            </td>
          </tr>
        ) : (
          batches.map((batch) => <BatchRow key={batch.id} batch={batch} onDisable={onDisable} />)
        )}
      </tbody>
    </Table>
  );
}
