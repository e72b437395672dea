import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import {
  createBrowserRouter,
  matchRoutes,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router-dom';
import { paths } from '../config/paths';
import { GuestOnly, RequireUser } from './guards';
import HomePage from '../features/catalogue/HomePage';
import NotFoundPage from './NotFoundPage';
import PublicLayout from './layouts/PublicLayout';

const AdminApp = lazy(() => import('../features/admin/AdminApp'));
// The signed-in user's pages load on demand: visitors' first page stays within the size budget.
const DashboardPage = lazy(() => import('../features/user/DashboardPage'));
const AccessLogsPage = lazy(() => import('../features/user/AccessLogsPage'));
const RechargePage = lazy(() => import('../features/recharge/RechargePage'));
const StatementsPage = lazy(() => import('../features/user/statements/StatementsPage'));
const InvitePage = lazy(() => import('../features/user/invite/InvitePage'));
const SandboxCheckoutPage = lazy(() => import('../features/recharge/SandboxCheckoutPage'));
const LowBalanceBanner = lazy(() => import('../features/user/alerts/LowBalanceBanner'));

/**
 * The public pages but home are route modules loaded on demand (route.lazy), so the home page's
 * first download carries none of their code. The server resolves them before rendering
 * (createStaticHandler) and lists the page's module with the app's, to be fetched all at once after
 * the first paint (client/src/main.tsx); the browser resolves it before hydrating (makeRouter).
 */
const onDemand =
  (
    load: () => Promise<{ default: ComponentType }>,
    wrap: (page: ReactNode) => ReactNode = (page) => page,
  ) =>
  async () => {
    const { default: Page } = await load();
    return { element: wrap(<Page />) };
  };
const guestOnly = (page: ReactNode) => <GuestOnly>{page}</GuestOnly>;

/** The source file of each on-demand route (the key of its chunk in Vite's build manifest). */
export const ROUTE_MODULES: Readonly<Record<string, string>> = {
  'api/:id/:name_en?': 'src/features/catalogue/ApiDetailPage.tsx',
  about: 'src/features/site/AboutPage.tsx',
  friends: 'src/features/site/FriendsPage.tsx',
  status: 'src/features/catalogue/StatusPage.tsx',
  pricing: 'src/features/catalogue/PricingPage.tsx',
  login: 'src/features/auth/LoginPage.tsx',
  register: 'src/features/auth/RegisterPage.tsx',
  'forgot-password': 'src/features/auth/ForgotPasswordPage.tsx',
  'reset-password': 'src/features/auth/ResetPasswordPage.tsx',
  'confirm-email': 'src/features/auth/ConfirmEmailPage.tsx',
};

const loading = (element: ReactNode) => (
  <Suspense fallback={<p className="p-4 text-muted">Loading…</p>}>{element}</Suspense>
);

/** A user-centre page: signed in only, with the low-balance banner above it. */
const userPage = (page: ReactNode) => (
  <RequireUser>
    {loading(
      <>
        <LowBalanceBanner />
        {page}
      </>,
    )}
  </RequireUser>
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
      {
        path: 'api/:id/:name_en?',
        lazy: onDemand(() => import('../features/catalogue/ApiDetailPage')),
      },
      { path: 'about', lazy: onDemand(() => import('../features/site/AboutPage')) },
      { path: 'friends', lazy: onDemand(() => import('../features/site/FriendsPage')) },
      { path: 'status', lazy: onDemand(() => import('../features/catalogue/StatusPage')) },
      { path: 'pricing', lazy: onDemand(() => import('../features/catalogue/PricingPage')) },
      { path: 'login', lazy: onDemand(() => import('../features/auth/LoginPage'), guestOnly) },
      {
        path: 'register',
        lazy: onDemand(() => import('../features/auth/RegisterPage'), guestOnly),
      },
      {
        path: 'forgot-password',
        lazy: onDemand(() => import('../features/auth/ForgotPasswordPage'), guestOnly),
      },
      // A link opened while signed in still works: a reset ends every session anyway.
      {
        path: 'reset-password',
        lazy: onDemand(() => import('../features/auth/ResetPasswordPage')),
      },
      { path: 'confirm-email', lazy: onDemand(() => import('../features/auth/ConfirmEmailPage')) },
      {
        path: 'user/dashboard',
        element: userPage(<DashboardPage />),
      },
      {
        path: 'user/accesslogs',
        element: userPage(<AccessLogsPage />),
      },
      {
        path: 'user/recharge',
        element: userPage(<RechargePage />),
      },
      {
        path: 'user/statements',
        element: userPage(<StatementsPage />),
      },
      {
        path: 'user/invite',
        element: userPage(<InvitePage />),
      },
      {
        path: 'user/recharge/sandbox',
        element: userPage(<SandboxCheckoutPage />),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  // The admin area (login at the hidden path, everything under /admin) is its own lazy bundle.
  { path: paths.adminLogin, element: loading(<AdminApp />) },
  { path: `${paths.admin}/*`, element: loading(<AdminApp />) },
];

/** The browser's router, once the route modules of the current address are loaded, so that
 * hydration renders exactly what the server did. */
export async function makeRouter() {
  const matched = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matched.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy());
      route.lazy = undefined;
    }),
  );
  return createBrowserRouter(routes);
}
