import Loading from '../../../components/ui/Loading';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import AdminPagination from '../components/AdminPagination';
import { adminErrorText } from '../errors';
import { AUDIT } from '../i18n/audit';
import { COMMON } from '../i18n/common';
import AuditFilters from './audit/AuditFilters';
import AuditTable from './audit/AuditTable';
import { useAuditLog } from './audit/useAuditLog';

/** 操作日志: who changed what, read-only, filtered in the URL. */
export default function AuditLogPage() {
  usePageTitle(AUDIT.title);
  const { page, query, entries, totalPages, error, isLoading, setParam } = useAuditLog();

  return (
    <section>
      <h1 className="h3 mb-3">{AUDIT.title}</h1>
      <AuditFilters query={query} setParam={setParam} />
      {error ? (
        <div className="alert alert-danger" role="alert">
          {adminErrorText(error, { failed: AUDIT.failed })}
        </div>
      ) : isLoading ? (
        <Loading label={COMMON.loading} />
      ) : (
        <>
          <AuditTable entries={entries} />
          <AdminPagination
            page={page}
            totalPages={totalPages}
            onChange={(next) => setParam('page', String(next))}
          />
        </>
      )}
    </section>
  );
}
