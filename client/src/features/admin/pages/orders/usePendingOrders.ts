import type { PendingOrder } from '@contracts/recharge';
import { useState } from 'react';
import { usePendingOrdersQuery } from '../../api';
import type { OrderAction } from './useOrderAction';
import type { Notice } from '../../errors';

/** The queue's page and query, the order being assigned or dismissed, and the outcome's banner. */
export function usePendingOrders() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isFetching, refetch } = usePendingOrdersQuery(page, {
    refetchOnMountOrArgChange: true,
  });
  const [acting, setActing] = useState<{ order: PendingOrder; action: OrderAction } | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  // Whatever came of it, the queue is asked again: another admin or the payer may have acted.
  const close = (text?: string) => {
    setActing(null);
    if (text) setNotice({ ok: true, text });
    void refetch();
  };

  return {
    list: data?.data,
    error,
    isLoading,
    isFetching,
    page,
    setPage,
    acting,
    act: (order: PendingOrder, action: OrderAction) => setActing({ order, action }),
    close,
    notice,
    clearNotice: () => setNotice(null),
  };
}
