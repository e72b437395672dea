import { createAction } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { DataEnvelope, Envelope } from '@contracts/envelope';
import type { ErrorCode, ErrorEnvelope } from '@contracts/errors';
import type { SiteAnswer, SitePath, SiteRoute } from '@contracts/routes';
import { readCookie } from './cookies';
import { sessionAreaOf, sessionExpired } from './session';
import type { ServerFetch } from './ssr';

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

/** On the server the calls go in-process to the app itself; there is no page origin to resolve against. */
const serverBaseQuery = ({ fetchFn }: ServerFetch) =>
  fetchBaseQuery({ baseUrl: 'http://localhost/', fetchFn });

type CallOptions = Omit<FetchArgs, 'url' | 'method'>;

/**
 * What an endpoint asks for: a path of the site's route table (contracts/routes.ts) with the
 * method the table lists it under, GET when left out. A path or method the server does not have
 * fails the client's typecheck.
 */
export type SiteCall =
  | SitePath<'GET'>
  | (CallOptions & { url: SitePath<'GET'>; method?: 'GET' })
  | (CallOptions & { url: SitePath<'POST'>; method: 'POST' });

/** An endpoint's `query` and `transformResponse`, as `call` makes them. */
interface Call<Arg, Result> {
  query: (arg: Arg) => SiteCall;
  transformResponse: (answer: unknown) => Result;
}

/**
 * An endpoint's call of one route of the site's table (contracts/routes.ts) and its reading of
 * the answer the table gives that route: RTK Query checks the endpoint's result type against it,
 * and `@Serves` holds the server's handler to the same entry. `route` may pick between routes by
 * the argument (a save adds or updates); `request` adds the query string or the body; `pick` keeps
 * the part of the answer the endpoint gives its screens. (Without `pick` the result is the answer
 * itself, not a type parameter the endpoint's declared result could be inferred into.)
 */
export function call<R extends SiteRoute, Arg = void>(
  route: R | ((arg: Arg) => R),
  request?: (arg: Arg) => CallOptions,
): Call<Arg, SiteAnswer<R>>;
export function call<R extends SiteRoute, Arg, Result>(
  route: R | ((arg: Arg) => R),
  request: ((arg: Arg) => CallOptions) | undefined,
  pick: (answer: SiteAnswer<R>) => Result,
): Call<Arg, Result>;
export function call<R extends SiteRoute, Arg>(
  route: R | ((arg: Arg) => R),
  request?: (arg: Arg) => CallOptions,
  pick?: (answer: SiteAnswer<R>) => unknown,
): Call<Arg, unknown> {
  return {
    query: (arg) => {
      const [method, url] = (typeof route === 'function' ? route(arg) : route).split(' ');
      // A route of the table is a path with the method it is listed under.
      return { url, method, ...request?.(arg) } as SiteCall;
    },
    // The one place the client takes the server's word for an answer's shape (see above).
    transformResponse: (answer) => (pick ? pick(answer as SiteAnswer<R>) : answer),
  };
}

/** The payload of an answer: the `pick` most endpoints give `call`. */
export const dataOf = <T>(answer: DataEnvelope<T>): T => answer.data;

const pathOf = (args: SiteCall) => (typeof args === 'string' ? args : args.url).replace(/^\//, '');

/**
 * baseQuery plus the session rules, in one place for every endpoint: a call refused for a stale
 * XSRF token is retried once with the fresh token the refusal set, and a 401 tells the store whose
 * session ended (sessionExpired) so the user is signed out and the admin sent to the admin login.
 */
export const sessionAwareBaseQuery: BaseQueryFn<SiteCall, unknown, FetchBaseQueryError> = async (
  args,
  baseApi,
  extraOptions,
) => {
  const server = baseApi.extra as ServerFetch | undefined;
  const query = server?.fetchFn ? serverBaseQuery(server) : baseQuery;
  let result = await query(args, baseApi, extraOptions);
  if (result.error?.status === 403 && errorCode(result.error) === 'auth.csrf_invalid') {
    result = await query(args, baseApi, extraOptions);
  }
  const area = result.error?.status === 401 ? sessionAreaOf(pathOf(args)) : null;
  if (area) baseApi.dispatch(sessionExpired(area));
  return result;
};

/** Carries a server-rendered page's answers into the browser's cache (RTK Query's SSR path). */
export const hydrateAnswers = createAction<Record<string, unknown>>('portico/hydrateAnswers');

/** The root RTK Query API; features add their endpoints with injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: sessionAwareBaseQuery,
  extractRehydrationInfo: (action, { reducerPath }) =>
    hydrateAnswers.match(action) ? (action.payload[reducerPath] as never) : undefined,
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
    'Alert',
    'Plan',
  ],
  endpoints: () => ({}),
});

const bodyOf = (error: unknown): unknown =>
  error && typeof error === 'object' && 'data' in error ? error.data : undefined;

/**
 * The error code the server answered with, or undefined when there was no answer or it carried
 * none. Screens decide on codes, never on the message text. The contract types the code; its table
 * of descriptions (errorCodeOf's) is server documentation and stays out of the visitors' bundle.
 */
export function errorCode(error: unknown): ErrorCode | undefined {
  const code = (bodyOf(error) as Partial<ErrorEnvelope> | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The field a refusal names (a validation error, or a rule of one field), for the form to mark;
 * given the form's fields, only when it is one of them.
 */
export function refusedField(error: unknown): string | undefined;
export function refusedField<F extends string>(error: unknown, fields: readonly F[]): F | undefined;
export function refusedField(error: unknown, fields?: readonly string[]): string | undefined {
  const field = (bodyOf(error) as Partial<ErrorEnvelope> | undefined)?.field;
  if (typeof field !== 'string') return undefined;
  return !fields || fields.includes(field) ? field : undefined;
}

/**
 * The field a `request.validation` refusal names (given the form's fields, only one of them): one
 * the server found malformed, which a form asks for again in its own words.
 */
export function malformedField(error: unknown): string | undefined;
export function malformedField<F extends string>(
  error: unknown,
  fields: readonly F[],
): F | undefined;
export function malformedField(error: unknown, fields?: readonly string[]): string | undefined {
  if (errorCode(error) !== 'request.validation') return undefined;
  return fields ? refusedField(error, fields) : refusedField(error);
}

/** The server's message when it sent one, else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  const message = (bodyOf(error) as Partial<Envelope> | undefined)?.message;
  return typeof message === 'string' && message ? message : fallback;
}

/**
 * The HTTP status of an RTK Query error, or undefined for network failures. An answer that is not
 * JSON (a proxy's error page) still has its status.
 */
export function errorStatus(error: unknown): number | undefined {
  const e = error as FetchBaseQueryError | undefined;
  if (typeof e?.status === 'number') return e.status;
  return e?.status === 'PARSING_ERROR' ? e.originalStatus : undefined;
}
