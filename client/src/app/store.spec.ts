import { catalogueApi } from '../features/catalogue/api';
import { sessionExpired } from '../lib/session';
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
