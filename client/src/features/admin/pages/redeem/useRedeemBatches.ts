import type { RedeemBatchView } from '@contracts/redeem';
import { useState } from 'react';
import { useDisableRedeemBatchMutation, useRedeemBatchesQuery } from '../../api';
import { useConfirm } from '../../components/useConfirm';
import { outcomeNotice, type Notice } from '../../errors';
import { COMMON } from '../../i18n/common';
import { REDEEM } from '../../i18n/redeem';

/**
 * The batch list's page and query, the batch just created (offered for download at once) and
 * 停用, asked first: a withdrawn batch cannot be restored.
 */
export function useRedeemBatches() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isFetching } = useRedeemBatchesQuery(page, {
    refetchOnMountOrArgChange: true,
  });
  const [disable] = useDisableRedeemBatchMutation();
  const { confirm, dialog } = useConfirm();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [created, setCreated] = useState<RedeemBatchView | null>(null);

  const onDisable = async (batch: RedeemBatchView) => {
    if (!(await confirm(REDEEM.disableQuestion(batch.name), COMMON.disable))) return;
    setCreated(null);
    setNotice(
      outcomeNotice(
        await disable(batch.id),
        { failed: REDEEM.disableFailed },
        REDEEM.disabledNotice,
      ),
    );
  };

  const onCreated = (batch: RedeemBatchView) => {
    setNotice(null);
    setCreated(batch);
    setPage(1);
  };

  return {
    list: data?.data,
    error,
    isLoading,
    isFetching,
    page,
    setPage,
    notice,
    clearNotice: () => setNotice(null),
    created,
    dialog,
    onDisable,
    onCreated,
  };
}
