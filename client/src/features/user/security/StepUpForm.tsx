import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useI18n } from '../../../i18n';
import { signWithPasskey } from '../../../lib/passkeys';
import FieldsForm, { CODE, useFieldRefusal, type Refusal } from './FieldsForm';
import { useConfirmTwoFactorMutation, useStepUpOptionsMutation } from './api';

/** What a call refused with `auth.step_up_required` says: whether a passkey may answer. */
export interface StepUp {
  passkeys: boolean;
}

/** The step-up a refusal asks for, or null when it was something else. */
export function stepUpRequired(error: unknown): StepUp | null {
  const data = (error as { data?: { code?: unknown; passkeys?: unknown } } | null)?.data;
  return data?.code === 'auth.step_up_required' ? { passkeys: data.passkeys === true } : null;
}

/**
 * "Confirm it's you": the second factor again (a code, a recovery code or a passkey) before a
 * call that hands out a new key secret; `onConfirmed` then repeats that call.
 */
export default function StepUpForm({
  stepUp,
  onConfirmed,
  onCancel,
}: {
  stepUp: StepUp;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const { t, errorText } = useI18n();
  const fieldRefusal = useFieldRefusal();
  const [confirm] = useConfirmTwoFactorMutation();
  const [options] = useStepUpOptionsMutation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const failure = (e: unknown) => errorText(e, 'twofa.failed', 'user.requestFailed');

  const withPasskey = async () => {
    setError(null);
    setBusy(true);
    try {
      const asked = await options();
      if ('error' in asked) return setError(failure(asked.error));
      const signed = await signWithPasskey(asked.data);
      if (!signed.ok) {
        if (signed.reason !== 'cancelled') setError(t('passkeys.failed'));
        return;
      }
      const done = await confirm({ credential: signed.credential });
      if ('error' in done) return setError(failure(done.error));
      onConfirmed();
    } finally {
      setBusy(false);
    }
  };

  const withCode = async (code: string): Promise<Refusal> => {
    setError(null);
    const done = await confirm({ code: code.trim() });
    if (!('error' in done)) {
      onConfirmed();
      return null;
    }
    // A refused passkey answer has no field here: it is said above the form.
    const refused = fieldRefusal(done.error, ['code'], failure(done.error));
    if (!refused) setError(failure(done.error));
    return refused;
  };

  return (
    <section aria-labelledby="step-up-title">
      <h2 id="step-up-title" className="h5">
        {t('stepup.title')}
      </h2>
      <p className="text-body-secondary">{t('stepup.intro')}</p>
      {error && (
        <p className="text-danger" role="alert">
          {error}
        </p>
      )}
      {stepUp.passkeys && (
        <Button
          variant="outline-primary"
          className="mb-3"
          disabled={busy}
          onClick={() => void withPasskey()}
        >
          {busy ? t('passkeys.signingIn') : t('passkeys.useInstead')}
        </Button>
      )}
      <FieldsForm
        id="step-up"
        fields={[CODE]}
        submitLabel="stepup.confirm"
        busyLabel="stepup.confirming"
        onCancel={onCancel}
        onSubmit={({ code }) => withCode(code)}
      />
    </section>
  );
}
