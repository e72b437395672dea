import type { AdminPlanView } from '@contracts/plans';
import { useEffect, useState, type FormEvent } from 'react';
import { errorCode, refusedField } from '../../../../lib/api';
import { useSavePlanMutation } from '../../api';
import type { FieldRefusal } from '../../components/RefusableField';
import { adminErrorText } from '../../errors';
import { PLANS } from '../../i18n/plans';
import {
  EMPTY,
  FIELD_TEXTS,
  PLAN_FIELDS,
  bodyOf,
  check,
  formOf,
  type PlanField,
  type PlanForm,
} from './planForm';

/** The field a refusal of the plan's rules is about, when the server names none. */
function ruleField(code: string | undefined, form: PlanForm): PlanField | undefined {
  if (code === 'plan.default_paid') return 'is_default';
  if (code !== 'plan.scope') return undefined;
  return form.scope === 'category' ? 'category_id' : form.scope === 'apis' ? 'api_ids' : 'scope';
}

/**
 * The plan dialog's state: a new plan (`plan` null) or a saved one's fields, checked here first,
 * then sent; a refusal said at its field (focused) or above them all. Saved: `onSaved` is told.
 */
export function usePlanForm(
  plan: AdminPlanView | null,
  onSaved: (saved: AdminPlanView, created: boolean) => void,
) {
  const [save, { isLoading }] = useSavePlanMutation();
  const [form, setForm] = useState<PlanForm>(() => (plan ? formOf(plan) : EMPTY));
  const [refusal, setRefusal] = useState<FieldRefusal<PlanField> | null>(null);
  useEffect(() => {
    if (refusal?.field) document.getElementById(`plan-${refusal.field}`)?.focus();
  }, [refusal]);

  const set = <F extends keyof PlanForm>(field: F, value: PlanForm[F]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setRefusal((current) => (current?.field === field ? null : current));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check(form);
    const first = PLAN_FIELDS.find((field) => found[field]);
    if (first) return setRefusal({ field: first, text: found[first] ?? '' });
    setRefusal(null);
    const result = await save(bodyOf(form, plan?.id));
    if ('error' in result) {
      const field =
        refusedField(result.error, PLAN_FIELDS) ?? ruleField(errorCode(result.error), form);
      const text = adminErrorText(result.error, { failed: PLANS.form.failed, fields: FIELD_TEXTS });
      return setRefusal(field ? { field, text } : { text });
    }
    onSaved(result.data, plan === null);
  };

  return { form, set, refusal, isLoading, onSubmit };
}

export type PlanFormState = ReturnType<typeof usePlanForm>;
