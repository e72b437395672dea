import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import type { SitePath } from '@contracts/routes';
import { failure, http, HttpResponse, ok, server } from '../test/server';
import {
  api,
  call,
  errorCode,
  errorMessage,
  errorStatus,
  malformedField,
  refusedField,
} from './api';
import { sessionExpired, type SessionArea } from './session';

const probe = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.mutation<unknown, string>({
      // Made-up paths: what the base query does depends on the answer, not on the route table.
      query: (url) => ({ url: url as SitePath<'POST'>, method: 'POST', body: {} }),
    }),
  }),
});

/** A store with only the API, and the sessions its 401s ended. */
function setup() {
  const expired: SessionArea[] = [];
  const listener = createListenerMiddleware();
  listener.startListening({
    actionCreator: sessionExpired,
    effect: ({ payload }) => void expired.push(payload),
  });
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(api.middleware),
  });
  const call = (url: string) => store.dispatch(probe.endpoints.probe.initiate(url));
  return { call, expired };
}

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
    const result = await setup().call('api/user/save.php');
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
    await setup().call('api/user/save.php');
    expect(calls).toBe(1);
  });

  it.each([
    ['/api/user/save.php', 'user'],
    ['/api/admin/update_ad.php', 'admin'],
    // A refused admin login is a wrong password, not an ended session.
    ['/api/admin/admin_login.php', undefined],
    ['/api/login.php', undefined],
  ])('says whose session a 401 from %s ended: %s', async (path, area) => {
    server.use(http.post(path, () => failure(401, { code: 'auth.unauthenticated' })));
    const { call, expired } = setup();
    await call(path.slice(1));
    expect(expired).toEqual(area ? [area] : []);
  });

  it('ends no session on other failures', async () => {
    server.use(http.post('/api/user/save.php', () => failure(403, { code: 'request.forbidden' })));
    const { call, expired } = setup();
    await call('api/user/save.php');
    expect(expired).toEqual([]);
  });
});

describe('reading a failed call', () => {
  it.each([
    [failure(409, { code: 'recharge.order_used', message: 'used' }), 409, 'recharge.order_used'],
    [failure(500, 'oops'), 500, undefined],
    [HttpResponse.error(), undefined, undefined],
  ])('gives the status and the known code', async (answer, status, code) => {
    server.use(http.post('/api/x.php', () => answer));
    const result = await setup().call('api/x.php');
    const error = 'error' in result ? result.error : undefined;
    expect(errorStatus(error)).toBe(status);
    expect(errorCode(error)).toBe(code);
  });

  it('gives the server message, else the fallback', async () => {
    server.use(
      http.post('/api/a.php', () => failure(400, { message: 'from the server' })),
      http.post('/api/b.php', () => failure(502, 'Bad Gateway')),
    );
    const { call } = setup();
    const a = await call('api/a.php');
    const b = await call('api/b.php');
    expect(errorMessage('error' in a && a.error, 'fallback')).toBe('from the server');
    expect(errorMessage('error' in b && b.error, 'fallback')).toBe('fallback');
  });

  it('gives the field a refusal names, or only one of the form’s fields when given them', async () => {
    server.use(
      http.post('/api/a.php', () => failure(400, { code: 'request.validation', field: 'name' })),
      http.post('/api/b.php', () => failure(400, { code: 'request.validation' })),
    );
    const { call } = setup();
    const a = await call('api/a.php');
    const b = await call('api/b.php');
    const named = 'error' in a ? a.error : undefined;
    expect(refusedField(named)).toBe('name');
    expect(refusedField(named, ['name', 'url'] as const)).toBe('name');
    expect(refusedField(named, ['title'] as const)).toBeUndefined();
    expect(refusedField('error' in b ? b.error : undefined)).toBeUndefined();
  });

  it('gives the field only of a validation refusal, as one the server found malformed', async () => {
    server.use(
      http.post('/api/a.php', () => failure(400, { code: 'request.validation', field: 'name' })),
      http.post('/api/b.php', () => failure(409, { code: 'users.email_taken', field: 'email' })),
    );
    const { call } = setup();
    const a = await call('api/a.php');
    const b = await call('api/b.php');
    const malformed = 'error' in a ? a.error : undefined;
    expect(malformedField(malformed)).toBe('name');
    expect(malformedField(malformed, ['name'] as const)).toBe('name');
    expect(malformedField(malformed, ['title'] as const)).toBeUndefined();
    expect(malformedField('error' in b ? b.error : undefined)).toBeUndefined();
  });
});

describe('an endpoint made by call', () => {
  it('asks for the route with its method, adding the query or the body', () => {
    expect(call('GET api/get_config.php').query()).toEqual({
      url: 'api/get_config.php',
      method: 'GET',
    });
    const save = call(
      (body: { id?: number }) =>
        body.id ? 'POST api/admin/update_ad.php' : 'POST api/admin/add_ad.php',
      (body) => ({ body }),
    );
    expect(save.query({ id: 3 })).toEqual({
      url: 'api/admin/update_ad.php',
      method: 'POST',
      body: { id: 3 },
    });
    expect(save.query({})).toMatchObject({ url: 'api/admin/add_ad.php', method: 'POST' });
  });

  it('gives the answer, or the part of it the endpoint picks', () => {
    const answer = { success: true, message: 'ok', data: { sessions: [], revoked: 2 } };
    expect(call('POST api/user/logout.php').transformResponse(answer)).toBe(answer);
    const revoked = call(
      'POST api/user/revoke_other_sessions.php',
      undefined,
      ({ data }) => data.revoked,
    );
    expect(revoked.transformResponse(answer)).toBe(2);
  });
});
