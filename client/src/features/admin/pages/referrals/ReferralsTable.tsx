import type { AdminReferralView } from '@contracts/referrals';
import { Table } from 'react-bootstrap';
import { REFERRALS } from '../../i18n/referrals';
import ReferralRow from './ReferralRow';

const { list } = REFERRALS;

/** A page of referrals, newest first; says so when there are none yet. */
export default function ReferralsTable({ referrals }: { referrals: AdminReferralView[] }) {
  return (
    <Table
      striped
      bordered
      hover
      className="bg-body align-middle admin-cards"
      aria-label={list.label}
    >
      <thead>
        <tr>
          <th>{list.inviter}</th>
          <th>{list.invitee}</th>
          <th className="text-nowrap">{list.ip}</th>
          <th>{list.state}</th>
          <th>{list.reward}</th>
          <th>{list.order}</th>
          <th>{list.createdAt}</th>
          <th>{list.decidedAt}</th>
        </tr>
      </thead>
      <tbody>
        {referrals.length === 0 ? (
          <tr>
            <td colSpan={8} className="text-center text-muted">
              {list.empty}
            </td>
          </tr>
        ) : (
          referrals.map((referral) => <ReferralRow key={referral.id} referral={referral} />)
        )}
      </tbody>
    </Table>
  );
}
