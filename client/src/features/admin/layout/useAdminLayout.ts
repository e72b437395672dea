import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../app/store';
import { api } from '../../../lib/api';
import { useAdminLogoutMutation, useAdminTwoFactorQuery, usePendingOrdersQuery } from '../api';
import { adminPaths } from '../paths';
import { clearAdminLoggedIn } from '../session';
import type { AdminSection } from './sections';

/** The frame's state: the enforced two-factor set-up, the pending orders' count, logging out. */
export function useAdminLayout() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [logout, { isLoading }] = useAdminLogoutMutation();
  const { pathname } = useLocation();
  // Where the site requires two-factor of administrators and this one has none, the set-up is
  // all the back office shows (every other call answers 403), until its recovery codes are put
  // away: they are shown once.
  const twoFactor = useAdminTwoFactorQuery();
  const [enrolling, setEnrolling] = useState(false);
  if (twoFactor.data?.data.setup_required && !enrolling) setEnrolling(true);
  const open = !enrolling && (twoFactor.isSuccess || twoFactor.isError);
  // The queue's first page, shared with the 待处理订单 screen: its count tells the admin to look.
  const waiting = usePendingOrdersQuery(1, { skip: !open }).data?.data.total ?? 0;
  // Sub-pages (create, edit, a daily detail) keep their section lit.
  const lit = (section: AdminSection) =>
    'also' in section && section.also.some((prefix) => pathname.startsWith(prefix));

  const onLogout = async () => {
    // The flag goes whatever the server says: a failed logout must not leave the area open.
    await logout().catch(() => undefined);
    clearAdminLoggedIn();
    dispatch(api.util.resetApiState());
    void navigate(adminPaths.login, { replace: true });
  };

  return {
    enrolling,
    finishEnrolling: () => setEnrolling(false),
    open,
    waiting,
    lit,
    onLogout: () => void onLogout(),
    loggingOut: isLoading,
  };
}
