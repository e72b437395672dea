import type { RechargeRecord, RechargeState } from '@contracts/recharge';
import { useState } from 'react';
import { Badge, Button, Spinner, Table } from 'react-bootstrap';
import type { Notice } from '../../components/ui/NoticeBanner';
import { useI18n } from '../../i18n';
import { formatYuan } from '../../lib/money';
import { useRecheckOrderMutation } from './api';
import './recharge.css';

const STATE_BADGE: Record<RechargeState, string> = {
  pending: 'warning',
  credited: 'success',
  rejected: 'secondary',
};

/** One pending order's "I paid — check again": asks the server, hands back what came of it. */
function RecheckButton({
  orderNumber,
  onOutcome,
}: {
  orderNumber: string;
  onOutcome: (outcome: Notice | null) => void;
}) {
  const { t, errorText } = useI18n();
  const [recheck, { isLoading }] = useRecheckOrderMutation();

  const onClick = async () => {
    onOutcome(null);
    const result = await recheck({ order_number: orderNumber });
    onOutcome(
      'error' in result
        ? { ok: false, text: errorText(result.error, 'recharge.failed', 'recharge.requestError') }
        : {
            ok: true,
            text: t('recharge.success', {
              amount: formatYuan(result.data.data.amount),
              balance: formatYuan(result.data.data.balance),
            }),
          },
    );
  };

  return (
    <Button
      size="sm"
      variant="outline-primary"
      className="recharge-recheck"
      disabled={isLoading}
      onClick={() => void onClick()}
    >
      {isLoading && <Spinner size="sm" className="me-1" aria-hidden="true" />}
      {isLoading ? t('recharge.rechecking') : t('recharge.recheck')}
    </Button>
  );
}

function Outcome({ notice }: { notice: Notice }) {
  return (
    <div
      role={notice.ok ? 'status' : 'alert'}
      className={`small mt-1 ${notice.ok ? 'text-success-emphasis' : 'text-danger-emphasis'}`}
    >
      {notice.text}
    </div>
  );
}

/**
 * SPEC's recharge history columns (ID, order number, amount, created time) plus each order's state
 * and reason; a phone shows each row as a stacked card instead of a wide table.
 */
export default function RechargeHistoryTable({ records }: { records: RechargeRecord[] }) {
  const { t, time } = useI18n();
  // Kept by order number, so a re-check's outcome stays in its row after the row turns credited.
  const [outcomes, setOutcomes] = useState<Record<string, Notice | null>>({});
  return (
    <Table
      responsive
      striped
      hover
      size="sm"
      className="recharge-history"
      aria-label={t('recharge.history')}
    >
      <thead>
        <tr>
          <th>{t('recharge.id')}</th>
          <th>{t('recharge.orderNumber')}</th>
          <th>{t('recharge.amount')}</th>
          <th>{t('recharge.createdTime')}</th>
          <th>{t('recharge.state')}</th>
          <th>{t('recharge.reason')}</th>
        </tr>
      </thead>
      <tbody>
        {records.map((record) => (
          <tr key={record.id} data-state={record.state}>
            <td data-label={t('recharge.id')}>{record.id}</td>
            <td data-label={t('recharge.orderNumber')}>
              <code className="recharge-order">{record.out_trade_no}</code>
            </td>
            <td data-label={t('recharge.amount')}>{formatYuan(record.amount)}</td>
            <td data-label={t('recharge.createdTime')} className="recharge-time">
              {time(record.created_at)}
            </td>
            <td data-label={t('recharge.state')}>
              <Badge
                bg={STATE_BADGE[record.state]}
                text={record.state === 'pending' ? 'dark' : undefined}
              >
                {t(`recharge.state.${record.state}`)}
              </Badge>
            </td>
            <td data-label={t('recharge.reason')}>
              <div>
                {record.reason ? t(`recharge.reason.${record.reason}`) : '—'}
                {record.state === 'pending' && (
                  <div>
                    <RecheckButton
                      orderNumber={record.out_trade_no}
                      onOutcome={(outcome) =>
                        setOutcomes((all) => ({ ...all, [record.out_trade_no]: outcome }))
                      }
                    />
                  </div>
                )}
                {outcomes[record.out_trade_no] && (
                  <Outcome notice={outcomes[record.out_trade_no]!} />
                )}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
