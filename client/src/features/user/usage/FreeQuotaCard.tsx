import { Card } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useI18n } from '../../../i18n';
import { apiTitle } from '../../../lib/apiText';
import { useGetFreeQuotasQuery } from '../api';

/**
 * The free calls the user has left of each paid API that gives some, in the current day or month.
 * Nothing is shown while the site has none (or they cannot be read: the dashboard goes on).
 */
export default function FreeQuotaCard() {
  const { t, lang } = useI18n();
  const { data } = useGetFreeQuotasQuery(undefined, { refetchOnMountOrArgChange: true });
  if (!data || data.quotas.length === 0) return null;
  return (
    <Card className="mb-4" data-testid="free-quotas">
      <Card.Header>{t('quota.title')}</Card.Header>
      <Card.Body>
        <ul className="list-unstyled mb-0 d-grid gap-3">
          {data.quotas.map((quota) => {
            const name = apiTitle(quota, lang);
            const left = t(`quota.left.${quota.period}`, {
              remaining: quota.remaining,
              limit: quota.limit,
            });
            return (
              <li key={quota.api_id} data-testid={`free-quota-${quota.name_en}`}>
                <div className="d-flex flex-wrap justify-content-between gap-2 mb-1">
                  <Link to={paths.apiDetail(quota.api_id, quota.name_en)} className="text-break">
                    {name}
                  </Link>
                  <span className="small">{left}</span>
                </div>
                {/* Bootstrap's bar written out: its class names stay literal for the CSS purge.
                    It fills with what is left, as the text beside it counts. */}
                <div
                  className="progress"
                  role="progressbar"
                  aria-label={`${name}: ${left}`}
                  aria-valuenow={quota.remaining}
                  aria-valuemin={0}
                  aria-valuemax={quota.limit}
                  style={{ height: '0.5rem' }}
                >
                  <div
                    className="progress-bar"
                    style={{ width: `${(100 * quota.remaining) / quota.limit}%` }}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      </Card.Body>
    </Card>
  );
}
