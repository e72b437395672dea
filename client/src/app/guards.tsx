import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { paths } from '../config/paths';
import { selectIsLoggedIn } from './authSlice';
import { useAppSelector } from './store';
import { useSignedIn } from './useSignedIn';

/** A `redirect` query value that stays on this site, else the fallback. */
export function safeRedirect(target: string | null, fallback: string): string {
  // Only same-site client routes: not other hosts, and not the gateway (/apis/*), which the
  // router must never render.
  if (
    !target ||
    !target.startsWith('/') ||
    target.startsWith('//') ||
    target.startsWith('/\\') ||
    target.startsWith('/apis/')
  ) {
    return fallback;
  }
  return target;
}

/** User pages: signed-out visitors go to /login?redirect=<the page they asked for>. */
export function RequireUser({ children }: { children: ReactNode }) {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const { pathname, search } = useLocation();
  if (isLoggedIn) return children;
  const redirect = encodeURIComponent(pathname + search);
  return <Navigate to={`${paths.login}?redirect=${redirect}`} replace />;
}

/**
 * Login and register: a signed-in user goes on to the `redirect` target or the dashboard. This is
 * also how a successful login leaves the login page.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const isLoggedIn = useSignedIn();
  const [params] = useSearchParams();
  if (!isLoggedIn) return children;
  return <Navigate to={safeRedirect(params.get('redirect'), paths.userDashboard)} replace />;
}
