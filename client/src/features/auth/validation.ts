import { LOGIN_REQUIRED } from '@contracts/users';

/** Login's rule of SPEC.md §5, checked before calling (register's is registrationError). */
export function loginError(username: string, password: string): string | null {
  return username && password ? null : LOGIN_REQUIRED;
}

/** A `redirect` query value that stays on this site, else the dashboard. */
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
