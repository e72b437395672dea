import { positionAfter } from '@contracts/envelope';
import type { AdminUser } from '@contracts/users';
import { useState } from 'react';
import { useAdminUsersQuery, useDisableUserTwoFactorMutation } from '../../api';
import { useConfirm } from '../../components/useConfirm';
import { adminErrorText, type Notice } from '../../errors';
import { COMMON } from '../../i18n/common';
import { USERS } from '../../i18n/users';
import { usePagedSearch } from '../../usePagedSearch';

/** 用户列表's state: page and search in the URL, the list, the row a modal is open for. */
export function useUsers() {
  const { page, search, before, text, setText, setPage } = usePagedSearch();
  const { data, error, isFetching, isLoading } = useAdminUsersQuery({ page, search, before });
  const [adjusting, setAdjusting] = useState<AdminUser | null>(null);
  const [granting, setGranting] = useState<AdminUser | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const [disableTwoFactor] = useDisableUserTwoFactorMutation();
  const { confirm, dialog } = useConfirm();
  const [notice, setNotice] = useState<Notice | null>(null);

  /** For a user who lost both the phone and the recovery codes; audited on the server. */
  const turnOffTwoFactor = async (user: AdminUser) => {
    if (!(await confirm(USERS.turnOffQuestion(user.username), COMMON.close))) return;
    const result = await disableTwoFactor(user.id);
    setNotice(
      'error' in result
        ? { ok: false, text: adminErrorText(result.error, { failed: USERS.turnOffFailed }) }
        : { ok: true, text: USERS.turnedOff(user.username) },
    );
  };

  return {
    page,
    search,
    text,
    setText,
    setPage: (next: number) => setPage(next, positionAfter(data?.data, page)),
    list: data?.data,
    error,
    isFetching,
    isLoading,
    adjusting,
    setAdjusting,
    granting,
    setGranting,
    resetting,
    setResetting,
    turnOffTwoFactor,
    notice,
    setNotice,
    dialog,
  };
}
