import { addListener } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/store';
import { paths } from '../../config/paths';
import AdminLayout from './AdminLayout';
import AdminLoginPage from './pages/AdminLoginPage';
import AdsPage from './pages/AdsPage';
import ApiEditorPage from './pages/ApiEditorPage';
import ApiListPage from './pages/ApiListPage';
import ApiStatsDetailPage from './pages/ApiStatsDetailPage';
import AuditLogPage from './pages/AuditLogPage';
import ConfigPage from './pages/ConfigPage';
import DashboardPage from './pages/DashboardPage';
import FriendLinksPage from './pages/FriendLinksPage';
import SignInProvidersPage from './pages/SignInProvidersPage';
import ImportOpenApiPage from './pages/ImportOpenApiPage';
import CategoriesPage from './pages/CategoriesPage';
import PartnersPage from './pages/PartnersPage';
import PasswordPage from './pages/PasswordPage';
import PendingOrdersPage from './pages/PendingOrdersPage';
import PlansPage from './pages/PlansPage';
import ReconciliationPage from './pages/ReconciliationPage';
import RedeemCodesPage from './pages/RedeemCodesPage';
import ReferralsPage from './pages/ReferralsPage';
import StatementsPage from './pages/StatementsPage';
import SidebarLinksPage from './pages/SidebarLinksPage';
import StatisticsPage from './pages/StatisticsPage';
import UsersPage from './pages/UsersPage';
import { adminPaths } from './paths';
import { sessionExpired } from '../../lib/session';
import { isAdminLoggedIn } from './session';

/** Admin routes need the admin flag; without it the visitor goes to the not-found route (SPEC §4). */
function RequireAdmin() {
  if (!isAdminLoggedIn()) return <Navigate to={adminPaths.notFound} replace />;
  return <AdminLayout />;
}

/**
 * The admin area, one lazy bundle: the login at its hidden path and everything under /admin.
 * A 401 from any admin call (the store has cleared the flag) lands on the admin login.
 */
export default function AdminApp() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();

  useEffect(
    () =>
      dispatch(
        addListener({
          actionCreator: sessionExpired,
          effect: ({ payload: area }) => {
            if (area === 'admin') void navigate(paths.adminLogin, { replace: true });
          },
        }),
      ),
    [dispatch, navigate],
  );

  if (pathname.replace(/\/+$/, '') === paths.adminLogin) return <AdminLoginPage />;
  return (
    <Routes>
      <Route element={<RequireAdmin />}>
        <Route index element={<DashboardPage />} />
        <Route path="control" element={<ApiListPage />} />
        <Route path="create" element={<ApiEditorPage />} />
        <Route path="edit/:id" element={<ApiEditorPage />} />
        <Route path="partners" element={<PartnersPage />} />
        <Route path="ads" element={<AdsPage />} />
        <Route path="config" element={<ConfigPage />} />
        <Route path="sidebar" element={<SidebarLinksPage />} />
        <Route path="statistics" element={<StatisticsPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="api/stats/:id" element={<ApiStatsDetailPage />} />
        <Route path="friendlinks" element={<FriendLinksPage />} />
        <Route path="sign-in-providers" element={<SignInProvidersPage />} />
        <Route path="audit" element={<AuditLogPage />} />
        <Route path="password" element={<PasswordPage />} />
        <Route path="import" element={<ImportOpenApiPage />} />
        <Route path="categories" element={<CategoriesPage />} />
        <Route path="pending-orders" element={<PendingOrdersPage />} />
        <Route path="reconciliation" element={<ReconciliationPage />} />
        <Route path="redeem-codes" element={<RedeemCodesPage />} />
        <Route path="referrals" element={<ReferralsPage />} />
        <Route path="plans" element={<PlansPage />} />
        <Route path="statements" element={<StatementsPage />} />
      </Route>
      <Route path="*" element={<Navigate to={adminPaths.notFound} replace />} />
    </Routes>
  );
}
