import type { DataEnvelope, PageInfo } from './envelope';
import type { ApiHealthSummary } from './health';
import type { RequestParam, ResponseParam, StatusCode } from './list-fields';

export const REQUEST_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type RequestMethod = (typeof REQUEST_METHODS)[number];

/**
 * How a POST or PUT API takes its body parameters: JSON (the default), an HTML form, or a
 * multipart form, the one that can carry `file` parameters. GET and DELETE take no body.
 */
export const REQUEST_FORMATS = [
  'application/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
] as const;
export type RequestFormat = (typeof REQUEST_FORMATS)[number];

/** The methods that send a body, and so may take a request format other than JSON. */
export const takesBody = (method: string) => method === 'POST' || method === 'PUT';

/** An API as the catalogue list returns it. */
export interface ApiSummary {
  id: number;
  name: string;
  name_en: string;
  /**
   * The English display title ("IP lookup"); empty when none was written. The server always
   * sends it; optional only so fixtures written before it stay valid.
   */
  title_en?: string;
  description: string;
  description_en: string;
  endpoint: string;
  request_method: RequestMethod;
  /** STATUS: 1 enabled, 0 disabled. */
  status: number;
  /** 0/1 */
  is_paid: number;
  /** 0/1 */
  is_pinned: number;
  /** Yuan with three decimals: "0.005". */
  price_per_call: string;
  usage_count: number;
  created_at: string;
  updated_at: string;
  /**
   * The slugs of the API's categories, in the categories' order (get_categories.php names them).
   * The server always sends it; optional only so fixtures written before it stay valid.
   */
  categories?: string[];
  /**
   * How the API has worked over the last 7 days (latency, success rate, state); null while it
   * has too few calls to say. The server always sends it; optional for older fixtures.
   */
  health?: ApiHealthSummary | null;
  /**
   * Portico put the API into maintenance (it was down and its probe failing): calls answer 503
   * `gateway.maintenance` until its probe passes again. Always sent; optional for older fixtures.
   */
  maintenance?: boolean;
  /**
   * Calls of this paid API each user makes free per `free_quota_period` before the balance pays
   * (0: none). Always sent; optional for older fixtures.
   */
  free_quota_calls?: number;
  free_quota_period?: QuotaPeriod;
}

/** get_api_detail.php's `data`: the list fields as arrays. */
export interface ApiDetail extends ApiSummary {
  example_url: string;
  response_format: string;
  /** How the body parameters are sent; optional for answers of older servers (JSON). */
  request_format?: RequestFormat;
  request_params: RequestParam[];
  response_params: ResponseParam[];
  status_codes: StatusCode[];
  php_example: string;
  response_example: string;
}

/** The admin's view: the detail plus how the API is served. */
export interface AdminApi extends ApiDetail {
  handler: string | null;
  upstream_url: string | null;
  upstream_timeout_ms: number;
  /** The ids of the API's categories (always sent; optional for older fixtures). */
  category_ids?: number[];
}

export interface ApiListQuery {
  page?: number;
  per_page?: number;
  is_paid?: 0 | 1;
  is_pinned?: 0 | 1;
  search?: string;
  /** A category slug (public list only). */
  category?: string;
  /** The public list's orders; without it, pinned first then newest (search: best match first). */
  sort?: CatalogueSort;
}

/**
 * Orders of the public list (GET /api/get_api_list.php?sort=). fastest: lowest median latency
 * over 7 days (down APIs after those that work); reliable: highest success rate over 7 days (then
 * fastest); APIs with too few calls to say come after those with figures.
 */
export const CATALOGUE_SORTS = ['popular', 'newest', 'price', 'fastest', 'reliable'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

export type ApiList = DataEnvelope<ApiSummary[]> & PageInfo;

/** Orders of the admin API list (GET /api/admin/get_api_list.php?sort=). */
export const ADMIN_API_SORTS = ['newest', 'oldest', 'calls', 'name', 'price'] as const;
export type AdminApiSort = (typeof ADMIN_API_SORTS)[number];

/** GET /api/admin/get_api_list.php: all APIs, disabled too; per_page up to 1000. */
export interface AdminApiListQuery extends Omit<ApiListQuery, 'sort' | 'category'> {
  status?: 0 | 1;
  sort?: AdminApiSort;
}

/** POST update_api_flags.php: the list's toggles and bulk enable/disable. */
export interface ApiFlagsBody {
  ids: number[];
  status?: 0 | 1;
  is_pinned?: 0 | 1;
}

/** POST delete_apis.php: bulk delete. */
export interface ApiIdsBody {
  ids: number[];
}

/** get_api_detail.php takes either. */
export type ApiRef = { id: number } | { name_en: string };

/** create_api.php's body (update_api.php adds the id): list fields as JSON text, 0/1 flags. */
export interface SaveApiBody {
  id?: number;
  name: string;
  name_en: string;
  /** The English display title; optional so older clients keep working. */
  title_en?: string;
  description: string;
  description_en: string;
  endpoint: string;
  example_url: string;
  response_format: string;
  request_method: RequestMethod;
  /** Left as it is when absent ('application/json' for a new API). */
  request_format?: RequestFormat;
  request_params: string;
  response_params: string;
  status_codes: string;
  php_example: string;
  response_example: string;
  status: number;
  is_paid: number;
  is_pinned: number;
  price_per_call: string;
  /** A built-in handler's name; '' for none. */
  handler: string;
  /** '' for none. */
  upstream_url: string;
  upstream_timeout_ms: number;
  /** The API's categories; left as they are when absent. */
  category_ids?: number[];
  /** Free calls per user and period (0: none); left as they are when absent. */
  free_quota_calls?: number;
  free_quota_period?: QuotaPeriod;
}

/**
 * Every field create_api.php reads (update_api.php adds `id`), in the editor's order: a refusal
 * naming any of them is shown at its control (a unit test holds the DTO to this list, a client
 * test every entry to a control).
 */
export const SAVE_API_FIELDS = [
  'name',
  'name_en',
  'title_en',
  'endpoint',
  'example_url',
  'response_format',
  'request_method',
  'request_format',
  'description',
  'description_en',
  'status',
  'is_pinned',
  'is_paid',
  'price_per_call',
  'free_quota_calls',
  'free_quota_period',
  'category_ids',
  'request_params',
  'response_params',
  'status_codes',
  'php_example',
  'response_example',
  'handler',
  'upstream_url',
  'upstream_timeout_ms',
] as const satisfies readonly Exclude<keyof SaveApiBody, 'id'>[];
export type SaveApiField = (typeof SAVE_API_FIELDS)[number];

/** Yuan, non-negative, at most three decimals (SPEC.md §5, §9). */
export const PRICE_PATTERN = /^\d{1,12}(\.\d{1,3})?$/;

export const UPSTREAM_TIMEOUT_MS = { min: 100, max: 120_000, default: 10_000 } as const;

/** How often a paid API's free quota starts again (at midnight on the site's clock). */
export const QUOTA_PERIODS = ['day', 'month'] as const;
export type QuotaPeriod = (typeof QUOTA_PERIODS)[number];

/** The most free calls a quota may give per period. */
export const MAX_FREE_QUOTA = 1_000_000;

export const API_MESSAGES = {
  required: 'API name, English name and Endpoint cannot be empty',
  price: 'invalid price format, must be a non-negative number with at most three decimal places',
  invalidId: 'invalid API ID',
} as const;
