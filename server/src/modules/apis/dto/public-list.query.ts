import { Allow } from 'class-validator';
import { ListApisQuery } from './list-apis.query';

/**
 * GET /api/get_api_list.php: SPEC's query plus `category` (a slug) and `sort`. The service checks
 * both (apis.unknown_category, apis.invalid_sort), a repeated one too: here they are only let in.
 */
export class PublicListApisQuery extends ListApisQuery {
  @Allow()
  category?: unknown;

  @Allow()
  sort?: unknown;
}
