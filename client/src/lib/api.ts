import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { Envelope } from '@contracts/envelope';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { loggedOut } from '../features/auth/authSlice';
import { readCookie } from './cookies';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Every call: same-origin, cookies included, the XSRF cookie echoed as a header. */
export const baseQuery = fetchBaseQuery({
  baseUrl: '/',
  credentials: 'include',
  prepareHeaders: (headers) => {
    const token = readCookie(XSRF_COOKIE);
    if (token) headers.set(XSRF_HEADER, token);
    return headers;
  },
});

/** The server's answer when the XSRF token no longer fits the session; it sends a fresh one. */
export const CSRF_REJECTED = 'invalid or missing CSRF token, reload the page and try again';

const urlOf = (args: string | FetchArgs) =>
  (typeof args === 'string' ? args : args.url).replace(/^\//, '');

/**
 * baseQuery plus two session rules: a write refused for a stale XSRF token is retried once with
 * the token the refusal carried, and a 401 from a user endpoint signs the client out (the route
 * guard then sends the visitor to /login?redirect=<where they were>).
 */
export const sessionAwareBaseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError
> = async (args, baseApi, extraOptions) => {
  let result = await baseQuery(args, baseApi, extraOptions);
  const error = result.error;
  if (
    error?.status === 403 &&
    (error.data as Partial<Envelope> | undefined)?.message === CSRF_REJECTED
  ) {
    result = await baseQuery(args, baseApi, extraOptions);
  }
  if (result.error?.status === 401 && urlOf(args).startsWith('api/user/')) {
    baseApi.dispatch(loggedOut());
  }
  return result;
};

/** The root RTK Query API; features add their endpoints with injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: sessionAwareBaseQuery,
  tagTypes: [
    'Apis',
    'Config',
    'Links',
    'Partners',
    'Ads',
    'FriendLinks',
    'User',
    'Logs',
    'Recharges',
    'Stats',
    'AdminUsers',
  ],
  endpoints: () => ({}),
});

/** The server's message when it sent one, else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  const e = error as FetchBaseQueryError | undefined;
  if (e && typeof e === 'object' && 'data' in e) {
    const data = e.data as Partial<Envelope> | undefined;
    if (data && typeof data.message === 'string' && data.message) return data.message;
  }
  return fallback;
}

/** The HTTP status of an RTK Query error, or undefined for network failures. */
export function errorStatus(error: unknown): number | undefined {
  const status = (error as FetchBaseQueryError | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
}
