import type { PlanView } from '@contracts/plans';

/** A plan as the server answers it: a free monthly plan of 100 calls of every paid API. */
export const planView = (id: number, more: Partial<PlanView> = {}): PlanView => ({
  id,
  name: `套餐 ${id}`,
  name_en: '',
  description: '',
  description_en: '',
  price: '0.000',
  period: 'month',
  included_calls: 100,
  scope: 'all',
  category_id: null,
  api_ids: [],
  overage: 'pay',
  hour_limit: null,
  day_limit: null,
  week_limit: null,
  overage_price: null,
  is_default: false,
  status: 1,
  ...more,
});
