import type { RedeemBatchView } from '@contracts/redeem';
import { useState, type FormEvent } from 'react';
import { refusedField } from '../../../../lib/api';
import { useCreateRedeemBatchMutation } from '../../api';
import { adminErrorText } from '../../errors';
import { REDEEM } from '../../i18n/redeem';
import { EMPTY, FIELD_TEXTS, bodyOf, check, type BatchForm, type Field } from './batchForm';

const focus = (field: string) => document.getElementById(`redeem-batch-${field}`)?.focus();

/**
 * The batch form's state: what is typed, each field's mistake (checked here first, then as the
 * server refuses it) and a refusal naming no field. A created batch empties the form.
 */
export function useCreateBatch(onCreated: (batch: RedeemBatchView) => void) {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [create, { isLoading }] = useCreateRedeemBatchMutation();

  const setKind = (kind: BatchForm['kind']) => {
    setForm((current) => ({ ...current, kind }));
    setErrors((current) => ({
      ...current,
      kind: undefined,
      credit_days: undefined,
      plan_id: undefined,
    }));
  };

  const set = (field: Exclude<Field, 'kind'>) => (event: { target: { value: string } }) => {
    const { value } = event.target;
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = check(form);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      focus(first);
      return;
    }
    const result = await create(bodyOf(form));
    if ('error' in result) {
      const field = refusedField(result.error) as Field | undefined;
      const text = adminErrorText(result.error, {
        failed: REDEEM.form.failed,
        fields: FIELD_TEXTS,
      });
      if (field && field in FIELD_TEXTS) {
        setErrors({ [field]: text });
        focus(field);
      } else {
        setFailure(text);
      }
      return;
    }
    setForm(EMPTY);
    onCreated(result.data.data);
  };

  return { form, errors, failure, isLoading, set, setKind, submit };
}
