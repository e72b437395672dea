import { LIST_POSITION, positionAfter } from '@contracts/envelope';
import { AUDIT_ACTIONS, AUDIT_TARGETS, type AuditQuery } from '@contracts/audit';
import { useQueryParams } from '../../../../lib/useQueryParams';
import { useAdminAuditLogQuery } from '../../api';

const PER_PAGE = 20;

/** 操作日志's filters and page, kept in the URL so a filtered log can be reloaded and shared. */
export function useAuditLog() {
  const [params, setParams] = useQueryParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const query: AuditQuery = { page, per_page: PER_PAGE };
  const admin = params.get('admin');
  if (admin) query.admin = admin;
  const target = AUDIT_TARGETS.find((t) => t === params.get('target_type'));
  if (target) query.target_type = target;
  const action = AUDIT_ACTIONS.find((a) => a === params.get('action'));
  if (action) query.action = action;
  for (const key of ['from', 'to'] as const) {
    const value = params.get(key);
    if (value && /^\d{4}-\d{2}-\d{2}$/.test(value)) query[key] = value;
  }
  const before = params.get('before') ?? '';
  if (page > 1 && LIST_POSITION.test(before)) query.before = before;
  const { data, error, isLoading } = useAdminAuditLogQuery(query, {
    refetchOnMountOrArgChange: true,
  });
  /**
   * A new filter goes back to page 1 in place; a new page is a history step that Back undoes.
   * The page after this one is read from this page's last entry (its `next_before`): entries
   * written meanwhile do not shift it.
   */
  const setParam = (key: string, value: string) =>
    setParams(
      (next) => {
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== 'page') next.delete('page');
        const nextBefore = positionAfter(data?.data, page);
        if (key === 'page' && Number(value) === page + 1 && nextBefore) {
          next.set('before', nextBefore);
        } else next.delete('before');
      },
      { replace: key !== 'page' },
    );

  return {
    page,
    query,
    entries: data?.data.entries ?? [],
    totalPages: data?.data.total_pages ?? 0,
    error,
    isLoading,
    setParam,
  };
}
