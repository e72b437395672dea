import { useEffect } from 'react';
import Loading from '../../components/ui/Loading';
import { useDebouncedValue } from '../../components/ui/useDebouncedValue';
import { useI18n } from '../../i18n';
import { useGetApiListQuery } from './api';
import { PagedApiGrid, PastLastPage } from './ApiGrid';
import { freeListQuery } from './listQueries';
import SearchBox from './SearchBox';
import { useCatalogueFilters, type ListProps } from './useCatalogueFilters';
import { usePagedList } from './usePagedList';

/** The free list with its own search (see ListProps), paged by `page` in the URL. */
export default function FreeApis({ onError, search, onSearch }: ListProps) {
  const { t, errorText } = useI18n();
  const { page, params, resetPage, goTo, headingRef } = usePagedList('page');
  const { filters, ready } = useCatalogueFilters(params);
  const query = useDebouncedValue(search.trim());

  // A new search starts again from page 1; done on typing, so the debounced request never
  // goes out with the old page.
  const changeSearch = (text: string) => {
    onSearch(text);
    resetPage();
  };

  const { data, error, isFetching } = useGetApiListQuery(freeListQuery(page, filters, query), {
    skip: !ready,
  });

  const failure = error ? errorText(error, 'home.freeFailed') : null;
  useEffect(() => onError(failure), [failure, onError]);

  return (
    <section aria-labelledby="free-apis-heading">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h2 id="free-apis-heading" ref={headingRef} className="h5 mb-0">
          {t('home.free')}
          {data && <span className="text-muted fw-normal small ms-2">({data.total})</span>}
        </h2>
        <SearchBox label={t('home.searchFree')} value={search} onChange={changeSearch} />
      </div>
      {error ? null : !data ? (
        <Loading />
      ) : data.data.length === 0 ? (
        <p className="text-muted">
          {query ? (
            t('home.noFreeMatch', { query })
          ) : page > 1 ? (
            <PastLastPage onFirst={() => goTo(1)} />
          ) : filters.category ? (
            t('home.noneInCategory')
          ) : (
            t('home.noFree')
          )}
        </p>
      ) : (
        <PagedApiGrid
          list={data}
          fetching={isFetching}
          label={t('home.free')}
          page={page}
          onPage={goTo}
          pagesLabel={t('home.freePages')}
        />
      )}
    </section>
  );
}
