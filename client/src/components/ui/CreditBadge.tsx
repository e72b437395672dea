import { Badge } from 'react-bootstrap';
import { useI18n } from '../../i18n';

/** Marks an amount paid or given as credit (ADR 050), after a space, wherever it is listed. */
export default function CreditBadge() {
  const { t } = useI18n();
  return (
    <>
      {' '}
      <Badge bg="info" text="dark">
        {t('logs.credit')}
      </Badge>
    </>
  );
}
