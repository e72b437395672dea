import { STATS_SORTS, type StatsSort } from '@contracts/site';
import { useLocation } from 'react-router-dom';
import { useAdminStatsQuery } from '../../api';
import { usePagedSearch } from '../../usePagedSearch';

const DEFAULT_SORT: StatsSort = 'calls_desc';

/** The statistics list's page, search and sort, kept in the URL, and the list they ask for. */
export function useStatistics() {
  const { page, search, text, setText, setPage, params, setFilter } = usePagedSearch();
  const sortParam = params.get('sort');
  // The most-called first unless the URL says otherwise (the call's own default is by id).
  const sort = STATS_SORTS.find((s) => s === sortParam) ?? DEFAULT_SORT;
  const setSort = (value: string) => setFilter('sort', value === DEFAULT_SORT ? '' : value);
  const listQuery = useLocation().search;
  const { data, error, isFetching, isLoading } = useAdminStatsQuery({
    page,
    search,
    sort,
  });
  return {
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
  };
}
