import { useState } from 'react';

/** Where a list kept in component state is: its page and, after "next", the page's start. */
export interface ListAt {
  page: number;
  before?: string;
}

/**
 * The page of a list the server reads by position (a `next_before`), kept in component state.
 * Going to the next page starts from this page's last row, so the server seeks its index instead
 * of skipping the rows before it; any other page is asked for by number.
 */
export function usePositionedPage() {
  const [at, setAt] = useState<ListAt>({ page: 1 });
  const go = (next: number, nextBefore: string | null | undefined) =>
    setAt(next === at.page + 1 && nextBefore ? { page: next, before: nextBefore } : { page: next });
  return [at, go] as const;
}
