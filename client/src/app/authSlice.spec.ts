import { makeStore } from '../../app/store';
import { catalogueApi } from '../catalogue/api';
import { EMPTY_USER, loggedIn, loggedOut, SESSION_KEYS } from './authSlice';

const user = {
  id: 7,
  username: 'alice',
  balance: '12.50',
  api_key: 'pk_abc',
  created_at: '2026-01-02T03:04:05Z',
};

describe('auth slice', () => {
  beforeEach(() => sessionStorage.clear());

  it('starts logged out and initialized when sessionStorage is empty', () => {
    const { auth } = makeStore().getState();
    expect(auth).toMatchObject({ user: EMPTY_USER, isLoggedIn: false, initialized: true });
  });

  it('mirrors login into the six session items and restores it with an integer id', () => {
    const store = makeStore();
    store.dispatch(loggedIn(user));
    expect(Object.values(SESSION_KEYS).map((k) => sessionStorage.getItem(k))).toEqual([
      'true',
      '7',
      'alice',
      '12.50',
      'pk_abc',
      '2026-01-02T03:04:05Z',
    ]);
    const restored = makeStore().getState().auth;
    expect(restored.isLoggedIn).toBe(true);
    expect(restored.user).toEqual(user);
    expect(typeof restored.user.id).toBe('number');
  });

  it('logout resets the user and removes every session item', () => {
    const store = makeStore();
    store.dispatch(loggedIn(user));
    store.dispatch(loggedOut());
    expect(store.getState().auth.user).toEqual({ ...EMPTY_USER, balance: '0.00' });
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(Object.values(SESSION_KEYS).every((k) => sessionStorage.getItem(k) === null)).toBe(true);
  });
});

describe('cached answers across sign-ins', () => {
  it('drops every cached answer when the user signs in or out', async () => {
    const store = makeStore();
    const cached = () => Object.keys(store.getState().api.queries).length;
    await store.dispatch(
      catalogueApi.util.upsertQueryData('getUsageStats', undefined, {
        total_global_calls: 1,
        total_today_global_calls: 1,
      }),
    );
    expect(cached()).toBe(1);
    store.dispatch(loggedIn(user));
    expect(cached()).toBe(0);
    await store.dispatch(
      catalogueApi.util.upsertQueryData('getUsageStats', undefined, {
        total_global_calls: 2,
        total_today_global_calls: 2,
      }),
    );
    store.dispatch(loggedOut());
    expect(cached()).toBe(0);
  });
});
