import { formatPrice } from '../../../common/money';
import type { ApiDetail, ApiSummary } from '../../../contracts/apis';
import type { ApiHealthSummary } from '../../../contracts/health';
import {
  parseListField,
  type RequestParam,
  type ResponseParam,
  type StatusCode,
} from '../../../contracts/list-fields';
import type { ApiEntry } from '../../../database/entities';

export type { ApiDetail, ApiSummary };

/**
 * `categories`: the API's category slugs in chip order (category-links.ts); `health`: its figures
 * (api-health), null when it has too few calls.
 */
export function toApiSummary(
  api: ApiEntry,
  categories: string[],
  health: ApiHealthSummary | null = null,
): ApiSummary {
  return {
    id: api.id,
    name: api.name,
    name_en: api.name_en,
    title_en: api.title_en,
    description: api.description,
    description_en: api.description_en,
    endpoint: api.endpoint,
    request_method: api.request_method,
    status: api.status,
    is_paid: api.is_paid,
    is_pinned: api.is_pinned,
    price_per_call: formatPrice(api.price_per_call_milli),
    usage_count: api.usage_count,
    created_at: api.created_at.toISOString(),
    updated_at: api.updated_at.toISOString(),
    categories,
    health,
    maintenance: api.maintenance_at !== null,
    free_quota_calls: api.free_quota_calls,
    free_quota_period: api.free_quota_period,
  };
}

/** A list's rows as stored, each with a `description_en` ('' in rows written without one). */
const withDescriptions = <T extends { description_en?: string }>(value: string): T[] =>
  parseListField<T>(value).map((row) =>
    typeof row === 'object' && row !== null
      ? { ...row, description_en: row.description_en ?? '' }
      : row,
  );

export function toApiDetail(
  api: ApiEntry,
  categories: string[],
  health: ApiHealthSummary | null = null,
): ApiDetail {
  return {
    ...toApiSummary(api, categories, health),
    example_url: api.example_url,
    response_format: api.response_format,
    request_format: api.request_format,
    request_params: withDescriptions<RequestParam>(api.request_params),
    response_params: withDescriptions<ResponseParam>(api.response_params),
    status_codes: withDescriptions<StatusCode>(api.status_codes),
    php_example: api.php_example,
    response_example: api.response_example,
  };
}
