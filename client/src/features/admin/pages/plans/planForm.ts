import {
  MAX_PLAN_APIS,
  MAX_PLAN_CALLS,
  MAX_PLAN_PRICE_MILLI,
  SAVE_PLAN_FIELDS,
  type AdminPlanView,
  type PlanOverage,
  type PlanPeriod,
  type PlanScope,
  type SavePlanBody,
} from '@contracts/plans';
import { PLANS } from '../../i18n/plans';

/** A field of the plan form, named as save_plan.php names it. */
export type PlanField = Exclude<(typeof SAVE_PLAN_FIELDS)[number], 'id'>;
export const PLAN_FIELDS = SAVE_PLAN_FIELDS.filter((field): field is PlanField => field !== 'id');

/** The form as typed: numbers stay text until checked, the chosen APIs are their ids. */
export interface PlanForm {
  name: string;
  name_en: string;
  description: string;
  description_en: string;
  price: string;
  period: PlanPeriod;
  included_calls: string;
  scope: PlanScope;
  category_id: string;
  api_ids: number[];
  overage: PlanOverage;
  /** Empty: no such limit. */
  hour_limit: string;
  day_limit: string;
  week_limit: string;
  /** Empty: each API's own price. */
  overage_price: string;
  is_default: boolean;
  status: number;
}

const MAX_PRICE = MAX_PLAN_PRICE_MILLI / 1000;
const { fieldErrors } = PLANS;

/** Each field's mistake, said at its control, whether found here or refused by the server. */
export const FIELD_TEXTS: Record<PlanField, string> = {
  ...fieldErrors,
  price: fieldErrors.price(MAX_PRICE),
  included_calls: fieldErrors.included_calls(MAX_PLAN_CALLS),
  api_ids: fieldErrors.api_ids(MAX_PLAN_APIS),
  hour_limit: fieldErrors.limit(MAX_PLAN_CALLS),
  day_limit: fieldErrors.limit(MAX_PLAN_CALLS),
  week_limit: fieldErrors.limit(MAX_PLAN_CALLS),
  overage_price: fieldErrors.overage_price(MAX_PRICE),
};

/** A new plan: a monthly one for every paid API, paid per call past its calls, on offer. */
export const EMPTY: PlanForm = {
  name: '',
  name_en: '',
  description: '',
  description_en: '',
  price: '',
  period: 'month',
  included_calls: '',
  scope: 'all',
  category_id: '',
  api_ids: [],
  overage: 'pay',
  hour_limit: '',
  day_limit: '',
  week_limit: '',
  overage_price: '',
  is_default: false,
  status: 1,
};

/** A saved plan in the form, to be changed. */
export const formOf = (plan: AdminPlanView): PlanForm => ({
  name: plan.name,
  name_en: plan.name_en,
  description: plan.description,
  description_en: plan.description_en,
  price: plan.price,
  period: plan.period,
  included_calls: String(plan.included_calls),
  scope: plan.scope,
  category_id: plan.category_id === null ? '' : String(plan.category_id),
  api_ids: plan.api_ids,
  overage: plan.overage,
  hour_limit: plan.hour_limit === null ? '' : String(plan.hour_limit),
  day_limit: plan.day_limit === null ? '' : String(plan.day_limit),
  week_limit: plan.week_limit === null ? '' : String(plan.week_limit),
  overage_price: plan.overage_price ?? '',
  is_default: plan.is_default,
  status: plan.status,
});

/** The window limits, shortest first: each at most the next one's. */
const LIMITS = ['hour_limit', 'day_limit', 'week_limit'] as const;

/** A limit as typed: null when empty, NaN when not a whole number in range. */
function limitOf(text: string): number | null {
  const value = text.trim();
  if (value === '') return null;
  return /^\d+$/.test(value) && +value >= 1 && +value <= MAX_PLAN_CALLS ? Number(value) : NaN;
}

const PRICE = /^\d{1,5}(\.\d{1,3})?$/;

/** The fields the form can tell wrong before asking the server, in the form's order. */
export function check(form: PlanForm): Partial<Record<PlanField, string>> {
  const errors: Partial<Record<PlanField, string>> = {};
  const wrong = (field: PlanField, is: boolean) => {
    if (is) errors[field] = FIELD_TEXTS[field];
  };
  wrong('name', !form.name.trim() || form.name.trim().length > 100);
  wrong('name_en', form.name_en.trim().length > 100);
  wrong('description', form.description.trim().length > 500);
  wrong('description_en', form.description_en.trim().length > 500);
  const price = form.price.trim();
  wrong('price', !PRICE.test(price) || Number(price) > MAX_PRICE);
  const calls = form.included_calls.trim();
  wrong('included_calls', !/^\d+$/.test(calls) || +calls < 1 || +calls > MAX_PLAN_CALLS);
  wrong('category_id', form.scope === 'category' && !form.category_id);
  wrong(
    'api_ids',
    form.scope === 'apis' && (form.api_ids.length === 0 || form.api_ids.length > MAX_PLAN_APIS),
  );
  const limits = LIMITS.map((name) => limitOf(form[name]));
  LIMITS.forEach((name, i) => {
    const limit = limits[i];
    const longer = limits.slice(i + 1).find((next) => next !== null && !Number.isNaN(next));
    if (Number.isNaN(limit)) wrong(name, true);
    else if (limit !== null && longer !== undefined && limit > longer!) {
      errors[name] = PLANS.fieldErrors.limitOrder;
    }
  });
  const overagePrice = form.overage_price.trim();
  wrong(
    'overage_price',
    form.overage === 'pay' &&
      overagePrice !== '' &&
      (!PRICE.test(overagePrice) ||
        !(Number(overagePrice) > 0) ||
        Number(overagePrice) > MAX_PRICE),
  );
  wrong('is_default', form.is_default && PRICE.test(price) && Number(price) > 0);
  return errors;
}

/** What save_plan.php is sent for a form that passed `check`: only the scope's own choice. */
export const bodyOf = (form: PlanForm, id: number | undefined): SavePlanBody => ({
  ...(id === undefined ? {} : { id }),
  name: form.name.trim(),
  name_en: form.name_en.trim(),
  description: form.description.trim(),
  description_en: form.description_en.trim(),
  price: form.price.trim(),
  period: form.period,
  included_calls: Number(form.included_calls.trim()),
  scope: form.scope,
  category_id: form.scope === 'category' ? Number(form.category_id) : null,
  api_ids: form.scope === 'apis' ? form.api_ids : [],
  overage: form.overage,
  hour_limit: limitOf(form.hour_limit),
  day_limit: limitOf(form.day_limit),
  week_limit: limitOf(form.week_limit),
  overage_price:
    form.overage === 'pay' && form.overage_price.trim() ? form.overage_price.trim() : null,
  is_default: form.is_default,
  status: form.status,
});
