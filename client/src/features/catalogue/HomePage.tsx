import ErrorBanner from '../../components/ui/ErrorBanner';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { useI18n } from '../../i18n';
import { useGetAdsQuery, useGetPartnersQuery, useGetUsageStatsQuery } from './api';
import FreeApis from './FreeApis';
import { AdsGrid, PartnersGrid, StatsCard } from './HomeExtras';
import PaidApis from './PaidApis';

export default function HomePage() {
  const { t, errorText } = useI18n();
  usePageTitle(t('home.title'));
  const partners = useGetPartnersQuery();
  const ads = useGetAdsQuery();
  const stats = useGetUsageStatsQuery();
  return (
    <>
      <ErrorBanner
        messages={[
          partners.error && errorText(partners.error, 'home.partnersFailed'),
          ads.error && errorText(ads.error, 'home.adsFailed'),
          stats.error && errorText(stats.error, 'home.statsFailed'),
        ]}
      />
      <StatsCard stats={stats.data} />
      <PartnersGrid partners={partners.data ?? []} />
      <AdsGrid ads={ads.data ?? []} />
      <PaidApis />
      <FreeApis />
    </>
  );
}
