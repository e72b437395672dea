import { makeStore } from '../app/store';
import { failure, http, HttpResponse, ok, server } from '../test/server';
import { api, errorCode, errorMessage, errorStatus } from './api';

const probe = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.mutation<unknown, string>({
      query: (url) => ({ url, method: 'POST', body: {} }),
    }),
  }),
});

function signedInStore() {
  sessionStorage.clear();
  sessionStorage.setItem('isLoggedIn', 'true');
  sessionStorage.setItem('username', 'alice');
  sessionStorage.setItem('adminLoggedIn', 'true');
  return makeStore();
}

const call = (store: ReturnType<typeof makeStore>, url: string) =>
  store.dispatch(probe.endpoints.probe.initiate(url));

describe('the base query', () => {
  it('retries once, with the fresh token, a write refused for a stale XSRF token', async () => {
    const tokens: (string | null)[] = [];
    server.use(
      http.post('/api/user/save.php', ({ request }) => {
        tokens.push(request.headers.get('X-XSRF-TOKEN'));
        if (tokens.length > 1) return ok(null);
        document.cookie = 'XSRF-TOKEN=fresh';
        return failure(403, { code: 'auth.csrf_invalid', message: 'any wording' });
      }),
    );
    document.cookie = 'XSRF-TOKEN=stale';
    const result = await call(signedInStore(), 'api/user/save.php');
    expect(result).toHaveProperty('data');
    expect(tokens).toEqual(['stale', 'fresh']);
  });

  it('decides on the code, not the text: another 403 is not retried', async () => {
    let calls = 0;
    server.use(
      http.post('/api/user/save.php', () => {
        calls++;
        return failure(403, {
          code: 'request.forbidden',
          message: 'invalid or missing CSRF token, reload the page and try again',
        });
      }),
    );
    await call(signedInStore(), 'api/user/save.php');
    expect(calls).toBe(1);
  });

  it('signs the user out on a 401 from a user endpoint', async () => {
    server.use(
      http.post('/api/user/save.php', () => failure(401, { code: 'auth.unauthenticated' })),
    );
    const store = signedInStore();
    await call(store, 'api/user/save.php');
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(sessionStorage.getItem('isLoggedIn')).toBeNull();
    expect(sessionStorage.getItem('adminLoggedIn')).toBe('true');
  });

  it('clears the admin flag on a 401 from an admin endpoint, not on a refused admin login', async () => {
    server.use(
      http.post('/api/admin/admin_login.php', () => failure(401, { code: 'auth.login_failed' })),
      http.post('/api/admin/update_ad.php', () =>
        failure(401, { code: 'auth.admin_unauthenticated' }),
      ),
    );
    const store = signedInStore();
    await call(store, 'api/admin/admin_login.php');
    expect(sessionStorage.getItem('adminLoggedIn')).toBe('true');
    await call(store, 'api/admin/update_ad.php');
    expect(sessionStorage.getItem('adminLoggedIn')).toBeNull();
    expect(store.getState().auth.isLoggedIn).toBe(true);
  });

  it('leaves both sessions alone on a 401 from a public endpoint', async () => {
    server.use(http.post('/api/login.php', () => failure(401, { code: 'auth.login_failed' })));
    const store = signedInStore();
    await call(store, 'api/login.php');
    expect(store.getState().auth.isLoggedIn).toBe(true);
    expect(sessionStorage.getItem('adminLoggedIn')).toBe('true');
  });
});

describe('reading a failed call', () => {
  it.each([
    [failure(409, { code: 'recharge.order_used', message: 'used' }), 409, 'recharge.order_used'],
    [failure(500, 'oops'), 500, undefined],
    [failure(400, { code: 'no.such_code', message: 'm' }), 400, undefined],
    [HttpResponse.error(), undefined, undefined],
  ])('gives the status and the known code', async (answer, status, code) => {
    server.use(http.post('/api/x.php', () => answer));
    const result = await call(signedInStore(), 'api/x.php');
    const error = 'error' in result ? result.error : undefined;
    expect(errorStatus(error)).toBe(status);
    expect(errorCode(error)).toBe(code);
  });

  it('gives the server message, else the fallback', async () => {
    server.use(
      http.post('/api/a.php', () => failure(400, { message: 'from the server' })),
      http.post('/api/b.php', () => failure(502, 'Bad Gateway')),
    );
    const store = signedInStore();
    const a = await call(store, 'api/a.php');
    const b = await call(store, 'api/b.php');
    expect(errorMessage('error' in a && a.error, 'fallback')).toBe('from the server');
    expect(errorMessage('error' in b && b.error, 'fallback')).toBe('fallback');
  });
});
