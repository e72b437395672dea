import { useState } from 'react';
import ErrorBanner from '../../components/ui/ErrorBanner';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { useI18n } from '../../i18n';
import {
  useGetAdsQuery,
  useGetCategoriesQuery,
  useGetPartnersQuery,
  useGetUsageStatsQuery,
} from './api';
import CatalogueFilters from './CatalogueFilters';
import FreeApis from './FreeApis';
import { AdsGrid, PartnersGrid, StatsCard } from './HomeExtras';
import PaidApis from './PaidApis';

/**
 * Mobile first: the filters and the paid APIs come right after the statistics, so a phone shows
 * API cards in its first screen; partners and ads follow between the two lists.
 */
export default function HomePage() {
  const { t, errorText } = useI18n();
  usePageTitle(t('home.title'));
  const partners = useGetPartnersQuery();
  const ads = useGetAdsQuery();
  const stats = useGetUsageStatsQuery();
  const categories = useGetCategoriesQuery();
  const [paidError, setPaidError] = useState<string | null>(null);
  const [freeError, setFreeError] = useState<string | null>(null);
  return (
    <>
      <ErrorBanner
        messages={[
          partners.error && errorText(partners.error, 'home.partnersFailed'),
          ads.error && errorText(ads.error, 'home.adsFailed'),
          stats.error && errorText(stats.error, 'home.statsFailed'),
          categories.error && errorText(categories.error, 'home.categoriesFailed'),
          paidError,
          freeError,
        ]}
      />
      <StatsCard stats={stats.data} />
      <CatalogueFilters categories={categories.data} />
      <PaidApis onError={setPaidError} />
      <PartnersGrid partners={partners.data ?? []} />
      <AdsGrid ads={ads.data ?? []} />
      <FreeApis onError={setFreeError} />
    </>
  );
}
