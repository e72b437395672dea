import type { ApiSummary } from '@contracts/apis';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useI18n } from '../../i18n';
import { formatYuan } from '../../lib/money';
import { apiDescription, apiTitle } from '../../lib/apiText';
import { formatCount } from '../../lib/formatCount';
import { HealthLine } from './ApiHealth';

export default function ApiCard({ api }: { api: ApiSummary }) {
  const { t, lang } = useI18n();
  return (
    <Link
      to={paths.apiDetail(api.id, api.name_en)}
      className="card h-100 text-decoration-none text-body portico-api-card"
    >
      <div className="card-body d-flex flex-column gap-1">
        <div className="d-flex align-items-start justify-content-between gap-2">
          <h3 className="h6 mb-0 text-primary text-break">{apiTitle(api, lang)}</h3>
          <div className="d-flex gap-1 flex-shrink-0">
            {api.maintenance && (
              <span className="badge text-bg-warning">{t('health.maintenance')}</span>
            )}
            {api.is_pinned === 1 && (
              <span className="badge text-bg-warning">{t('api.pinned')}</span>
            )}
            <span className="badge text-bg-light border">{api.request_method}</span>
          </div>
        </div>
        <p className="small text-muted mb-1 portico-clamp">{apiDescription(api, lang) || '—'}</p>
        {api.health && <HealthLine health={api.health} />}
        <div className="mt-auto d-flex justify-content-between small">
          <span
            className={api.is_paid ? 'fw-semibold text-body-emphasis' : 'text-success-emphasis'}
          >
            {api.is_paid
              ? t('api.pricePerCall', { price: formatYuan(api.price_per_call) })
              : t('api.free')}
          </span>
          <span className="text-muted">
            {t('api.calls', { count: formatCount(api.usage_count) })}
          </span>
        </div>
      </div>
    </Link>
  );
}
