import { useEffect, useState } from 'react';
import { useQueryParams } from '../../lib/useQueryParams';
import { useDebouncedValue } from '../../components/ui/useDebouncedValue';

/**
 * Page and search kept in the URL query (?page=&search=). The box updates the URL 300 ms after
 * the last keystroke, going back to page 1.
 */
export function usePagedSearch() {
  const [params, setParams] = useQueryParams();
  const parsed = Number.parseInt(params.get('page') ?? '', 10);
  const page = Number.isInteger(parsed) && parsed > 0 ? parsed : 1;
  const search = params.get('search') ?? '';
  const [text, setText] = useState(search);
  const debounced = useDebouncedValue(text);

  useEffect(() => {
    if (debounced.trim() === search) return;
    setParams(
      (next) => {
        if (debounced.trim()) next.set('search', debounced.trim());
        else next.delete('search');
        next.delete('page');
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

  const setPage = (next: number) => setParams((updated) => updated.set('page', String(next)));

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
      },
      { replace: true },
    );

  return { page, search, text, setText, setPage, params, setFilter };
}
