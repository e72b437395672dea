import { SORT_ORDER_LIMIT } from '@contracts/content';

export const str = (value: string | number | undefined) => String(value ?? '').trim();

/** Sort order as a number (the form keeps text while typing). */
export const sortOrder = (value: string | number | undefined) => Number(str(value) || 0);

export const isSortOrder = (value: string | number | undefined) =>
  /^-?\d+$/.test(str(value) || '0') && Math.abs(sortOrder(value)) <= SORT_ORDER_LIMIT;

/** The checks that failed, as texts by field: `[failed, field, text]` in the form's order. */
export const fieldProblems = (checks: [failed: boolean, field: string, text: string][]) =>
  Object.fromEntries(checks.filter(([failed]) => failed).map(([, field, text]) => [field, text]));
