import type { Category } from '@contracts/categories';
import { PLAN_WINDOWS, type AdminPlanView } from '@contracts/plans';
import { formatCount } from '../../../../lib/formatCount';
import { PLANS } from '../../i18n/plans';

const { list: LIST } = PLANS;

/** 范围: every paid API, the category's name (its id while the names load) or how many APIs. */
export function scopeText(plan: AdminPlanView, categories: Category[]): string {
  if (plan.scope === 'all') return PLANS.scopes.all;
  if (plan.scope === 'apis') return LIST.apis(plan.api_ids.length);
  const category = categories.find((c) => c.id === plan.category_id);
  return LIST.category(category?.name ?? `#${plan.category_id ?? ''}`);
}

/** 每小时 ≤ 2 · 每天 ≤ 3: the window limits a plan sets, '' for none. */
export const limitsText = (plan: AdminPlanView) =>
  PLAN_WINDOWS.flatMap((w) => {
    const limit = plan[`${w}_limit`];
    return limit === null ? [] : [LIST.limit[w](formatCount(limit))];
  }).join(' · ');
