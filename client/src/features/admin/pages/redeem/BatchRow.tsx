import type { RedeemBatchView } from '@contracts/redeem';
import { Badge, Button } from 'react-bootstrap';
import { formatYuan } from '../../../../lib/money';
import { redeemBatchCsvUrl } from '../../api';
import { formatTime } from '../../errors';
import { COMMON } from '../../i18n/common';
import { REDEEM } from '../../i18n/redeem';

function stateOf(batch: RedeemBatchView): { text: string; bg: string } {
  if (batch.disabled_at) return { text: REDEEM.state.disabled, bg: 'secondary' };
  if (batch.expires_at && Date.parse(batch.expires_at) <= Date.now()) {
    return { text: REDEEM.state.expired, bg: 'secondary' };
  }
  return { text: REDEEM.state.usable, bg: 'success' };
}

/** One batch: its terms, what was redeemed, whether it still redeems, its CSV and 停用. */
export default function BatchRow({
  batch,
  onDisable,
}: {
  batch: RedeemBatchView;
  onDisable: (batch: RedeemBatchView) => void;
}) {
  const state = stateOf(batch);
  return (
    <tr>
      <td data-label={REDEEM.list.name} className="admin-break">
        <div>
          {batch.name}
          <div className="small text-body-secondary">{formatTime(batch.created_at)}</div>
        </div>
      </td>
      <td data-label={REDEEM.list.value}>
        <div>
          {batch.kind === 'plan'
            ? REDEEM.list.plan(batch.plan_name ?? '-')
            : formatYuan(batch.value)}
          {batch.kind === 'credit' && (
            <div className="small text-body-secondary text-nowrap">
              {REDEEM.list.creditFor(batch.credit_days ?? 0)}
            </div>
          )}
        </div>
      </td>
      <td data-label={REDEEM.list.count}>{batch.count}</td>
      <td data-label={REDEEM.list.redeemed} className="text-nowrap">
        {batch.kind === 'plan'
          ? REDEEM.list.redeemedTimes(batch.redeemed)
          : REDEEM.list.redeemedSoFar(batch.redeemed, formatYuan(batch.redeemed_amount))}
      </td>
      <td data-label={REDEEM.list.limits}>
        {batch.uses_per_code} / {batch.per_user_limit}
      </td>
      <td data-label={REDEEM.list.expiresAt} className="text-nowrap">
        {batch.expires_at ? formatTime(batch.expires_at) : REDEEM.list.neverExpires}
      </td>
      <td data-label={COMMON.status}>
        <Badge bg={state.bg}>{state.text}</Badge>
      </td>
      <td data-label={COMMON.actions}>
        <div className="d-flex gap-2">
          <a
            className="btn btn-sm btn-outline-primary text-nowrap"
            href={redeemBatchCsvUrl(batch.id)}
            download
          >
            {REDEEM.list.exportCsv}
          </a>
          {!batch.disabled_at && (
            <Button
              size="sm"
              variant="outline-danger"
              className="text-nowrap"
              onClick={() => onDisable(batch)}
            >
              {COMMON.disable}
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}
