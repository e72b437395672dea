import { useState } from 'react';
import { loggedIn } from '../../app/authSlice';
import { useAppDispatch } from '../../app/store';
import { useI18n } from '../../i18n';
import { passkeysSupported, signWithPasskey } from '../../lib/passkeys';
import { usePasskeyLoginMutation, usePasskeyLoginOptionsMutation } from './api';

/**
 * Signing in with a passkey: alone, or (given the password step's `challenge`) as the second
 * factor. `run` answers the refusal to show, or null: signed in, or the prompt was closed.
 */
export function usePasskeySignIn(challenge?: string) {
  const { t, errorText } = useI18n();
  const dispatch = useAppDispatch();
  const [options] = usePasskeyLoginOptionsMutation();
  const [finish] = usePasskeyLoginMutation();
  const [busy, setBusy] = useState(false);

  const attempt = async (): Promise<{ text: string; error?: unknown } | null> => {
    if (!passkeysSupported()) return { text: t('passkeys.unsupported') };
    const asked = await options(challenge === undefined ? {} : { challenge });
    if ('error' in asked) return { text: refusal(asked.error), error: asked.error };
    const signed = await signWithPasskey(asked.data);
    if (!signed.ok) return signed.reason === 'cancelled' ? null : { text: t('passkeys.failed') };
    const result = await finish({ credential: signed.credential, challenge });
    if ('error' in result) return { text: refusal(result.error), error: result.error };
    dispatch(loggedIn(result.data.user_info));
    return null;
  };

  const refusal = (error: unknown) =>
    errorText(error, 'auth.loginFailed', 'auth.loginRequestFailed');

  const run = async () => {
    setBusy(true);
    try {
      return await attempt();
    } finally {
      setBusy(false);
    }
  };

  return { run, busy };
}
