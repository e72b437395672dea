import Loading from '../../../components/ui/Loading';
import NoticeBanner from '../../../components/ui/NoticeBanner';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import AdminPagination from '../components/AdminPagination';
import BalanceModal from '../components/BalanceModal';
import CreditModal from '../components/CreditModal';
import ResetLinkModal from '../components/ResetLinkModal';
import SearchBox from '../components/SearchBox';
import { adminErrorText } from '../errors';
import { COMMON } from '../i18n/common';
import { USERS } from '../i18n/users';
import UsersTable from './users/UsersTable';
import { useUsers } from './users/useUsers';

/** 用户列表: the users, searched and paged in the URL, with the admin's actions on each. */
export default function UsersPage() {
  usePageTitle(USERS.title);
  const users = useUsers();
  const { list, search, page, notice, adjusting, granting, resetting } = users;

  return (
    <section>
      <h1 className="h3 mb-3">{USERS.title}</h1>
      <SearchBox
        value={users.text}
        placeholder={USERS.searchPlaceholder}
        onChange={users.setText}
        clearable
      />
      <NoticeBanner notice={notice} onClose={() => users.setNotice(null)} />
      {users.error ? (
        <div className="alert alert-danger" role="alert">
          {adminErrorText(users.error, {
            failed: USERS.loadFailed,
            network: USERS.loadNetwork,
            notFound: USERS.loadNotFound,
          })}
        </div>
      ) : users.isLoading || !list ? (
        <Loading label={COMMON.loading} />
      ) : (
        <>
          <UsersTable
            users={list.users ?? []}
            search={search}
            onAdjust={users.setAdjusting}
            onGrant={users.setGranting}
            onReset={users.setResetting}
            onTurnOffTwoFactor={(user) => void users.turnOffTwoFactor(user)}
          />
          {users.isFetching && <Loading label={COMMON.loading} />}
          <AdminPagination page={page} totalPages={list.total_pages} onChange={users.setPage} />
          <p className="text-muted mt-3 mb-0">
            {USERS.total(list.total, list.total_pages, list.total_capped)}
          </p>
        </>
      )}
      {adjusting && <BalanceModal user={adjusting} onClose={() => users.setAdjusting(null)} />}
      {granting && <CreditModal user={granting} onClose={() => users.setGranting(null)} />}
      {resetting && <ResetLinkModal user={resetting} onClose={() => users.setResetting(null)} />}
      {users.dialog}
    </section>
  );
}
