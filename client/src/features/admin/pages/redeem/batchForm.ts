import type { CreateRedeemBatchBody } from '@contracts/redeem';
import {
  MAX_BATCH_CODES,
  MAX_CODE_USES,
  MAX_CODE_VALUE_MILLI,
  MAX_CREDIT_DAYS,
} from '@contracts/redeem';
import type { RedeemKind } from '@contracts/redeem';
import { REDEEM } from '../../i18n/redeem';

/** A term of the batch, named as create_redeem_batch.php names it. */
export type Field =
  | 'name'
  | 'kind'
  | 'value'
  | 'count'
  | 'uses_per_code'
  | 'per_user_limit'
  | 'expires_at'
  | 'credit_days'
  | 'plan_id';

/**
 * The terms as typed (the plan as its id, '' for none): the form checks them, then sends them as
 * numbers and an ISO time.
 */
export type BatchForm = Record<Exclude<Field, 'kind'>, string> & { kind: RedeemKind };

/** Each field's mistake, shown at its control, whether found here or refused by the server. */
export const FIELD_TEXTS: Record<Field, string> = {
  name: REDEEM.fieldErrors.name,
  kind: REDEEM.fieldErrors.kind,
  value: REDEEM.fieldErrors.value,
  count: REDEEM.fieldErrors.count(MAX_BATCH_CODES),
  uses_per_code: REDEEM.fieldErrors.usesPerCode(MAX_CODE_USES),
  per_user_limit: REDEEM.fieldErrors.perUserLimit(MAX_BATCH_CODES),
  expires_at: REDEEM.fieldErrors.expiresAt,
  credit_days: REDEEM.fieldErrors.creditDays(MAX_CREDIT_DAYS),
  plan_id: REDEEM.fieldErrors.plan,
};

/** A new form: 100 one-off cash codes, one per user, that never expire. */
export const EMPTY: BatchForm = {
  name: '',
  kind: 'cash',
  credit_days: '30',
  plan_id: '',
  value: '',
  count: '100',
  uses_per_code: '1',
  per_user_limit: '1',
  expires_at: '',
};

const whole = (text: string, max: number) => /^\d+$/.test(text) && +text >= 1 && +text <= max;

/** The fields the form can tell wrong before asking the server. */
export function check(form: BatchForm): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!form.name.trim() || form.name.trim().length > 100) errors.name = FIELD_TEXTS.name;
  const value = form.value.trim();
  const money =
    /^\d{1,6}(\.\d{1,3})?$/.test(value) && +value > 0 && +value * 1000 <= MAX_CODE_VALUE_MILLI;
  // A plan code is worth a period of its plan, not money.
  if (form.kind !== 'plan' && !money) errors.value = FIELD_TEXTS.value;
  if (!whole(form.count, MAX_BATCH_CODES)) errors.count = FIELD_TEXTS.count;
  if (!whole(form.uses_per_code, MAX_CODE_USES)) errors.uses_per_code = FIELD_TEXTS.uses_per_code;
  if (!whole(form.per_user_limit, MAX_BATCH_CODES)) {
    errors.per_user_limit = FIELD_TEXTS.per_user_limit;
  }
  if (form.expires_at && !(new Date(form.expires_at).getTime() > Date.now())) {
    errors.expires_at = FIELD_TEXTS.expires_at;
  }
  if (form.kind === 'credit' && !whole(form.credit_days, MAX_CREDIT_DAYS)) {
    errors.credit_days = FIELD_TEXTS.credit_days;
  }
  if (form.kind === 'plan' && !form.plan_id) errors.plan_id = FIELD_TEXTS.plan_id;
  return errors;
}

/** What create_redeem_batch.php is sent for a form that passed `check`. */
export const bodyOf = (form: BatchForm): CreateRedeemBatchBody => ({
  name: form.name.trim(),
  kind: form.kind,
  credit_days: form.kind === 'credit' ? +form.credit_days : null,
  value: form.kind === 'plan' ? undefined : form.value.trim(),
  plan_id: form.kind === 'plan' ? +form.plan_id : null,
  count: +form.count,
  uses_per_code: +form.uses_per_code,
  per_user_limit: +form.per_user_limit,
  expires_at: form.expires_at ? new Date(form.expires_at).toISOString() : null,
});
