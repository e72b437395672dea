/** Set by a registration that signed the new user in; read once by the dashboard. */
const WELCOME_KEY = 'welcome';

/**
 * Marks the next dashboard visit as the new user's first: a flag in sessionStorage, since the
 * register page's guest-only guard, not the page itself, takes the signed-in user there.
 */
export const markWelcome = (emailSent: boolean) =>
  sessionStorage.setItem(WELCOME_KEY, emailSent ? 'email' : '1');

/**
 * How the dashboard should greet a new user: null for no greeting, `email` when a link to confirm
 * the address went out too (reading does not clear it; see clearWelcome).
 */
export function welcomeOf(): 'new' | 'email' | null {
  const flag = sessionStorage.getItem(WELCOME_KEY);
  return flag === 'email' ? 'email' : flag === '1' ? 'new' : null;
}

export const clearWelcome = () => sessionStorage.removeItem(WELCOME_KEY);
