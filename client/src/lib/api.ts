import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
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

/** The envelope every server response carries. */
export interface Envelope {
  success: boolean;
  message: string;
}

/** The root RTK Query API; features add their endpoints with injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
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
