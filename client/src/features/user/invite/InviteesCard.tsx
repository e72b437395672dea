import type { ReferralView } from '@contracts/referrals';
import { Card, Table } from 'react-bootstrap';
import ErrorBanner from '../../../components/ui/ErrorBanner';
import Loading from '../../../components/ui/Loading';
import Pagination from '../../../components/ui/Pagination';
import { useI18n } from '../../../i18n';
import { formatYuan } from '../../../lib/money';
import { usePositionedPage } from '../../../lib/usePositionedPage';
import { useGetReferralsQuery } from './api';

/** How a referral stands, in words: waiting, what it paid, or why it paid nothing. */
function StateText({ referral }: { referral: ReferralView }) {
  const { t } = useI18n();
  switch (referral.state) {
    case 'waiting':
      return <span className="text-body-secondary">{t('invite.state.waiting')}</span>;
    case 'rewarded':
      return (
        <span className="text-success-emphasis fw-semibold">
          {t(
            referral.paid_as === 'credit' ? 'invite.state.rewardedCredit' : 'invite.state.rewarded',
            { amount: formatYuan(referral.reward) },
          )}
        </span>
      );
    default:
      return (
        <span>
          {referral.reason
            ? t('invite.refusedFor', { reason: t(`invite.reason.${referral.reason}`) })
            : t('invite.state.refused')}
        </span>
      );
  }
}

/** The people who registered through the link, newest first, 10 a page; a phone stacks each row. */
export default function InviteesCard() {
  const { t, errorText, time } = useI18n();
  const [at, go] = usePositionedPage();
  const { data, error, isLoading, isFetching } = useGetReferralsQuery(at, {
    refetchOnMountOrArgChange: true,
  });
  return (
    <Card>
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {t('invite.list')}
        </Card.Title>
        {isLoading ? (
          <Loading />
        ) : error || !data ? (
          <ErrorBanner messages={[errorText(error, 'invite.listFailed')]} />
        ) : data.referrals.length === 0 ? (
          <p className="text-body-secondary mb-0">{t('invite.empty')}</p>
        ) : (
          <>
            <Table
              responsive
              hover
              size="sm"
              className={`portico-stack-table align-middle mb-2${isFetching ? ' opacity-50' : ''}`}
              aria-label={t('invite.list')}
            >
              <thead>
                <tr>
                  <th>{t('invite.invitee')}</th>
                  <th>{t('invite.registered')}</th>
                  <th>{t('invite.state')}</th>
                </tr>
              </thead>
              <tbody>
                {data.referrals.map((referral) => (
                  <tr key={referral.id}>
                    <td data-label={t('invite.invitee')}>{referral.invitee}</td>
                    <td data-label={t('invite.registered')}>{time(referral.created_at)}</td>
                    <td data-label={t('invite.state')}>
                      <StateText referral={referral} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <Pagination
              page={at.page}
              totalPages={data.total_pages}
              onChange={(next) => go(next, data)}
              label={t('invite.pages')}
            />
          </>
        )}
      </Card.Body>
    </Card>
  );
}
