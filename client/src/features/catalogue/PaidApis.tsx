import { useState } from 'react';
import ErrorBanner from '../../components/ui/ErrorBanner';
import Loading from '../../components/ui/Loading';
import { useDebouncedValue } from '../../components/ui/useDebouncedValue';
import { errorMessage } from '../../lib/api';
import { useGetApiListQuery } from './api';
import ApiGrid from './ApiGrid';
import SearchBox from './SearchBox';

/** Paid APIs are few: one page of up to 100, with their own search. */
export default function PaidApis() {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim());
  const { data, error, isFetching } = useGetApiListQuery({
    is_paid: 1,
    per_page: 100,
    ...(query ? { search: query } : {}),
  });
  return (
    <section className="mb-4" aria-labelledby="paid-apis-heading">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h2 id="paid-apis-heading" className="h5 mb-0">
          Paid APIs
        </h2>
        <SearchBox label="Search paid APIs" value={search} onChange={setSearch} />
      </div>
      {error ? (
        <ErrorBanner messages={[errorMessage(error, 'failed to load paid APIs')]} />
      ) : !data ? (
        <Loading />
      ) : data.data.length === 0 ? (
        <p className="text-muted">
          {query ? `No paid APIs match "${query}".` : 'No paid APIs yet.'}
        </p>
      ) : (
        <div className={isFetching ? 'opacity-50' : undefined}>
          <ApiGrid apis={data.data} label="Paid APIs" />
        </div>
      )}
    </section>
  );
}
