import type { AdminApi } from '../../../contracts/apis';
import type { ApiEntry } from '../../../database/entities';
import { toApiDetail } from './api.response';

/** The admin's view of an API: the public detail plus how it is served. */
export function toAdminApi(api: ApiEntry): AdminApi {
  return {
    ...toApiDetail(api),
    handler: api.handler,
    upstream_url: api.upstream_url,
    upstream_timeout_ms: api.upstream_timeout_ms,
  };
}
