import type { AdminApi } from '../../../contracts/apis';
import type { ApiEntry } from '../../../database/entities';
import type { LinkedCategory } from '../category-links';
import { toApiDetail } from './api.response';

/** The admin's view of an API: the public detail plus how it is served and its category ids. */
export function toAdminApi(api: ApiEntry, categories: LinkedCategory[]): AdminApi {
  return {
    ...toApiDetail(
      api,
      categories.map((category) => category.slug),
    ),
    handler: api.handler,
    upstream_url: api.upstream_url,
    upstream_timeout_ms: api.upstream_timeout_ms,
    category_ids: categories.map((category) => category.id),
  };
}
