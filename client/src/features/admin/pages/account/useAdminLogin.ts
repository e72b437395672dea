import { FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useRequiredFields } from '../../../../components/ui/useRequiredFields';
import { errorCode } from '../../../../lib/api';
import { useAdminLoginMutation, useAdminLoginTwoFactorMutation } from '../../api';
import { adminErrorText } from '../../errors';
import { ZH } from '../../i18n/zh';
import { adminPaths } from '../../paths';
import { clearAdminLoggedIn, markAdminLoggedIn } from '../../session';

/** The challenge of a right password's 401 `auth.two_factor_required`, else null. */
function challengeOf(error: unknown): string | null {
  if (errorCode(error) !== 'auth.two_factor_required') return null;
  const challenge = (error as { data?: { challenge?: unknown } }).data?.challenge;
  return typeof challenge === 'string' ? challenge : null;
}

/** Signing in: the password step, then on an account with two-factor the code step. */
export function useAdminLogin() {
  const navigate = useNavigate();
  const [login, { isLoading }] = useAdminLoginMutation();
  const [finish, finishing] = useAdminLoginTwoFactorMutation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const required = useRequiredFields(
    { username: 'admin-username', password: 'admin-password' },
    ZH.loginRequired,
  );
  // After a right password, on an account with two-factor: the step the code finishes.
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState('');

  const signedIn = () => {
    markAdminLoggedIn();
    void navigate(adminPaths.dashboard, { replace: true });
  };

  const onCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(ZH.twoFactorCodeRequired);
      return;
    }
    setError(null);
    const result = await finish({ challenge: challenge!, code: code.trim() });
    if ('error' in result) {
      setCode('');
      if (errorCode(result.error) === 'auth.two_factor_challenge_invalid') {
        setChallenge(null);
        setPassword('');
      }
      setError(adminErrorText(result.error, { failed: ZH.loginFailed, network: ZH.loginNetwork }));
      return;
    }
    signedIn();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!required.check({ username: username.trim(), password })) return;
    const result = await login({ username: username.trim(), password });
    if ('error' in result) {
      clearAdminLoggedIn();
      const step = challengeOf(result.error);
      if (step) {
        setChallenge(step);
        return;
      }
      setError(adminErrorText(result.error, { failed: ZH.loginFailed, network: ZH.loginNetwork }));
      return;
    }
    signedIn();
  };

  /** Back from the code step to the password. */
  const back = () => {
    setChallenge(null);
    setCode('');
    setError(null);
  };

  return {
    username,
    setUsername,
    password,
    setPassword,
    code,
    setCode,
    error,
    required,
    challenge,
    signingIn: isLoading,
    verifying: finishing.isLoading,
    onSubmit,
    onCode,
    back,
  };
}
