import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Loading from '../../components/ui/Loading';
import Pagination from '../../components/ui/Pagination';
import { useDebouncedValue } from '../../components/ui/useDebouncedValue';
import { useI18n } from '../../i18n';
import { useGetApiListQuery } from './api';
import ApiGrid from './ApiGrid';
import { filtersFrom, freeListQuery, pageFrom } from './listQueries';
import SearchBox from './SearchBox';

/** `onError` hands a load failure to the home page's one banner (SPEC §8); null when it clears. */
export default function FreeApis({ onError }: { onError: (message: string | null) => void }) {
  const { t, errorText } = useI18n();
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const filters = filtersFrom(params);
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim());
  const headingRef = useRef<HTMLHeadingElement>(null);

  // A new search starts again from page 1; done on typing, so the debounced request never
  // goes out with the old page.
  const changeSearch = (text: string) => {
    setSearch(text);
    if (params.has('page')) {
      setParams(
        (current) => {
          current.delete('page');
          return current;
        },
        { replace: true },
      );
    }
  };

  const { data, error, isFetching } = useGetApiListQuery(freeListQuery(page, filters, query));

  const failure = error ? errorText(error, 'home.freeFailed') : null;
  useEffect(() => onError(failure), [failure, onError]);

  const goTo = (next: number) => {
    setParams((current) => {
      if (next <= 1) current.delete('page');
      else current.set('page', String(next));
      return current;
    });
    headingRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

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
          {query
            ? t('home.noFreeMatch', { query })
            : page > 1
              ? t('home.emptyPage')
              : filters.category
                ? t('home.noneInCategory')
                : t('home.noFree')}
        </p>
      ) : (
        <>
          <div className={isFetching ? 'opacity-50' : undefined}>
            <ApiGrid apis={data.data} label={t('home.free')} />
          </div>
          <div className="mt-4">
            <Pagination
              page={page}
              totalPages={data.total_pages}
              onChange={goTo}
              label={t('home.freePages')}
            />
          </div>
        </>
      )}
    </section>
  );
}
