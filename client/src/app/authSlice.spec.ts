import { catalogueApi } from '../features/catalogue/api';
import { rechargeApi } from '../features/recharge/api';
import { siteApi } from '../features/site/api';
import { userApi } from '../features/user/api';
import { http, ok, server } from '../test/server';
import { EMPTY_USER, loggedIn, loggedOut, SESSION_KEYS } from './authSlice';
import { makeStore } from './store';

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

describe('the user follows the server’s answers', () => {
  beforeEach(() => sessionStorage.clear());

  it('takes balance and key from user info, a changed key and a verified order', async () => {
    server.use(
      http.get('/api/user/get_user_info.php', () => ok({ ...user, balance: '20.00' })),
      http.post('/api/user/change_api_key.php', () => ok({ new_api_key: 'pk_new' })),
      http.post('/api/user/verify_aifadian_order.php', () =>
        ok({ amount: '5.00', balance: '25.00' }),
      ),
    );
    const store = makeStore();
    store.dispatch(loggedIn(user));
    await store.dispatch(userApi.endpoints.getUserInfo.initiate());
    expect(store.getState().auth.user.balance).toBe('20.00');
    await store.dispatch(userApi.endpoints.changeApiKey.initiate());
    expect(store.getState().auth.user.api_key).toBe('pk_new');
    expect(sessionStorage.getItem(SESSION_KEYS.apiKey)).toBe('pk_new');
    await store.dispatch(rechargeApi.endpoints.verifyOrder.initiate({ order_number: '1' }));
    expect(store.getState().auth.user.balance).toBe('25.00');
    expect(sessionStorage.getItem(SESSION_KEYS.balance)).toBe('25.00');
  });

  it('names the site after the config’s title, falling back when it has none', async () => {
    const titles = ['Portico Test', ''];
    server.use(
      http.get('/api/get_config.php', () => ok({ site_title: titles.shift(), home_notice: '' })),
    );
    const store = makeStore();
    await store.dispatch(siteApi.endpoints.getSiteConfig.initiate());
    expect(store.getState().auth.siteName).toBe('Portico Test');
    await store.dispatch(
      siteApi.endpoints.getSiteConfig.initiate(undefined, { forceRefetch: true }),
    );
    expect(store.getState().auth.siteName).toBeNull();
  });

  it('ignores an answer that arrives after sign-out', async () => {
    server.use(http.get('/api/user/get_user_info.php', () => ok(user)));
    const store = makeStore();
    await store.dispatch(userApi.endpoints.getUserInfo.initiate());
    expect(store.getState().auth).toMatchObject({ user: EMPTY_USER, isLoggedIn: false });
    expect(sessionStorage.getItem(SESSION_KEYS.isLoggedIn)).toBeNull();
  });
});
