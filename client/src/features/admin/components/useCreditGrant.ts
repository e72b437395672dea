import { GRANT_CREDIT_FIELDS } from '@contracts/credit';
import type { GrantCreditBody } from '@contracts/credit';
import type { AdminUser } from '@contracts/users';
import { FormEvent, useEffect, useState } from 'react';
import { refusedField } from '../../../lib/api';
import { formatYuan } from '../../../lib/money';
import { useGrantCreditMutation } from '../api';
import { adminErrorText } from '../errors';
import { USERS } from '../i18n/users';
import { ZH } from '../i18n/zh';

export type CreditField = Exclude<(typeof GRANT_CREDIT_FIELDS)[number], 'user_id'>;
const TEXTS = USERS.credit;
const AMOUNT = /^\d{1,6}(\.\d{1,3})?$/;

/** `<input type="datetime-local">`'s value for a time: the browser's local wall clock. */
const localInput = (date: Date) =>
  new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/** The credit form's state: checked here first, then sent, a refusal kept at its field. */
export function useCreditGrant(user: AdminUser) {
  const [grant, { isLoading }] = useGrantCreditMutation();
  const [amount, setAmount] = useState('');
  const [expiresAt, setExpiresAt] = useState(() =>
    localInput(new Date(Date.now() + 30 * 86_400_000)),
  );
  const [reason, setReason] = useState<GrantCreditBody['reason']>('promotion');
  const [note, setNote] = useState('');
  const [refusal, setRefusal] = useState<{ field?: CreditField; text: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    if (refusal?.field) document.getElementById(`credit-${refusal.field}`)?.focus();
  }, [refusal]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!AMOUNT.test(amount.trim()) || Number(amount) <= 0 || Number(amount) > 100_000) {
      return setRefusal({ field: 'amount', text: TEXTS.fields.amount });
    }
    const expires = new Date(expiresAt);
    if (Number.isNaN(expires.getTime()) || expires.getTime() <= Date.now()) {
      return setRefusal({ field: 'expires_at', text: TEXTS.fields.expires_at });
    }
    setRefusal(null);
    const result = await grant({
      user_id: user.id,
      amount: amount.trim(),
      expires_at: expires.toISOString(),
      reason,
      note: note.trim(),
    });
    if ('error' in result) {
      const field = refusedField(result.error, GRANT_CREDIT_FIELDS);
      const text = adminErrorText(result.error, { failed: ZH.updateFailed, fields: TEXTS.fields });
      setRefusal(field && field !== 'user_id' ? { field, text } : { text });
      return;
    }
    setDone(TEXTS.done(formatYuan(result.data.data.credit)));
  };
  const edited = (field: CreditField) => refusal?.field === field && setRefusal(null);

  return {
    amount,
    setAmount,
    expiresAt,
    setExpiresAt,
    reason,
    setReason,
    note,
    setNote,
    refusal,
    done,
    isLoading,
    onSubmit,
    edited,
  };
}
