import { ADMIN_API_SORTS, type AdminApiListQuery, type AdminApiSort } from '@contracts/apis';
import { APIS } from '../../i18n/apis';
import { COMMON } from '../../i18n/common';

const { columns, row, toolbar } = APIS.list;

/** The list's yes/no filters, each kept in the URL as 0 or 1 (absent: all). */
export const API_FILTERS = [
  { key: 'is_paid', label: columns.billing, options: [row.free, row.paid] },
  { key: 'status', label: COMMON.status, options: [COMMON.disabled, COMMON.enabled] },
  { key: 'is_pinned', label: columns.pinned, options: [toolbar.normal, columns.pinned] },
] as const;

const flag = (value: string | null): 0 | 1 | undefined =>
  value === '0' ? 0 : value === '1' ? 1 : undefined;

/** The list the URL asks for: its search, filters and sort (newest when it names none). */
export function apiListQuery(
  params: URLSearchParams,
  search: string,
): AdminApiListQuery & { sort: AdminApiSort } {
  const sortParam = params.get('sort');
  const sort = ADMIN_API_SORTS.find((s) => s === sortParam) ?? 'newest';
  const query: AdminApiListQuery & { sort: AdminApiSort } = { sort, ...(search && { search }) };
  for (const { key } of API_FILTERS) {
    const value = flag(params.get(key));
    if (value !== undefined) query[key] = value;
  }
  return query;
}
