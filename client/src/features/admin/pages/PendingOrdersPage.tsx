import type { PendingOrder } from '@contracts/recharge';
import { useState } from 'react';
import { Button, Table } from 'react-bootstrap';
import Loading from '../../../components/ui/Loading';
import NoticeBanner from '../../../components/ui/NoticeBanner';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { formatYuan } from '../../../lib/money';
import { usePendingOrdersQuery } from '../api';
import AdminPagination from '../components/AdminPagination';
import OrderActionModal, { type OrderAction } from '../components/OrderActionModal';
import { adminErrorText, formatTime, type Notice } from '../errors';

/** 待处理订单: paid Afdian orders whose webhook named no user of this site, oldest worry first. */
export default function PendingOrdersPage() {
  usePageTitle('待处理订单');
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isFetching, refetch } = usePendingOrdersQuery(page, {
    refetchOnMountOrArgChange: true,
  });
  const [acting, setActing] = useState<{ order: PendingOrder; action: OrderAction } | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const list = data?.data;
  const orders = list?.orders ?? [];

  // Whatever came of it, the queue is asked again: another admin or the payer may have acted.
  const close = (text?: string) => {
    setActing(null);
    if (text) setNotice({ ok: true, text });
    void refetch();
  };

  return (
    <section>
      <h1 className="h3 mb-2">待处理订单</h1>
      <p className="text-body-secondary">
        爱发电推送的已付款订单中，未能对应到本站用户的订单在此等待处理：分配给用户后入账（只入账一次），或填写原因驳回。付款人也可以在充值中心凭订单号自行领取。
      </p>
      <NoticeBanner notice={notice} onClose={() => setNotice(null)} />
      {error ? (
        <div className="alert alert-danger" role="alert">
          {adminErrorText(error, { failed: '获取待处理订单失败' })}
        </div>
      ) : isLoading || !list ? (
        <Loading label="加载中..." />
      ) : (
        <>
          <Table
            striped
            bordered
            hover
            className="bg-body align-middle admin-cards"
            aria-label="待处理订单"
          >
            <thead>
              <tr>
                <th>订单号</th>
                <th>付款金额</th>
                <th>入账金额</th>
                <th>爱发电用户</th>
                <th>自定义订单号</th>
                <th>留言</th>
                <th>时间</th>
                <th>操作</th>
              </tr>
            </thead>
            <tbody>
              {orders.length === 0 ? (
                <tr>
                  <td colSpan={8} className="text-center text-muted">
                    暂无待处理订单。
                  </td>
                </tr>
              ) : (
                orders.map((order) => (
                  <tr key={order.id}>
                    <td data-label="订单号">
                      <code className="admin-break">{order.out_trade_no}</code>
                    </td>
                    <td data-label="付款金额">{formatYuan(order.paid_amount)}</td>
                    <td data-label="入账金额">{formatYuan(order.amount)}</td>
                    <td data-label="爱发电用户" className="admin-break">
                      {order.afdian_user_id || '-'}
                    </td>
                    <td data-label="自定义订单号" className="admin-break">
                      {order.custom_order_id || '-'}
                    </td>
                    <td data-label="留言" className="admin-break">
                      {order.remark || '-'}
                    </td>
                    <td data-label="时间" className="text-nowrap">
                      {formatTime(order.created_at)}
                    </td>
                    <td data-label="操作">
                      <div className="d-flex gap-2">
                        <Button
                          size="sm"
                          variant="outline-primary"
                          onClick={() => setActing({ order, action: 'assign' })}
                        >
                          分配
                        </Button>
                        <Button
                          size="sm"
                          variant="outline-danger"
                          onClick={() => setActing({ order, action: 'dismiss' })}
                        >
                          驳回
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </Table>
          {isFetching && <Loading label="加载中..." />}
          <AdminPagination page={page} totalPages={list.total_pages} onChange={setPage} />
          <p className="text-muted mt-3 mb-0">共 {list.total} 条待处理订单</p>
        </>
      )}
      {acting && (
        <OrderActionModal
          order={acting.order}
          action={acting.action}
          onClose={() => close()}
          onDone={(text) => close(text)}
        />
      )}
    </section>
  );
}
