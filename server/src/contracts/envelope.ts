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

/** The body of a call about one record by its id (delete_ad.php, delete_api.php, …). */
export interface IdBody {
  id: number;
}

/** `status` of APIs, partners, ads and links: enabled or disabled. */
export const STATUS = { enabled: 1, disabled: 0 } as const;
