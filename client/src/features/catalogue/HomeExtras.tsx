import type { Ad, Partner } from '@contracts/content';
import type { UsageSummary } from '@contracts/site';
import { useI18n } from '../../i18n';
import { formatCount } from '../../lib/formatCount';
import { inLanguage } from '../../lib/inLanguage';

/**
 * The home page's extras are compact strips, so that on a phone the API cards start inside the
 * first screen. Every strip has a fixed height (images sized by CSS before they load), so nothing
 * below moves when a logo or banner arrives.
 */
export function StatsCard({ stats }: { stats: UsageSummary | undefined }) {
  const { t } = useI18n();
  const value = (n: number | undefined) => (n === undefined ? '—' : formatCount(n));
  return (
    <section className="card mb-3 portico-stats" aria-label={t('home.stats')}>
      <dl className="card-body row text-center g-0 py-2 mb-0">
        <div className="col-6 border-end">
          <dt className="small text-body-secondary fw-normal">{t('home.callsToday')}</dt>
          <dd className="fs-5 fw-semibold mb-0" data-testid="calls-today">
            {value(stats?.total_today_global_calls)}
          </dd>
        </div>
        <div className="col-6">
          <dt className="small text-body-secondary fw-normal">{t('home.callsTotal')}</dt>
          <dd className="fs-5 fw-semibold mb-0" data-testid="calls-total">
            {value(stats?.total_global_calls)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

const external = { target: '_blank', rel: 'noopener noreferrer sponsored' } as const;

export function PartnersGrid({ partners }: { partners: Partner[] }) {
  const { t, lang } = useI18n();
  if (partners.length === 0) return null;
  return (
    <section className="mb-3 d-flex align-items-center gap-2" aria-labelledby="partners-heading">
      <h2 id="partners-heading" className="portico-strip-label mb-0">
        {t('home.partners')}
      </h2>
      <ul className="portico-strip list-unstyled mb-0" aria-label={t('home.partners')}>
        {partners.map((partner) => {
          const name = inLanguage(partner.name, partner.name_en, lang);
          return (
            <li key={partner.id}>
              <a
                href={partner.website_url || undefined}
                {...external}
                className="portico-chip"
                title={inLanguage(partner.description, partner.description_en, lang) || name}
              >
                {partner.logo_url && (
                  <img src={partner.logo_url} alt="" className="portico-logo" loading="lazy" />
                )}
                <span className="text-truncate">{name}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function AdsGrid({ ads }: { ads: Ad[] }) {
  const { t, lang } = useI18n();
  if (ads.length === 0) return null;
  return (
    <section className="mb-4" aria-label={t('home.ads')}>
      <ul className="portico-strip portico-ads list-unstyled mb-0">
        {ads.map((ad) => {
          const description = inLanguage(ad.description, ad.description_en, lang);
          return (
            <li key={ad.id}>
              <a href={ad.link_url} {...external} className="portico-ad card">
                <img src={ad.image_url} alt="" className="portico-ad-image" loading="lazy" />
                <span className="portico-ad-text">
                  <span className="fw-semibold text-truncate">
                    {inLanguage(ad.title, ad.title_en, lang)}
                  </span>
                  {description && (
                    <span className="text-body-secondary text-truncate">{description}</span>
                  )}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
