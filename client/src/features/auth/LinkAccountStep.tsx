import { useRef, useState, type FormEvent } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { loggedIn } from '../../app/authSlice';
import { useAppDispatch } from '../../app/store';
import { useI18n } from '../../i18n';
import { errorCode } from '../../lib/api';
import { useOidcLinkMutation } from './api';
import type { PendingLink } from '../../lib/oidcFragment';
import { secondStep, type SecondStep } from './TwoFactorStep';
import { invalidMarks } from '../../components/ui/invalidMarks';

/**
 * After a provider sign-in whose verified e-mail address an account already uses: that
 * account's password links the provider to it and signs in (or goes on to its second step).
 */
export default function LinkAccountStep({
  link,
  onSecondStep,
  onRestart,
}: {
  link: PendingLink;
  onSecondStep: (step: SecondStep) => void;
  onRestart: (reason?: string) => void;
}) {
  const { t, errorText } = useI18n();
  const dispatch = useAppDispatch();
  const [linkAccount, { isLoading }] = useOidcLinkMutation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(t('reset.required'));
      input.current?.focus();
      return;
    }
    try {
      const result = await linkAccount({
        ticket: link.ticket,
        current_password: password,
      }).unwrap();
      dispatch(loggedIn(result.user_info));
    } catch (e) {
      const next = secondStep(e);
      if (next) return onSecondStep(next);
      const text = errorText(e, 'oidc.failed', 'auth.loginRequestFailed');
      if (errorCode(e) === 'oidc.link_invalid') return onRestart(text);
      setError(text);
      input.current?.focus();
    }
  };

  return (
    <>
      <h1 className="h4 mb-3">{t('oidc.linkTitle')}</h1>
      <p>{t('oidc.linkIntro', { username: link.username, provider: link.provider })}</p>
      <Form noValidate onSubmit={(e) => void submit(e)}>
        <input type="hidden" autoComplete="username" value={link.username} readOnly />
        <Form.Group className="mb-3" controlId="link-password">
          <Form.Label>{t('auth.password')}</Form.Label>
          <Form.Control
            ref={input}
            type="password"
            autoComplete="current-password"
            value={password}
            {...invalidMarks(error !== null && 'link-password-error')}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Form.Control.Feedback type="invalid" id="link-password-error">
            {error}
          </Form.Control.Feedback>
        </Form.Group>
        <Button type="submit" className="w-100" disabled={isLoading}>
          {isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {isLoading ? t('oidc.linking') : t('oidc.linkSubmit')}
        </Button>
      </Form>
      <p className="mt-3 mb-0 text-center small">
        <Button variant="link" size="sm" className="p-0" onClick={() => onRestart()}>
          {t('oidc.back')}
        </Button>
      </p>
    </>
  );
}
