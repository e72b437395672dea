import { useEffect, useRef } from 'react';
import { Alert, Card, Spinner } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { paths } from '../../config/paths';
import { useI18n } from '../../i18n';
import { useConfirmEmailMutation } from './api';
import { useLinkToken } from './useLinkToken';

/** The page a confirmation link opens: the address becomes the account's, once. */
export default function ConfirmEmailPage() {
  const { t, errorText, codeText } = useI18n();
  usePageTitle(t('confirm.title'));
  const token = useLinkToken();
  const [confirm, result] = useConfirmEmailMutation();
  // A link works once: a second run of the effect (React's development checks) must not use it.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    void confirm({ token });
  }, [token, confirm]);

  const failed =
    token === null
      ? codeText('users.email_token_invalid')
      : result.isError
        ? errorText(result.error, 'confirm.failed', 'reset.requestFailed')
        : null;

  return (
    <Card className="mx-auto" style={{ maxWidth: 480 }}>
      <Card.Body>
        <h1 className="h4 mb-3">{t('confirm.title')}</h1>
        {failed ? (
          <Alert variant="danger" role="alert">
            {failed}
          </Alert>
        ) : result.data ? (
          <Alert variant="success" role="status">
            {t('confirm.done', { email: result.data.email })}
          </Alert>
        ) : (
          <div className="text-body-secondary" role="status">
            <Spinner size="sm" className="me-2" aria-hidden="true" />
            {t('confirm.confirming')}
          </div>
        )}
        <p className="mb-0 text-center">
          <Link to={`${paths.userDashboard}#security`}>{t('confirm.toAccount')}</Link>
        </p>
      </Card.Body>
    </Card>
  );
}
