import type { StatsSort } from '@contracts/site';
import { Form } from 'react-bootstrap';
import Loading from '../../../components/ui/Loading';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import AdminPagination from '../components/AdminPagination';
import SearchBox from '../components/SearchBox';
import { adminErrorText } from '../errors';
import { COMMON } from '../i18n/common';
import { STATS } from '../i18n/stats';
import StatsTable from './stats/StatsTable';
import { useStatistics } from './stats/useStatistics';

/** The choices as the screen lists them: its default first. */
const SORT_ORDER: readonly StatsSort[] = ['calls_desc', 'calls_asc', 'id'];

const SORT_LABELS: Record<StatsSort, string> = {
  calls_desc: STATS.list.sorts.callsDesc,
  id: STATS.list.sorts.id,
  calls_asc: STATS.list.sorts.callsAsc,
};

/** 访问统计: every API's total calls, searched and sorted in the URL, each opening its days. */
export default function StatisticsPage() {
  usePageTitle(STATS.list.title);
  const {
    page,
    setPage,
    text,
    setText,
    sort,
    setSort,
    listQuery,
    data,
    error,
    isFetching,
    isLoading,
  } = useStatistics();

  return (
    <section>
      <h1 className="h3 mb-3">{STATS.list.title}</h1>
      <div className="admin-toolbar admin-toolbar-pair mb-3">
        <SearchBox value={text} placeholder={STATS.list.search} onChange={setText} />
        <Form.Select
          aria-label={COMMON.sortOrder}
          value={sort}
          onChange={(e) => setSort(e.target.value)}
        >
          {SORT_ORDER.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </Form.Select>
      </div>
      {error ? (
        <div className="alert alert-danger" role="alert">
          {adminErrorText(error, { failed: STATS.list.failed, network: STATS.list.network })}
        </div>
      ) : isLoading || (isFetching && !data) ? (
        <Loading label={COMMON.loading} />
      ) : (
        <>
          <StatsTable rows={data?.data.apis ?? []} listQuery={listQuery} />
          {isFetching && <Loading label={COMMON.loading} />}
          <AdminPagination
            page={page}
            totalPages={data?.data.total_pages ?? 0}
            onChange={setPage}
          />
        </>
      )}
    </section>
  );
}
