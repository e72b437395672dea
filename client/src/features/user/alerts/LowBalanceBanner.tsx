import { Alert } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useI18n } from '../../../i18n';
import { formatYuan } from '../../../lib/money';
import { useGetBalanceAlertQuery } from '../api';

/** Shown on the user centre's pages while a charge has taken the balance below the alert's threshold. */
export default function LowBalanceBanner() {
  const { t } = useI18n();
  const { data } = useGetBalanceAlertQuery(undefined, { refetchOnMountOrArgChange: true });
  if (!data?.low || data.threshold === null) return null;
  return (
    <Alert
      variant="warning"
      className="d-flex flex-wrap align-items-center gap-2"
      data-testid="low-balance"
    >
      <span className="me-auto">
        {t('alert.banner', {
          balance: formatYuan(data.balance),
          threshold: formatYuan(data.threshold),
        })}
      </span>
      <Link className="btn btn-warning btn-sm" to={paths.userRecharge}>
        {t('alert.bannerAction')}
      </Link>
    </Alert>
  );
}
