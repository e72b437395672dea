import Loading from '../../../components/ui/Loading';
import NoticeBanner from '../../../components/ui/NoticeBanner';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import AdminPagination from '../components/AdminPagination';
import OrderActionModal from './orders/OrderActionModal';
import { adminErrorText } from '../errors';
import { COMMON } from '../i18n/common';
import { ORDERS } from '../i18n/orders';
import PendingOrdersTable from './orders/PendingOrdersTable';
import { usePendingOrders } from './orders/usePendingOrders';

/** 待处理订单: paid Afdian orders whose webhook named no user of this site, oldest worry first. */
export default function PendingOrdersPage() {
  usePageTitle(ORDERS.pending.title);
  const queue = usePendingOrders();
  const { list, acting } = queue;

  return (
    <section>
      <h1 className="h3 mb-2">{ORDERS.pending.title}</h1>
      <p className="text-body-secondary">{ORDERS.pending.intro}</p>
      <NoticeBanner notice={queue.notice} onClose={queue.clearNotice} />
      {queue.error ? (
        <div className="alert alert-danger" role="alert">
          {adminErrorText(queue.error, { failed: ORDERS.pending.failed })}
        </div>
      ) : queue.isLoading || !list ? (
        <Loading label={COMMON.loading} />
      ) : (
        <>
          <PendingOrdersTable orders={list.orders} onAct={queue.act} />
          {queue.isFetching && <Loading label={COMMON.loading} />}
          <AdminPagination
            page={queue.page}
            totalPages={list.total_pages}
            onChange={queue.setPage}
          />
          <p className="text-muted mt-3 mb-0">{ORDERS.pending.total(list.total)}</p>
        </>
      )}
      {acting && (
        <OrderActionModal
          order={acting.order}
          action={acting.action}
          onClose={() => queue.close()}
          onDone={(text) => queue.close(text)}
        />
      )}
    </section>
  );
}
