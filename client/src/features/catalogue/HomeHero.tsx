import { useI18n } from '../../i18n';

/**
 * The top of the home page: what the site offers, and one search of every API, which fills both
 * lists' searches (each list keeps its own box to narrow it further).
 */
export default function HomeHero({
  search,
  onSearch,
}: {
  search: string;
  onSearch: (text: string) => void;
}) {
  const { t } = useI18n();
  return (
    <section className="portico-hero mb-3" aria-labelledby="home-heading">
      <h1 id="home-heading" className="h3 mb-1">
        {t('home.heading')}
      </h1>
      <p className="text-body-secondary mb-3">{t('home.lead')}</p>
      <div role="search">
        <input
          type="search"
          className="form-control portico-hero-search"
          placeholder={t('home.searchAllPlaceholder')}
          aria-label={t('home.searchAll')}
          value={search}
          maxLength={100}
          onChange={(event) => onSearch(event.target.value)}
        />
      </div>
    </section>
  );
}
