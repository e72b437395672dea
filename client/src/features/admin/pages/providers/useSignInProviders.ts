import type { OidcProviderAdminView } from '@contracts/oidc';
import { useCallback, useState } from 'react';
import { useAdminOidcProvidersQuery, useDeleteOidcProviderMutation } from '../../api';
import { useConfirm } from '../../components/useConfirm';
import { outcomeNotice, type Notice } from '../../errors';
import { COMMON } from '../../i18n/common';
import { PROVIDERS } from '../../i18n/providers';
import { ZH } from '../../i18n/zh';

/** The provider the modal edits (null: a new one); no modal while `editing` itself is null. */
type Editing = { provider: OidcProviderAdminView | null } | null;

/**
 * 第三方登录's state: the providers with the callback address, the one being added or edited,
 * and their removal (asked first, then said in a banner).
 */
export function useSignInProviders() {
  const { data, error, isLoading } = useAdminOidcProvidersQuery();
  const [remove] = useDeleteOidcProviderMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const { confirm, dialog } = useConfirm();
  const close = useCallback(() => setEditing(null), []);

  const onDelete = async (provider: OidcProviderAdminView) => {
    const linked =
      provider.linked_users > 0 ? PROVIDERS.linkedUsersLose(provider.linked_users) : '';
    if (!(await confirm(PROVIDERS.confirmDelete(provider.name, linked), COMMON.delete))) return;
    const result = await remove(provider.id);
    setNotice(
      outcomeNotice(
        result,
        { failed: ZH.deleteFailed, network: PROVIDERS.deleteNetwork },
        PROVIDERS.deleted,
      ),
    );
  };

  return {
    data,
    error,
    isLoading,
    providers: data?.providers ?? [],
    editing,
    edit: (provider: OidcProviderAdminView | null) => setEditing({ provider }),
    close,
    onDelete,
    notice,
    closeNotice: () => setNotice(null),
    dialog,
  };
}
