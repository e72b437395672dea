import { useRef, useState, type FormEvent } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { loggedIn } from '../../app/authSlice';
import { useAppDispatch } from '../../app/store';
import { useI18n } from '../../i18n';
import OrDivider from './OrDivider';
import PasskeyButton from './PasskeyButton';
import { useLoginTwoFactorMutation } from './api';
import { usePasskeySignIn } from './usePasskeySignIn';
import { invalidMarks } from '../../components/ui/invalidMarks';

/** What login.php's `auth.two_factor_required` answer hands the second step. */
export interface SecondStep {
  challenge: string;
  /** The account has passkeys: one may finish the step instead of a code. */
  passkeys: boolean;
}

const challengeExpired = (error: unknown) =>
  (error as { data?: { code?: unknown } } | undefined)?.data?.code ===
  'auth.two_factor_challenge_invalid';

/**
 * The sign-in's second step, after a right password on an account with two-factor on: a code
 * from the authenticator app or a recovery code, or one of the account's passkeys. An expired
 * step goes back to the password.
 */
export default function TwoFactorStep({
  step: { challenge, passkeys },
  onRestart,
}: {
  step: SecondStep;
  onRestart: (reason?: string) => void;
}) {
  const { t, errorText } = useI18n();
  const dispatch = useAppDispatch();
  const [verify, { isLoading }] = useLoginTwoFactorMutation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const passkey = usePasskeySignIn(challenge);

  const finishWithPasskey = async () => {
    setError(null);
    const refused = await passkey.run();
    if (!refused) return;
    if (challengeExpired(refused.error)) return onRestart(refused.text);
    setError(refused.text);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('reset.required'));
      input.current?.focus();
      return;
    }
    try {
      const result = await verify({ challenge, code: code.trim() }).unwrap();
      dispatch(loggedIn(result.user_info));
    } catch (e) {
      const text = errorText(e, 'auth.loginFailed', 'auth.loginRequestFailed');
      if (challengeExpired(e)) return onRestart(text);
      setError(text);
      setCode('');
      input.current?.focus();
    }
  };

  return (
    <>
      <h1 className="h4 mb-3">{t('twofa.codeTitle')}</h1>
      <p className="text-body-secondary">{t('twofa.codeIntro')}</p>
      {passkeys && (
        <>
          <PasskeyButton
            label="passkeys.useInstead"
            busy={passkey.busy}
            onClick={() => void finishWithPasskey()}
          />
          <OrDivider />
        </>
      )}
      <Form noValidate onSubmit={(e) => void submit(e)}>
        <Form.Group className="mb-3" controlId="login-code">
          <Form.Label>{t('twofa.code')}</Form.Label>
          <Form.Control
            ref={input}
            autoFocus
            autoComplete="one-time-code"
            spellCheck={false}
            value={code}
            {...invalidMarks(error !== null && 'login-code-error')}
            onChange={(e) => {
              setCode(e.target.value);
              setError(null);
            }}
          />
          <Form.Control.Feedback type="invalid" id="login-code-error">
            {error}
          </Form.Control.Feedback>
        </Form.Group>
        <Button type="submit" className="w-100" disabled={isLoading}>
          {isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {isLoading ? t('twofa.verifying') : t('twofa.verify')}
        </Button>
      </Form>
      <p className="mt-3 mb-0 text-center small">
        <Button variant="link" size="sm" className="p-0" onClick={() => onRestart()}>
          {t('twofa.back')}
        </Button>
      </p>
    </>
  );
}

/** The second step of a login refused with `auth.two_factor_required`, if that is what it was. */
export function secondStep(error: unknown): SecondStep | null {
  const data = (
    error as { data?: { code?: unknown; challenge?: unknown; passkeys?: unknown } } | null
  )?.data;
  return data?.code === 'auth.two_factor_required' && typeof data.challenge === 'string'
    ? { challenge: data.challenge, passkeys: data.passkeys === true }
    : null;
}
