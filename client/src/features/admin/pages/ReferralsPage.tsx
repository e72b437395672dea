import Loading from '../../../components/ui/Loading';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { formatYuan } from '../../../lib/money';
import { usePositionedPage } from '../../../lib/usePositionedPage';
import { useReferralSettingsQuery, useReferralsQuery } from '../api';
import AdminPagination from '../components/AdminPagination';
import { adminErrorText } from '../errors';
import { COMMON } from '../i18n/common';
import { REFERRALS } from '../i18n/referrals';
import ReferralsTable from './referrals/ReferralsTable';
import SettingsCard from './referrals/SettingsCard';

/** The text of a failed load, as the other lists show it. */
function Failure({ error, failed }: { error: unknown; failed: string }) {
  return (
    <div className="alert alert-danger" role="alert">
      {adminErrorText(error, { failed })}
    </div>
  );
}

/** 邀请奖励: the reward an inviter gets for an invitee's first recharge, and every referral. */
export default function ReferralsPage() {
  usePageTitle(REFERRALS.title);
  const [at, go] = usePositionedPage();
  const settings = useReferralSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const referrals = useReferralsQuery(at, { refetchOnMountOrArgChange: true });
  const list = referrals.data?.data;

  return (
    <section>
      <h1 className="h3 mb-2">{REFERRALS.title}</h1>
      <p className="text-body-secondary">{REFERRALS.intro}</p>
      {settings.error ? (
        <Failure error={settings.error} failed={REFERRALS.settings.loadFailed} />
      ) : settings.data ? (
        <SettingsCard saved={settings.data.data} />
      ) : (
        <Loading label={COMMON.loading} />
      )}
      {referrals.error ? (
        <Failure error={referrals.error} failed={REFERRALS.list.failed} />
      ) : referrals.isLoading || !list ? (
        <Loading label={COMMON.loading} />
      ) : (
        <>
          <ReferralsTable referrals={list.referrals} />
          {referrals.isFetching && <Loading label={COMMON.loading} />}
          <AdminPagination
            page={at.page}
            totalPages={list.total_pages}
            onChange={(next) => go(next, list)}
          />
          <p className="text-muted mt-3 mb-0" data-testid="referral-totals">
            {REFERRALS.list.totals(
              list.invited,
              list.rewarded,
              formatYuan(list.paid),
              Number(list.paid_as_credit) > 0 ? formatYuan(list.paid_as_credit) : null,
              list.total_capped,
            )}
          </p>
        </>
      )}
    </section>
  );
}
