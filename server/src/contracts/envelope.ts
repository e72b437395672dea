/** Every JSON answer carries `success` and `message`; failures add `code` (errors.ts). */
export interface Envelope {
  success: boolean;
  message: string;
}

/** An envelope whose payload sits in `data`. */
export interface DataEnvelope<T> extends Envelope {
  data: T;
}

/** The page fields every paged list carries beside its rows. */
export interface PageInfo {
  total: number;
  total_pages: number;
  current_page: number;
}

/**
 * A list's position, as its `next_before` gives it: the row's time as the database holds it (UTC,
 * `T` between date and time, its fraction of a second as stored, if any) and its id. The page
 * after it is read from that row on by an index, not by skipping the pages before.
 */
export const LIST_POSITION = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?_\d{1,19}$/;

/** A page of a list read by position: how far it was counted, and where the next page starts. */
export interface PositionedPage extends PageInfo {
  /** More rows than `total` (counted only so far past this page). */
  total_capped: boolean;
  /** The position of this page's last row, for the next page's `before`; null on the last page. */
  next_before: string | null;
}

/**
 * Where the page after `page` starts: the answer's `next_before` when the answer is that page's.
 * While a page loads, a list still holds the answer before it, whose position would read that
 * page again under the next one's number.
 */
export const positionAfter = (
  answer: Pick<PositionedPage, 'current_page' | 'next_before'> | undefined,
  page: number,
): string | null => (answer?.current_page === page ? answer.next_before : null);

/** The body of a call about one record by its id (delete_ad.php, delete_api.php, …). */
export interface IdBody {
  id: number;
}

/** `status` of APIs, partners, ads and links: enabled or disabled. */
export const STATUS = { enabled: 1, disabled: 0 } as const;
