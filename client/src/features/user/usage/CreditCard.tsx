import type { CreditGrantView } from '@contracts/credit';
import { Badge, Card } from 'react-bootstrap';
import { useI18n } from '../../../i18n';
import { formatYuan } from '../../../lib/money';
import { useGetCreditQuery } from '../api';

/** One grant: what is left of what it gave, why, and when it ends (or ended, and what expired). */
function Grant({ grant }: { grant: CreditGrantView }) {
  const { t, time } = useI18n();
  const closed = grant.closed_at !== null;
  return (
    <li data-testid={`credit-grant-${grant.id}`} className={closed ? 'text-body-secondary' : ''}>
      <div className="d-flex flex-wrap justify-content-between gap-2">
        <span>
          {t('credit.leftOf', { left: formatYuan(grant.left), amount: formatYuan(grant.amount) })}
        </span>
        <Badge bg="secondary">{t(`credit.reasons.${grant.reason}`)}</Badge>
      </div>
      <div className="small">
        {closed
          ? t('credit.ended', {
              time: time(grant.expires_at),
              amount: formatYuan(grant.expired),
            })
          : t('credit.ends', { time: time(grant.expires_at) })}
      </div>
      {grant.note && <div className="small text-body-secondary text-break">{grant.note}</div>}
    </li>
  );
}

/**
 * The user's credit grants: what is left of them, spent before the balance, and when each ends.
 * Nothing is shown to a user who never had any (or while they cannot be read).
 */
export default function CreditCard() {
  const { t, time } = useI18n();
  const { data } = useGetCreditQuery(undefined, { refetchOnMountOrArgChange: true });
  if (!data || data.grants.length === 0) return null;
  return (
    <Card className="mb-4" data-testid="credit">
      <Card.Header>{t('credit.title')}</Card.Header>
      <Card.Body>
        <p className="mb-1">
          <span className="fs-4 fw-semibold" data-testid="credit-left">
            {formatYuan(data.credit)}
          </span>{' '}
          {data.credit_until && (
            <span className="text-body-secondary small" data-testid="credit-until">
              {t('credit.until', { time: time(data.credit_until) })}
            </span>
          )}
        </p>
        <p className="small text-body-secondary">{t('credit.hint')}</p>
        <ul className="list-unstyled mb-0 d-grid gap-3">
          {data.grants.map((grant) => (
            <Grant key={grant.id} grant={grant} />
          ))}
        </ul>
      </Card.Body>
    </Card>
  );
}
