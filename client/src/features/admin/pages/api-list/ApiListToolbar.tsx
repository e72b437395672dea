import { ADMIN_API_SORTS, type AdminApiSort } from '@contracts/apis';
import { Form } from 'react-bootstrap';
import SearchBox from '../../components/SearchBox';
import { APIS } from '../../i18n/apis';
import { COMMON } from '../../i18n/common';
import { API_FILTERS } from './listQuery';

const { toolbar } = APIS.list;

/** The list's search box, filters and sort; what they hold is kept in the URL. */
export default function ApiListToolbar({
  text,
  setText,
  params,
  setFilter,
  sort,
}: {
  text: string;
  setText: (text: string) => void;
  params: URLSearchParams;
  setFilter: (key: string, value: string) => void;
  sort: AdminApiSort;
}) {
  return (
    <div className="admin-toolbar mb-3">
      <SearchBox value={text} onChange={setText} placeholder={toolbar.search} />
      {API_FILTERS.map((filter) => (
        <Form.Select
          key={filter.key}
          aria-label={filter.label}
          value={params.get(filter.key) ?? ''}
          onChange={(e) => setFilter(filter.key, e.target.value)}
        >
          <option value="">{toolbar.all(filter.label)}</option>
          <option value="0">{filter.options[0]}</option>
          <option value="1">{filter.options[1]}</option>
        </Form.Select>
      ))}
      <Form.Select
        aria-label={COMMON.sortOrder}
        value={sort}
        onChange={(e) => setFilter('sort', e.target.value === 'newest' ? '' : e.target.value)}
      >
        {ADMIN_API_SORTS.map((s) => (
          <option key={s} value={s}>
            {toolbar.sortBy(toolbar.sorts[s])}
          </option>
        ))}
      </Form.Select>
    </div>
  );
}
