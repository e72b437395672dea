import type { Ad, Partner } from '@contracts/content';
import type { UsageSummary } from '@contracts/site';
import { useI18n } from '../../i18n';

export function StatsCard({ stats }: { stats: UsageSummary | undefined }) {
  const { t } = useI18n();
  const value = (n: number | undefined) => (n === undefined ? '—' : n.toLocaleString('en-US'));
  return (
    <section className="card mb-4 portico-stats" aria-label={t('home.stats')}>
      <div className="card-body row text-center g-0">
        <div className="col-6 border-end">
          <div className="small text-muted">{t('home.callsToday')}</div>
          <div className="fs-3 fw-semibold" data-testid="calls-today">
            {value(stats?.total_today_global_calls)}
          </div>
        </div>
        <div className="col-6">
          <div className="small text-muted">{t('home.callsTotal')}</div>
          <div className="fs-3 fw-semibold" data-testid="calls-total">
            {value(stats?.total_global_calls)}
          </div>
        </div>
      </div>
    </section>
  );
}

const external = { target: '_blank', rel: 'noopener noreferrer sponsored' } as const;

export function PartnersGrid({ partners }: { partners: Partner[] }) {
  const { t } = useI18n();
  if (partners.length === 0) return null;
  return (
    <section className="mb-4" aria-labelledby="partners-heading">
      <h2 id="partners-heading" className="h5 mb-3">
        {t('home.partners')}
      </h2>
      <ul className="list-unstyled row g-3 mb-0" aria-label={t('home.partners')}>
        {partners.map((partner) => (
          <li key={partner.id} className="col-6 col-md-4 col-xl-3">
            <a
              href={partner.website_url || undefined}
              {...external}
              className="card h-100 text-decoration-none text-body p-2 d-flex flex-column flex-sm-row align-items-center gap-2 text-center text-sm-start"
              title={partner.description || partner.name}
            >
              {partner.logo_url && (
                <img src={partner.logo_url} alt="" className="portico-logo" loading="lazy" />
              )}
              <span className="small fw-semibold text-truncate mw-100">{partner.name}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AdsGrid({ ads }: { ads: Ad[] }) {
  const { t } = useI18n();
  if (ads.length === 0) return null;
  return (
    <section className="mb-4" aria-label={t('home.ads')}>
      <ul className="list-unstyled row g-3 mb-0">
        {ads.map((ad) => (
          <li key={ad.id} className="col-12 col-md-6 col-xl-4">
            <a
              href={ad.link_url}
              {...external}
              className="card h-100 text-decoration-none text-body overflow-hidden"
            >
              <img src={ad.image_url} alt={ad.title} className="portico-ad-image" loading="lazy" />
              <div className="card-body py-2">
                <div className="small fw-semibold">{ad.title}</div>
                {ad.description && <div className="small text-muted">{ad.description}</div>}
              </div>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
