import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form, Spinner } from 'react-bootstrap';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '../../app/store';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { paths } from '../../config/paths';
import { useI18n } from '../../i18n';
import { useCallbackOutcome, type PendingLink } from '../../lib/oidcFragment';
import { useRequiredFields } from '../../components/ui/useRequiredFields';
import { useHydrated } from '../../lib/ssr';
import { useLoginMutation } from './api';
import TwoFactorStep, { secondStep, type SecondStep } from './TwoFactorStep';
import { loggedIn } from '../../app/authSlice';
import OrDivider from './OrDivider';
import LinkAccountStep from './LinkAccountStep';
import PasskeyButton from './PasskeyButton';
import ProviderButtons from './ProviderButtons';
import { usePasskeySignIn } from './usePasskeySignIn';

export default function LoginPage() {
  const { t, errorText, codeText, namedCodeText } = useI18n();
  usePageTitle(t('auth.loginTitle'));
  const dispatch = useAppDispatch();
  const location = useLocation();
  const [search] = useSearchParams();
  // The notice rides in the history entry, which a reload keeps but the server never sees: it
  // shows once the page matches the server's markup.
  const hydrated = useHydrated();
  const notice = hydrated ? (location.state as { notice?: string } | null)?.notice : undefined;
  const [login, { isLoading }] = useLoginMutation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const required = useRequiredFields(
    { username: 'login-username', password: 'login-password' },
    codeText('auth.credentials_missing'),
  );
  // Set once the password was right on an account with two-factor on: the code step shows.
  const [step, setStep] = useState<SecondStep | null>(null);
  // Set when a provider's verified address belongs to an account: its password links them.
  const [linking, setLinking] = useState<PendingLink | null>(null);
  const passkey = usePasskeySignIn();

  // A provider sign-in came back with more to do (oidc_callback.php's fragment).
  useCallbackOutcome((outcome) => {
    if (outcome.kind === 'error') setError(namedCodeText(outcome.code, 'oidc.failed'));
    else if (outcome.kind === 'link') setLinking(outcome.link);
    else setStep(outcome.step);
  });

  const signInWithPasskey = async () => {
    setError(null);
    const refused = await passkey.run();
    if (refused) setError(refused.text);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    // SPEC.md §5's text at each empty field; the first takes the focus.
    setError(null);
    if (!required.check({ username: name, password })) return;
    try {
      const result = await login({ username: name, password }).unwrap();
      // GuestOnly takes the now signed-in user on to the redirect target or the dashboard.
      dispatch(loggedIn(result.user_info));
    } catch (e) {
      const next = secondStep(e);
      if (next) {
        setPassword('');
        return setStep(next);
      }
      setError(errorText(e, 'auth.loginFailed', 'auth.loginRequestFailed'));
    }
  };

  const restart = (reason?: string) => {
    setStep(null);
    setLinking(null);
    setError(reason ?? null);
  };

  if (linking && !step) {
    return (
      <Card className="mx-auto" style={{ maxWidth: 420 }}>
        <Card.Body>
          <LinkAccountStep link={linking} onSecondStep={setStep} onRestart={restart} />
        </Card.Body>
      </Card>
    );
  }

  if (step) {
    return (
      <Card className="mx-auto" style={{ maxWidth: 420 }}>
        <Card.Body>
          <TwoFactorStep step={step} onRestart={restart} />
        </Card.Body>
      </Card>
    );
  }

  return (
    <Card className="mx-auto" style={{ maxWidth: 420 }}>
      <Card.Body>
        <h1 className="h4 mb-3">{t('auth.loginTitle')}</h1>
        {notice && !error && <Alert variant="success">{notice}</Alert>}
        {error && <Alert variant="danger">{error}</Alert>}
        <Form noValidate onSubmit={(e) => void submit(e)}>
          <Form.Group className="mb-3" controlId="login-username">
            <Form.Label>{t('auth.username')}</Form.Label>
            <Form.Control
              autoComplete="username"
              value={username}
              onChange={(e) => {
                setUsername(e.target.value);
                required.filled('username');
              }}
              {...required.marks('username')}
            />
            {required.feedback('username')}
          </Form.Group>
          <Form.Group className="mb-3" controlId="login-password">
            <Form.Label>{t('auth.password')}</Form.Label>
            <Form.Control
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                required.filled('password');
              }}
              {...required.marks('password')}
            />
            {required.feedback('password')}
            <div className="text-end mt-1">
              <Link to={paths.forgotPassword} className="small">
                {t('auth.forgotLink')}
              </Link>
            </div>
          </Form.Group>
          <Button type="submit" className="w-100" disabled={isLoading}>
            {isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {isLoading ? t('auth.loggingIn') : t('auth.loginTitle')}
          </Button>
        </Form>
        <OrDivider />
        <div className="d-grid gap-2">
          <PasskeyButton
            label="passkeys.signIn"
            busy={passkey.busy}
            onClick={() => void signInWithPasskey()}
          />
          <ProviderButtons returnTo={search.get('redirect')} />
        </div>
        <p className="mt-3 mb-0 text-center small">
          {t('auth.noAccount')} <Link to={paths.register}>{t('nav.register')}</Link>
        </p>
      </Card.Body>
    </Card>
  );
}
