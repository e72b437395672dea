import { ADJUST_AMOUNT_PATTERN, ADJUST_BALANCE_FIELDS } from '@contracts/recharge';
import type { AdminUser } from '@contracts/users';
import { FormEvent, useEffect, useState } from 'react';
import { refusedField } from '../../../lib/api';
import { formatYuan } from '../../../lib/money';
import { useAdjustUserBalanceMutation } from '../api';
import { adminErrorText } from '../errors';
import { USERS } from '../i18n/users';
import { ZH } from '../i18n/zh';

export type BalanceField = 'amount' | 'reason';
const FIELD_TEXTS = USERS.balance.fields;

/** The balance form's state: checked here first, then sent, a refusal kept at its field. */
export function useBalanceAdjust(user: AdminUser) {
  const [adjust, { isLoading }] = useAdjustUserBalanceMutation();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  // A refusal of the amount or the reason is said at it; any other above the fields.
  const [refusal, setRefusal] = useState<{ field?: BalanceField; text: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    if (refusal?.field) document.getElementById(`balance-${refusal.field}`)?.focus();
  }, [refusal]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ADJUST_AMOUNT_PATTERN.test(amount.trim()) || Number(amount) === 0) {
      return setRefusal({ field: 'amount', text: FIELD_TEXTS.amount });
    }
    if (!reason.trim()) return setRefusal({ field: 'reason', text: FIELD_TEXTS.reason });
    setRefusal(null);
    const result = await adjust({ user_id: user.id, amount: amount.trim(), reason: reason.trim() });
    if ('error' in result) {
      const field = refusedField(result.error, ADJUST_BALANCE_FIELDS);
      const text = adminErrorText(result.error, { failed: ZH.updateFailed, fields: FIELD_TEXTS });
      setRefusal(field && field !== 'user_id' ? { field, text } : { text });
      return;
    }
    setDone(USERS.balance.done(formatYuan(result.data.data.balance)));
  };
  /** Editing a refused field takes its message back. */
  const edited = (field: BalanceField) => refusal?.field === field && setRefusal(null);

  return { amount, setAmount, reason, setReason, refusal, done, isLoading, onSubmit, edited };
}
