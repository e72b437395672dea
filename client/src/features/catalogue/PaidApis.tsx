import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Loading from '../../components/ui/Loading';
import { useDebouncedValue } from '../../components/ui/useDebouncedValue';
import { useI18n } from '../../i18n';
import { useGetApiListQuery } from './api';
import ApiGrid from './ApiGrid';
import { filtersFrom, paidListQuery } from './listQueries';
import SearchBox from './SearchBox';

/**
 * Paid APIs are few: one page of up to 100, with their own search. `onError` hands a load failure
 * to the home page's one banner (SPEC §8); null when it clears.
 */
export default function PaidApis({ onError }: { onError: (message: string | null) => void }) {
  const { t, errorText } = useI18n();
  const [params] = useSearchParams();
  const filters = filtersFrom(params);
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim());
  const { data, error, isFetching } = useGetApiListQuery(paidListQuery(filters, query));
  const failure = error ? errorText(error, 'home.paidFailed') : null;
  useEffect(() => onError(failure), [failure, onError]);
  // A chosen category without paid APIs leaves the section out, so the free ones come first.
  if (filters.category && !search && data?.total === 0) return null;
  return (
    <section className="mb-4" aria-labelledby="paid-apis-heading">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h2 id="paid-apis-heading" className="h5 mb-0">
          {t('home.paid')}
        </h2>
        <SearchBox label={t('home.searchPaid')} value={search} onChange={setSearch} />
      </div>
      {error ? null : !data ? (
        <Loading />
      ) : data.data.length === 0 ? (
        <p className="text-muted">{query ? t('home.noPaidMatch', { query }) : t('home.noPaid')}</p>
      ) : (
        <div className={isFetching ? 'opacity-50' : undefined}>
          <ApiGrid apis={data.data} label={t('home.paid')} />
        </div>
      )}
    </section>
  );
}
