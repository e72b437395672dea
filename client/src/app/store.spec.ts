import { waitFor } from '@testing-library/react';
import { clearAdminLoggedIn, isAdminLoggedIn } from '../features/admin/session';
import { catalogueApi } from '../features/catalogue/api';
import { sessionExpired } from '../lib/session';
import { failure, http, ok, server } from '../test/server';
import { loggedIn } from './authSlice';
import { makeStore } from './store';

describe('the store on an ended session', () => {
  beforeEach(() => {
    sessionStorage.clear();
    sessionStorage.setItem('adminLoggedIn', 'true');
  });

  it('signs the user out when the user session ended, keeping the admin flag', () => {
    const store = makeStore();
    store.dispatch(loggedIn({ id: 1, username: 'alice' }));
    store.dispatch(sessionExpired('user'));
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(sessionStorage.getItem('isLoggedIn')).toBeNull();
    expect(sessionStorage.getItem('adminLoggedIn')).toBe('true');
  });

  it('clears the admin flag when the admin session ended, keeping the user', () => {
    const store = makeStore();
    store.dispatch(loggedIn({ id: 1, username: 'alice' }));
    store.dispatch(sessionExpired('admin'));
    expect(sessionStorage.getItem('adminLoggedIn')).toBeNull();
    expect(store.getState().auth.isLoggedIn).toBe(true);
  });

  // Dropping the cache would refetch, answer 401 again and loop.
  it('keeps the cache of a visitor who was not signed in', async () => {
    const store = makeStore();
    await store.dispatch(
      catalogueApi.util.upsertQueryData('getUsageStats', undefined, {
        total_global_calls: 1,
        total_today_global_calls: 1,
      }),
    );
    store.dispatch(sessionExpired('user'));
    expect(Object.keys(store.getState().api.queries)).toHaveLength(1);
  });
});

describe('the store in a new tab of a signed-in browser', () => {
  const ALICE = {
    id: 7,
    username: 'alice',
    balance: '3.50',
    api_key: 'k'.repeat(32),
    created_at: '2026-11-01T00:00:00.000Z',
  };
  const hint = (area: 'user' | 'admin') =>
    area === 'user' ? 'portico_signed_in' : 'portico_admin_signed_in';
  const setCookie = (name: string, value: string, maxAge = 3600) => {
    document.cookie = `${name}=${value}; path=/; max-age=${maxAge}`;
  };

  beforeEach(() => {
    sessionStorage.clear();
    setCookie(hint('user'), '', 0);
    setCookie(hint('admin'), '', 0);
  });

  it('starts logged out with neither sessionStorage nor the sign-in cookie, asking nothing', () => {
    // An unanswered call would fail the spec (onUnhandledRequest: 'error').
    const store = makeStore();
    expect(store.getState().auth.isLoggedIn).toBe(false);
  });

  it('takes the server sign-in cookie, asks who is signed in and caches the answer', async () => {
    setCookie(hint('user'), '1');
    server.use(http.get('/api/user/get_user_info.php', () => ok(ALICE)));
    const store = makeStore();
    expect(store.getState().auth.isLoggedIn).toBe(true);
    await waitFor(() => expect(store.getState().auth.user.username).toBe('alice'));
    expect(store.getState().auth.user.balance).toBe('3.50');
    expect(sessionStorage.getItem('username')).toBe('alice');
  });

  it('signs out and forgets the cookie when the server no longer knows the session', async () => {
    setCookie(hint('user'), '1');
    server.use(
      http.get('/api/user/get_user_info.php', () =>
        failure(401, { message: 'Please log in first', code: 'auth.unauthenticated' }),
      ),
    );
    const store = makeStore();
    await waitFor(() => expect(store.getState().auth.isLoggedIn).toBe(false));
    expect(document.cookie).not.toContain(hint('user'));
  });

  it('signs out when another tab announces a sign-out, and announces its own', () => {
    const store = makeStore();
    store.dispatch(loggedIn(ALICE));
    sessionStorage.setItem('adminLoggedIn', 'true');
    const announce = (area: string) =>
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'portico.signedOut', newValue: `${area} 1` }),
      );

    announce('admin');
    expect(sessionStorage.getItem('adminLoggedIn')).toBeNull();
    expect(store.getState().auth.isLoggedIn).toBe(true);
    announce('user');
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(localStorage.getItem('portico.signedOut')).toMatch(/^user \d+$/);
  });

  it('treats the admin sign-in cookie as the admin flag of a new tab', () => {
    expect(isAdminLoggedIn()).toBe(false);
    setCookie(hint('admin'), '1');
    expect(isAdminLoggedIn()).toBe(true);
    clearAdminLoggedIn();
    expect(isAdminLoggedIn()).toBe(false);
  });
});
