import { createContext, useContext, useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and during hydration, true afterwards. Pages are rendered on the server for
 * a visitor nobody is signed in as; what depends on the browser's own session (sessionStorage)
 * shows only once hydration has matched the server's markup, or React would throw it away.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/** The site's origin ("https://example.com"): the request's on the server, the page's in a browser. */
export const OriginContext = createContext<string>(
  typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
);

export const useOrigin = () => useContext(OriginContext);

/** How server rendering answers the calls a page needs, in-process (see entry-server.tsx). */
export interface ServerFetch {
  fetchFn: (input: RequestInfo, init?: RequestInit) => Promise<Response>;
}
