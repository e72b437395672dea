import { useEffect } from 'react';
import Loading from '../../components/ui/Loading';
import { useDebouncedValue } from '../../components/ui/useDebouncedValue';
import { useI18n } from '../../i18n';
import { useGetApiListQuery } from './api';
import { PagedApiGrid, PastLastPage } from './ApiGrid';
import { paidListQuery } from './listQueries';
import SearchBox from './SearchBox';
import { useCatalogueFilters, type ListProps } from './useCatalogueFilters';
import { usePagedList } from './usePagedList';

/** The paid list with its own search (see ListProps), paged by 12 (`paid_page` in the URL). */
export default function PaidApis({ onError, search, onSearch }: ListProps) {
  const { t, errorText } = useI18n();
  const { page, params, resetPage, goTo, headingRef } = usePagedList('paid_page');
  const { filters, ready } = useCatalogueFilters(params);
  const query = useDebouncedValue(search.trim());

  // As in the free list: a new search starts again from page 1.
  const changeSearch = (text: string) => {
    onSearch(text);
    resetPage();
  };

  const { data, error, isFetching } = useGetApiListQuery(paidListQuery(page, filters, query), {
    skip: !ready,
  });
  const failure = error ? errorText(error, 'home.paidFailed') : null;
  useEffect(() => onError(failure), [failure, onError]);

  // A chosen category without paid APIs leaves the section out, so the free ones come first.
  if (filters.category && !search && data?.total === 0) return null;
  return (
    <section className="mb-4" aria-labelledby="paid-apis-heading">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h2 id="paid-apis-heading" ref={headingRef} className="h5 mb-0">
          {t('home.paid')}
          {data && <span className="text-muted fw-normal small ms-2">({data.total})</span>}
        </h2>
        <SearchBox label={t('home.searchPaid')} value={search} onChange={changeSearch} />
      </div>
      {error ? null : !data ? (
        <Loading />
      ) : data.data.length === 0 ? (
        <p className="text-muted">
          {query ? (
            t('home.noPaidMatch', { query })
          ) : page > 1 ? (
            <PastLastPage onFirst={() => goTo(1)} />
          ) : (
            t('home.noPaid')
          )}
        </p>
      ) : (
        <PagedApiGrid
          list={data}
          fetching={isFetching}
          label={t('home.paid')}
          page={page}
          onPage={goTo}
          pagesLabel={t('home.paidPages')}
        />
      )}
    </section>
  );
}
