import type { ApiList, ApiSummary } from '@contracts/apis';
import Pagination from '../../components/ui/Pagination';
import { useI18n } from '../../i18n';
import ApiCard from './ApiCard';

export default function ApiGrid({ apis, label }: { apis: ApiSummary[]; label: string }) {
  return (
    <ul className="list-unstyled row g-3 mb-0" aria-label={label}>
      {apis.map((api) => (
        <li key={api.id} className="col-12 col-sm-6 col-xl-4 col-xxl-3">
          <ApiCard api={api} />
        </li>
      ))}
    </ul>
  );
}

/** One page of a home list, dimmed while the next one loads, and its pager. */
export function PagedApiGrid(props: {
  list: ApiList;
  fetching: boolean;
  label: string;
  page: number;
  onPage: (page: number) => void;
  pagesLabel: string;
}) {
  return (
    <>
      <div className={props.fetching ? 'opacity-50' : undefined}>
        <ApiGrid apis={props.list.data} label={props.label} />
      </div>
      <div className="mt-4">
        <Pagination
          page={props.page}
          totalPages={props.list.total_pages}
          onChange={props.onPage}
          label={props.pagesLabel}
        />
      </div>
    </>
  );
}

/** A page past a list's end (an old link): it says so and leads back to the first page. */
export function PastLastPage({ onFirst }: { onFirst: () => void }) {
  const { t } = useI18n();
  return (
    <>
      {t('home.emptyPage')}{' '}
      <button type="button" className="btn btn-link p-0 align-baseline" onClick={onFirst}>
        {t('home.firstPage')}
      </button>
    </>
  );
}
