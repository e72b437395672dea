import { positionAfter, type PositionedPage } from '@contracts/envelope';
import { useState } from 'react';

/** Where a list kept in component state is: its page and, after "next", the page's start. */
export interface ListAt {
  page: number;
  before?: string;
}

/**
 * The page of a list the server reads by position (a `next_before`), kept in component state.
 * Going to the next page starts from this page's last row (in `answer`, the list's last answer),
 * so the server seeks its index instead of skipping the rows before it; any other page is asked
 * for by number.
 */
export function usePositionedPage() {
  const [at, setAt] = useState<ListAt>({ page: 1 });
  const go = (next: number, answer: PositionedPage | undefined) => {
    const before = next === at.page + 1 ? positionAfter(answer, at.page) : null;
    setAt(before ? { page: next, before } : { page: next });
  };
  return [at, go] as const;
}
