import { EMAIL_MAX_LENGTH, FORGOT_PASSWORD_FIELDS } from '@contracts/account-email';
import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form, Spinner } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { paths } from '../../config/paths';
import { useI18n } from '../../i18n';
import { errorCode, refusedField } from '../../lib/api';
import { useMailEnabled } from '../../app/useMailEnabled';
import { useForgotPasswordMutation } from './api';
import { invalidMarks } from '../../components/ui/invalidMarks';

/**
 * "Forgot password?": asks for a reset link by username or e-mail address. The answer is the same
 * whether or not the account exists, so the page says what happens in every case.
 */
export default function ForgotPasswordPage() {
  const { t, errorText } = useI18n();
  usePageTitle(t('reset.forgotTitle'));
  const [ask, { isLoading }] = useForgotPasswordMutation();
  const [login, setLogin] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!login.trim()) {
      setFieldError(t('reset.required'));
      input.current?.focus();
      return;
    }
    setFieldError(null);
    try {
      await ask({ login: login.trim() }).unwrap();
      setSent(true);
    } catch (e) {
      const text = errorText(e, 'reset.failed', 'reset.requestFailed');
      if (refusedField(e, FORGOT_PASSWORD_FIELDS)) {
        setFieldError(
          errorCode(e) === 'request.validation'
            ? t('reset.enterLogin', { max: EMAIL_MAX_LENGTH })
            : text,
        );
        input.current?.focus();
      } else setError(text);
    }
  };

  const mailOff = useMailEnabled() === false;
  return (
    <Card className="mx-auto" style={{ maxWidth: 420 }}>
      <Card.Body>
        <h1 className="h4 mb-3">{t('reset.forgotTitle')}</h1>
        {mailOff ? (
          <Alert variant="info">{t('reset.mailOff')}</Alert>
        ) : sent ? (
          <Alert variant="success" role="status">
            <p className="mb-2">{t('reset.sent')}</p>
            <p className="mb-0">{t('reset.noEmail')}</p>
          </Alert>
        ) : (
          <>
            <p className="text-body-secondary">{t('reset.forgotIntro')}</p>
            {error && (
              <Alert variant="danger" role="alert">
                {error}
              </Alert>
            )}
            <Form noValidate onSubmit={(e) => void submit(e)}>
              <Form.Group className="mb-3" controlId="forgot-login">
                <Form.Label>{t('reset.login')}</Form.Label>
                <Form.Control
                  ref={input}
                  autoComplete="username"
                  value={login}
                  {...invalidMarks(fieldError !== null && 'forgot-login-error')}
                  onChange={(e) => {
                    setLogin(e.target.value);
                    setFieldError(null);
                  }}
                />
                <Form.Control.Feedback type="invalid" id="forgot-login-error">
                  {fieldError}
                </Form.Control.Feedback>
              </Form.Group>
              <Button type="submit" className="w-100" disabled={isLoading}>
                {isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
                {isLoading ? t('reset.sending') : t('reset.send')}
              </Button>
            </Form>
            <p className="mt-3 mb-0 small text-body-secondary">{t('reset.noEmail')}</p>
          </>
        )}
        <p className="mt-3 mb-0 text-center small">
          <Link to={paths.login}>{t('reset.backToLogin')}</Link>
        </p>
      </Card.Body>
    </Card>
  );
}
