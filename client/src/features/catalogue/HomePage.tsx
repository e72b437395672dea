import { useState } from 'react';
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
  const [paidError, setPaidError] = useState<string | null>(null);
  const [freeError, setFreeError] = useState<string | null>(null);
  return (
    <>
      <ErrorBanner
        messages={[
          partners.error && errorText(partners.error, 'home.partnersFailed'),
          ads.error && errorText(ads.error, 'home.adsFailed'),
          stats.error && errorText(stats.error, 'home.statsFailed'),
          paidError,
          freeError,
        ]}
      />
      <StatsCard stats={stats.data} />
      <PartnersGrid partners={partners.data ?? []} />
      <AdsGrid ads={ads.data ?? []} />
      <PaidApis onError={setPaidError} />
      <FreeApis onError={setFreeError} />
    </>
  );
}
