import type { AdminReferralView, ReferralState } from '@contracts/referrals';
import { Badge } from 'react-bootstrap';
import { formatYuan } from '../../../../lib/money';
import { formatTime } from '../../errors';
import { REFERRALS } from '../../i18n/referrals';

const { list } = REFERRALS;

const STATE_BADGE: Record<ReferralState, { bg: string; text?: 'dark' }> = {
  waiting: { bg: 'warning', text: 'dark' },
  rewarded: { bg: 'success' },
  refused: { bg: 'secondary' },
};

/** A user as the admin finds them elsewhere (用户列表, 月度账单): the name, then the id. */
function UserCell({ name, id }: { name: string; id: number }) {
  return (
    <div>
      {name}
      <div className="small text-body-secondary">{list.userId(id)}</div>
    </div>
  );
}

/** One referral: who invited whom from where, how it stands and the order that decided it. */
export default function ReferralRow({ referral }: { referral: AdminReferralView }) {
  const badge = STATE_BADGE[referral.state];
  return (
    <tr>
      <td data-label={list.inviter} className="admin-break">
        <UserCell name={referral.inviter} id={referral.inviter_id} />
      </td>
      <td data-label={list.invitee} className="admin-break">
        <UserCell name={referral.invitee} id={referral.invitee_id} />
      </td>
      <td data-label={list.ip} className="admin-break">
        <code>{referral.ip}</code>
      </td>
      <td data-label={list.state}>
        <div>
          <Badge bg={badge.bg} text={badge.text}>
            {REFERRALS.state[referral.state]}
          </Badge>
          {referral.reason && (
            <div className="small text-body-secondary">{REFERRALS.reasons[referral.reason]}</div>
          )}
        </div>
      </td>
      <td data-label={list.reward} className="text-nowrap">
        {referral.state === 'rewarded' ? formatYuan(referral.reward) : '-'}
        {referral.paid_as === 'credit' && (
          <Badge bg="info" text="dark" className="ms-1">
            {list.credit}
          </Badge>
        )}
      </td>
      <td data-label={list.order}>
        {referral.out_trade_no ? <code className="admin-break">{referral.out_trade_no}</code> : '-'}
      </td>
      <td data-label={list.createdAt} className="text-nowrap">
        {formatTime(referral.created_at)}
      </td>
      <td data-label={list.decidedAt} className="text-nowrap">
        {formatTime(referral.decided_at)}
      </td>
    </tr>
  );
}
