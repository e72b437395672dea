import { LIST_POSITION } from '@contracts/envelope';
import { useEffect, useState } from 'react';
import { useQueryParams } from '../../lib/useQueryParams';
import { useDebouncedValue } from '../../components/ui/useDebouncedValue';

/**
 * Page and search kept in the URL query (?page=&search=), and for a list read by position the
 * page's start (?before=, the previous page's `next_before`). The box updates the URL 300 ms after
 * the last keystroke, going back to page 1.
 */
export function usePagedSearch() {
  const [params, setParams] = useQueryParams();
  const parsed = Number.parseInt(params.get('page') ?? '', 10);
  const page = Number.isInteger(parsed) && parsed > 0 ? parsed : 1;
  const search = params.get('search') ?? '';
  const position = params.get('before') ?? '';
  const before = page > 1 && LIST_POSITION.test(position) ? position : undefined;
  const [text, setText] = useState(search);
  const debounced = useDebouncedValue(text);

  useEffect(() => {
    if (debounced.trim() === search) return;
    setParams(
      (next) => {
        if (debounced.trim()) next.set('search', debounced.trim());
        else next.delete('search');
        next.delete('page');
        next.delete('before');
      },
      { replace: true },
    );
    // Only a settled keystroke writes the URL; URL changes do not re-run this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  // The URL changed by itself (back/forward, a link): the box follows it.
  useEffect(() => {
    if (search !== debounced.trim()) setText(search);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  /**
   * Goes to page `next`. Given this page's last row (`next_before`), the page after it is read
   * from that row: no rows skipped, and rows added meanwhile do not shift it.
   */
  const setPage = (next: number, nextBefore?: string | null) =>
    setParams((updated) => {
      updated.set('page', String(next));
      if (next === page + 1 && nextBefore) updated.set('before', nextBefore);
      else updated.delete('before');
    });

  /**
   * Another list setting kept in the query (a filter, a sort): changing it goes back to page 1, in
   * place, as a new search does.
   */
  const setFilter = (key: string, value: string) =>
    setParams(
      (updated) => {
        if (value) updated.set(key, value);
        else updated.delete(key);
        updated.delete('page');
        updated.delete('before');
      },
      { replace: true },
    );

  return { page, search, before, text, setText, setPage, params, setFilter };
}
