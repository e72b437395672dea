import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { GuestOnly, RequireUser } from './guards';
import LoginPage from '../features/auth/LoginPage';
import RegisterPage from '../features/auth/RegisterPage';
import ApiDetailPage from '../features/catalogue/ApiDetailPage';
import HomePage from '../features/catalogue/HomePage';
import NotFoundPage from './NotFoundPage';
import AboutPage from '../features/site/AboutPage';
import FriendsPage from '../features/site/FriendsPage';
import PublicLayout from './layouts/PublicLayout';

const AdminApp = lazy(() => import('../features/admin/AdminApp'));
// The signed-in user's pages load on demand: visitors' first page stays within the size budget.
const DashboardPage = lazy(() => import('../features/user/DashboardPage'));
const AccessLogsPage = lazy(() => import('../features/user/AccessLogsPage'));
const RechargePage = lazy(() => import('../features/recharge/RechargePage'));

const loading = (element: ReactNode) => (
  <Suspense fallback={<p className="p-4 text-muted">Loading…</p>}>{element}</Suspense>
);

/** Every route; the public ones (PublicLayout's, but the user pages) are also rendered on the server. */
/**
 * /apis/* is the gateway, served by the server (SPEC §4): the router cancels an in-app navigation
 * there and lets the browser load the address itself. The navigation never settles; the page goes.
 */
function leaveForServer({ request }: LoaderFunctionArgs): Promise<never> {
  window.location.assign(request.url);
  return new Promise<never>(() => {});
}

export const routes: RouteObject[] = [
  { path: 'apis/*', loader: leaveForServer },
  {
    element: <PublicLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'api/:id/:name_en?', element: <ApiDetailPage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'friends', element: <FriendsPage /> },
      {
        path: 'login',
        element: (
          <GuestOnly>
            <LoginPage />
          </GuestOnly>
        ),
      },
      {
        path: 'register',
        element: (
          <GuestOnly>
            <RegisterPage />
          </GuestOnly>
        ),
      },
      {
        path: 'user/dashboard',
        element: <RequireUser>{loading(<DashboardPage />)}</RequireUser>,
      },
      {
        path: 'user/accesslogs',
        element: <RequireUser>{loading(<AccessLogsPage />)}</RequireUser>,
      },
      {
        path: 'user/recharge',
        element: <RequireUser>{loading(<RechargePage />)}</RequireUser>,
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  // The admin area (login at the hidden path, everything under /admin) is its own lazy bundle.
  { path: paths.adminLogin, element: loading(<AdminApp />) },
  { path: `${paths.admin}/*`, element: loading(<AdminApp />) },
];

export function makeRouter() {
  return createBrowserRouter(routes);
}
