import ErrorBanner from '../../components/ui/ErrorBanner';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { errorMessage } from '../../lib/api';
import { useGetAdsQuery, useGetPartnersQuery, useGetUsageStatsQuery } from './api';
import FreeApis from './FreeApis';
import { AdsGrid, PartnersGrid, StatsCard } from './HomeExtras';
import PaidApis from './PaidApis';

export default function HomePage() {
  usePageTitle('Home');
  const partners = useGetPartnersQuery();
  const ads = useGetAdsQuery();
  const stats = useGetUsageStatsQuery();
  return (
    <>
      <ErrorBanner
        messages={[
          partners.error && errorMessage(partners.error, 'failed to load partners'),
          ads.error && errorMessage(ads.error, 'failed to load ads'),
          stats.error && errorMessage(stats.error, 'failed to load call statistics'),
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
