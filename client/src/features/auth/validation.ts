/** The register and login rules of SPEC.md §5, checked before calling (the server repeats them). */

export interface RegisterForm {
  username: string;
  password: string;
  confirmPassword: string;
}

export function registerError({
  username,
  password,
  confirmPassword,
}: RegisterForm): string | null {
  if (!username || !password || !confirmPassword) return 'all fields cannot be empty';
  if (password !== confirmPassword) return 'the two passwords do not match';
  if (password.length < 6) return 'password must be at least 6 characters';
  if (password.length > 128) return 'password must be at most 128 characters';
  if (!/^[A-Za-z0-9_]+$/.test(username)) {
    return 'username may only contain letters, digits and underscores';
  }
  if (username.length < 3 || username.length > 32) return 'username must be 3 to 32 characters';
  return null;
}

export function loginError(username: string, password: string): string | null {
  return username && password ? null : 'please enter username and password';
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
