import { useState } from 'react';
import ErrorBanner from '../../components/ui/ErrorBanner';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { useQueryParams } from '../../lib/useQueryParams';
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
import HomeHero from './HomeHero';
import PaidApis from './PaidApis';

/** The search of every API (the hero's box) and each list's own. */
const NO_SEARCH = { all: '', paid: '', free: '' };

/**
 * Mobile first: what the site offers and one search of every API, then the statistics, the
 * filters and the paid APIs, so a phone shows API cards in its first screen; partners and ads
 * follow between the two lists.
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
  const [search, setSearch] = useState(NO_SEARCH);
  const [, setParams] = useQueryParams();

  // A search of every API fills both lists' searches and takes both back to their first page.
  const searchAll = (text: string) => {
    setSearch({ all: text, paid: text, free: text });
    setParams(
      (current) => {
        current.delete('page');
        current.delete('paid_page');
      },
      { replace: true },
    );
  };
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
      <HomeHero search={search.all} onSearch={searchAll} />
      <StatsCard stats={stats.data} />
      <CatalogueFilters categories={categories.data} />
      <PaidApis
        onError={setPaidError}
        search={search.paid}
        onSearch={(paid) => setSearch((all) => ({ ...all, paid }))}
      />
      <PartnersGrid partners={partners.data ?? []} />
      <AdsGrid ads={ads.data ?? []} />
      <FreeApis
        onError={setFreeError}
        search={search.free}
        onSearch={(free) => setSearch((all) => ({ ...all, free }))}
      />
    </>
  );
}
