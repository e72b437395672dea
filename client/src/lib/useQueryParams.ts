import { useCallback, useContext } from 'react';
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  useSearchParams,
  type NavigateOptions,
} from 'react-router-dom';

/** Changes a copy of the current query in place; the hook navigates to what it returns. */
export type QueryChange = (params: URLSearchParams) => void;

/**
 * `useSearchParams`, except that a change starts from the query the router is at now, not the one
 * this component last rendered with. React Router hands a functional update the render's query, so
 * two quick changes (type in a search box, then pick a filter before the page has re-rendered, as
 * a slow phone or a busy tab does) lose the first one. The router's own state is current as soon as
 * a navigation completes; without a data router (a plain test router) the render's query is used.
 */
export function useQueryParams() {
  const [params, setParams] = useSearchParams();
  const router = useContext(DataRouterContext)?.router;

  const update = useCallback(
    (change: QueryChange, options?: NavigateOptions) => {
      const next = new URLSearchParams(router ? router.state.location.search : params);
      change(next);
      setParams(next, options);
    },
    [router, params, setParams],
  );

  return [params, update] as const;
}
