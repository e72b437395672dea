import { usePageTitle } from '../../components/ui/usePageTitle';
import { FALLBACK_SITE_NAME } from '../../config/paths';
import { useI18n } from '../../i18n';
import { useGetSiteConfigQuery } from './api';

const FEATURES = [
  ['about.f1', 'about.f1Text'],
  ['about.f2', 'about.f2Text'],
  ['about.f3', 'about.f3Text'],
  ['about.f4', 'about.f4Text'],
] as const;

export default function AboutPage() {
  const { t } = useI18n();
  usePageTitle(t('about.title'));
  // From the site's configuration as the server embedded it, as the header reads it: the auth
  // slice's copy is set only once the query's answer is seen, after hydration (React error #418).
  const siteName = useGetSiteConfigQuery().data?.site_title || FALLBACK_SITE_NAME;
  return (
    <article className="portico-narrow">
      <h1 className="h3 mb-3 text-break">{t('about.heading', { site: siteName })}</h1>
      <p className="lead text-break">{t('about.lead', { site: siteName })}</p>
      <h2 className="h5 mt-4 mb-3">{t('about.features')}</h2>
      <div className="row g-3">
        {FEATURES.map(([title, text]) => (
          <div key={title} className="col-12 col-md-6">
            <div className="card h-100">
              <div className="card-body">
                <h3 className="h6">{t(title)}</h3>
                <p className="small text-muted mb-0">{t(text)}</p>
              </div>
            </div>
          </div>
        ))}
      </div>
      <h2 className="h5 mt-4 mb-2">{t('about.contact')}</h2>
      <p className="mb-1">
        {t('about.contactText')}{' '}
        <a href="mailto:support@portico.example">support@portico.example</a>.
      </p>
      <p className="text-muted small">{t('about.answerTime')}</p>
    </article>
  );
}
