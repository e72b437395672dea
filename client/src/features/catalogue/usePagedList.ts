import { useRef } from 'react';
import { useQueryParams } from '../../lib/useQueryParams';
import { pageFrom } from './listQueries';

/**
 * A home list's page, kept in the URL under `key` (the free list's `page`, the paid list's
 * `paid_page`): `resetPage` goes back to page 1 in place (a new search is not a step back), `goTo`
 * adds a history entry and scrolls to the list's heading.
 */
export function usePagedList(key: 'page' | 'paid_page') {
  const [params, setParams] = useQueryParams();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const page = pageFrom(params, key);

  const resetPage = () => {
    if (!params.has(key)) return;
    setParams((current) => current.delete(key), { replace: true });
  };

  const goTo = (next: number) => {
    setParams((current) => {
      if (next <= 1) current.delete(key);
      else current.set(key, String(next));
    });
    headingRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return { page, params, resetPage, goTo, headingRef };
}
