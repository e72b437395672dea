import { Link } from 'react-router-dom';
import Loading from '../../../components/ui/Loading';
import NoticeBanner from '../../../components/ui/NoticeBanner';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { adminErrorText } from '../errors';
import { APIS } from '../i18n/apis';
import { COMMON } from '../i18n/common';
import { adminPaths } from '../paths';
import ApiListToolbar from './api-list/ApiListToolbar';
import ApiTable from './api-list/ApiTable';
import BulkBar from './api-list/BulkBar';
import { useApiList } from './api-list/useApiList';

const { list } = APIS;

/** API management: every API (disabled too), with search, filters and sort kept in the URL. */
export default function ApiListPage() {
  usePageTitle(list.title);
  const page = useApiList();

  return (
    <section>
      <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mb-3">
        <h1 className="h3 mb-0">{list.title}</h1>
        <div className="d-flex flex-wrap gap-2">
          <Link to={adminPaths.categories} className="btn btn-outline-primary">
            {list.categories}
          </Link>
          <Link to={adminPaths.importOpenApi} className="btn btn-outline-primary">
            {list.importOpenApi}
          </Link>
          <Link to={adminPaths.create} className="btn btn-primary">
            {list.create}
          </Link>
        </div>
      </div>
      <NoticeBanner notice={page.notice} onClose={() => page.setNotice(null)} />
      <ApiListToolbar
        text={page.text}
        setText={page.setText}
        params={page.params}
        setFilter={page.setFilter}
        sort={page.sort}
      />
      {page.chosen.length > 0 && (
        <BulkBar count={page.chosen.length} onBulk={(action) => void page.bulk(action)} />
      )}
      {page.error ? (
        <div className="alert alert-danger" role="alert">
          {adminErrorText(page.error, { failed: list.loadFailed })}
        </div>
      ) : page.isLoading ? (
        <Loading label={COMMON.loading} />
      ) : (
        <ApiTable
          apis={page.apis}
          busy={page.isFetching}
          filtered={page.filtered}
          selected={page.selected}
          allSelected={page.allSelected}
          onSelectAll={page.selectAll}
          onSelect={page.select}
          onToggle={(api, key) => void page.toggle(api, key)}
          onDelete={(api) => void page.remove(api)}
        />
      )}
      {page.dialog}
    </section>
  );
}
