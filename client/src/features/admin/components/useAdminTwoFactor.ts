import { DISABLE_TOTP_FIELDS, ENABLE_TOTP_FIELDS, START_TOTP_FIELDS } from '@contracts/two-factor';
import type { TotpSetup } from '@contracts/two-factor';
import { useState } from 'react';
import { refusedField } from '../../../lib/api';
import {
  useAdminTwoFactorQuery,
  useDisableAdminTotpMutation,
  useEnableAdminTotpMutation,
  useStartAdminTotpMutation,
} from '../api';
import { adminErrorText, type Notice } from '../errors';
import { ACCOUNT } from '../i18n/account';
import type { Refusal, TwoFactorField } from './TwoFactorStepForm';

const TEXTS = ACCOUNT.twoFactor;

/** The admin's own two-factor: its status, the step under way, and each step's call. */
export function useAdminTwoFactor(onOthersSignedOut?: () => void) {
  const { data, isError } = useAdminTwoFactorQuery();
  const [startCall] = useStartAdminTotpMutation();
  const [enableCall] = useEnableAdminTotpMutation();
  const [disableCall] = useDisableAdminTotpMutation();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  /** A refusal for one of the form's `fields`, or the banner. */
  const refusal = (error: unknown, fields: readonly TwoFactorField[]): Refusal => {
    const text = adminErrorText(error, { failed: TEXTS.failed, fields: TEXTS.fields });
    const field = refusedField(error, fields);
    if (field) return { field, text };
    setNotice({ ok: false, text });
    return null;
  };

  const start = async ({ current_password }: Record<TwoFactorField, string>) => {
    setNotice(null);
    const result = await startCall({ current_password });
    if ('error' in result) return refusal(result.error, START_TOTP_FIELDS);
    setSetup(result.data.data);
    return null;
  };

  const enable = async ({ code }: Record<TwoFactorField, string>) => {
    const result = await enableCall({ code: code.trim() });
    if ('error' in result) return refusal(result.error, ENABLE_TOTP_FIELDS);
    setSetup(null);
    setCodes(result.data.data.recovery_codes);
    setNotice({ ok: true, text: TEXTS.turnedOn });
    onOthersSignedOut?.();
    return null;
  };

  const disable = async ({ current_password, code }: Record<TwoFactorField, string>) => {
    const result = await disableCall({ current_password, code: code.trim() });
    if ('error' in result) return refusal(result.error, DISABLE_TOTP_FIELDS);
    setNotice({ ok: true, text: TEXTS.turnedOff });
    return null;
  };

  return {
    status: data?.data,
    isError,
    setup,
    setSetup,
    codes,
    setCodes,
    notice,
    setNotice,
    start,
    enable,
    disable,
  };
}
