import { isEmailAddress, normalizeEmail } from '@contracts/account-email';
import { registrationError } from '@contracts/users';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form, Spinner } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router-dom';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { paths } from '../../config/paths';
import { useI18n } from '../../i18n';
import { useEmailRequired, useMailEnabled } from '../../app/useMailEnabled';
import { useRegisterMutation } from './api';
import { loggedIn } from '../../app/authSlice';
import { useAppDispatch } from '../../app/store';
import { markWelcome } from '../../app/welcome';
import { invalidMarks } from '../../components/ui/invalidMarks';
import { errorCode, refusedField } from '../../lib/api';

export default function RegisterPage() {
  const { t, errorText, codeText } = useI18n();
  usePageTitle(t('auth.registerTitle'));
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [register, { isLoading }] = useRegisterMutation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  // An address is asked for only where the site can mail it a confirmation link, and required
  // when the admin turned e-mail verification on.
  const askEmail = useMailEnabled() === true;
  const needEmail = useEmailRequired() === true;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    const invalid = registrationError({
      username: name,
      password,
      confirm_password: confirmPassword,
    });
    setError(invalid ? codeText(invalid.code) : null);
    if (invalid) return;
    const address = askEmail ? normalizeEmail(email) : '';
    if (needEmail && !address) {
      setEmailError(codeText('users.email_required'));
      return;
    }
    if (address && !isEmailAddress(address)) {
      setEmailError(codeText('users.email_invalid'));
      return;
    }
    setEmailError(null);
    try {
      const result = await register({
        username: name,
        password,
        ...(address && { email: address }),
      }).unwrap();
      if (result.user_info) {
        // Signed in: the guest-only guard takes the new user on to the dashboard, which greets them.
        markWelcome(Boolean(address));
        dispatch(loggedIn(result.user_info));
        return;
      }
      void navigate(paths.login, { state: { notice: t('auth.registeredConfirm') } });
    } catch (e) {
      const text = errorText(e, 'auth.registerFailed', 'auth.registerRequestFailed');
      if (refusedField(e) === 'email' || errorCode(e) === 'users.email_taken') setEmailError(text);
      else setError(text);
    }
  };

  return (
    <Card className="mx-auto" style={{ maxWidth: 420 }}>
      <Card.Body>
        <h1 className="h4 mb-3">{t('auth.registerTitle')}</h1>
        {error && <Alert variant="danger">{error}</Alert>}
        <Form noValidate onSubmit={(e) => void submit(e)}>
          <Form.Group className="mb-3" controlId="register-username">
            <Form.Label>{t('auth.username')}</Form.Label>
            <Form.Control
              autoComplete="username"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
            <Form.Text>{t('auth.usernameHint')}</Form.Text>
          </Form.Group>
          <Form.Group className="mb-3" controlId="register-password">
            <Form.Label>{t('auth.password')}</Form.Label>
            <Form.Control
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Form.Text>{t('auth.passwordHint')}</Form.Text>
          </Form.Group>
          <Form.Group className="mb-3" controlId="register-confirm">
            <Form.Label>{t('auth.confirmPassword')}</Form.Label>
            <Form.Control
              type="password"
              autoComplete="new-password"
              value={confirmPassword}
              onChange={(e) => setConfirmPassword(e.target.value)}
            />
          </Form.Group>
          {askEmail && (
            <Form.Group className="mb-3" controlId="register-email">
              <Form.Label>{t(needEmail ? 'auth.emailLabel' : 'auth.emailOptional')}</Form.Label>
              <Form.Control
                type="email"
                autoComplete="email"
                value={email}
                {...invalidMarks(
                  emailError !== null && 'register-email-error',
                  'register-email-hint',
                )}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setEmailError(null);
                }}
              />
              <Form.Text id="register-email-hint">
                {t(needEmail ? 'auth.emailRequiredHint' : 'auth.emailHint')}
              </Form.Text>
              <Form.Control.Feedback type="invalid" id="register-email-error">
                {emailError}
              </Form.Control.Feedback>
            </Form.Group>
          )}
          <Button type="submit" className="w-100" disabled={isLoading}>
            {isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {isLoading ? t('auth.registering') : t('auth.registerTitle')}
          </Button>
        </Form>
        <p className="mt-3 mb-0 text-center small">
          {t('auth.haveAccount')} <Link to={paths.login}>{t('nav.login')}</Link>
        </p>
      </Card.Body>
    </Card>
  );
}
