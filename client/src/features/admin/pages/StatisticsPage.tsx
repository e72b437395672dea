import { STATS_SORTS, type StatsSort } from '@contracts/site';
import { Form, Table } from 'react-bootstrap';
import { Link, useLocation } from 'react-router-dom';
import Loading from '../../../components/ui/Loading';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { useAdminStatsQuery } from '../api';
import AdminPagination from '../components/AdminPagination';
import SearchBox from '../components/SearchBox';
import StatusBadge from '../components/StatusBadge';
import { adminErrorText, formatTime } from '../errors';
import { adminPaths } from '../paths';
import { usePagedSearch } from '../usePagedSearch';

const DEFAULT_SORT: StatsSort = 'calls_desc';
/** The choices as the screen lists them: its default first. */
const SORT_ORDER: readonly StatsSort[] = ['calls_desc', 'calls_asc', 'id'];

const SORT_LABELS: Record<StatsSort, string> = {
  calls_desc: '总调用次数从高到低',
  id: '按 ID',
  calls_asc: '总调用次数从低到高',
};

export default function StatisticsPage() {
  usePageTitle('访问统计');
  const { page, search, text, setText, setPage, params, setFilter } = usePagedSearch();
  const sortParam = params.get('sort');
  // The most-called first unless the URL says otherwise (the call's own default is by id).
  const sort = STATS_SORTS.find((s) => s === sortParam) ?? DEFAULT_SORT;
  const listQuery = useLocation().search;
  const { data, error, isFetching, isLoading } = useAdminStatsQuery({
    page,
    search,
    sort,
  });
  const rows = data?.data.apis ?? [];

  return (
    <section>
      <h1 className="h3 mb-3">访问统计</h1>
      <div className="admin-toolbar admin-toolbar-pair mb-3">
        <SearchBox value={text} placeholder="搜索 API 名称..." onChange={setText} />
        <Form.Select
          aria-label="排序"
          value={sort}
          onChange={(e) => setFilter('sort', e.target.value === DEFAULT_SORT ? '' : e.target.value)}
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
          {adminErrorText(error, { failed: '获取统计数据失败', network: '加载统计数据时出错' })}
        </div>
      ) : isLoading || (isFetching && !data) ? (
        <Loading label="加载中..." />
      ) : (
        <>
          <Table striped bordered hover responsive className="bg-body align-middle admin-cards">
            <thead>
              <tr>
                <th>ID</th>
                <th>API 名称</th>
                <th className="text-nowrap">总调用次数</th>
                <th>状态</th>
                <th>创建时间</th>
                <th>更新时间</th>
                <th>操作</th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={7} className="text-center text-muted">
                    暂无匹配的统计数据
                  </td>
                </tr>
              ) : (
                rows.map((row) => (
                  <tr key={row.id}>
                    <td data-label="ID">{row.id}</td>
                    <td data-label="API 名称">{row.name}</td>
                    <td data-label="总调用次数" className="text-nowrap">
                      {row.total_calls}
                    </td>
                    <td data-label="状态">
                      <StatusBadge status={row.status} />
                    </td>
                    <td data-label="创建时间">{formatTime(row.created_at)}</td>
                    <td data-label="更新时间">{formatTime(row.updated_at)}</td>
                    <td data-label="操作">
                      <Link
                        to={adminPaths.apiStats(row.id)}
                        state={{ listQuery }}
                        className="btn btn-sm btn-outline-primary"
                      >
                        查看详情
                      </Link>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </Table>
          {isFetching && <Loading label="加载中..." />}
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
