import { formatPrice } from '../../../common/money';
import { parseJsonList } from '../../../common/json-list';
import type { ApiEntry } from '../../../database/entities';

export function toApiSummary(api: ApiEntry) {
  return {
    id: api.id,
    name: api.name,
    name_en: api.name_en,
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
  };
}

export function toApiDetail(api: ApiEntry) {
  return {
    ...toApiSummary(api),
    example_url: api.example_url,
    response_format: api.response_format,
    request_params: parseJsonList(api.request_params),
    response_params: parseJsonList(api.response_params),
    status_codes: parseJsonList(api.status_codes),
    php_example: api.php_example,
    response_example: api.response_example,
  };
}

export type ApiSummary = ReturnType<typeof toApiSummary>;
export type ApiDetail = ReturnType<typeof toApiDetail>;
