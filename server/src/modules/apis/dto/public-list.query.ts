import { IsOptional, IsString } from 'class-validator';
import { ListApisQuery } from './list-apis.query';

/**
 * GET /api/get_api_list.php: SPEC's query plus `category` (a slug) and `sort`. Both are checked by
 * the service, which answers apis.unknown_category / apis.invalid_sort; here only that each is
 * given once (a repeated one is an array).
 */
export class PublicListApisQuery extends ListApisQuery {
  @IsOptional()
  @IsString({ message: 'unknown category' })
  category?: string;

  @IsOptional()
  @IsString({ message: 'sort must be one of: popular, newest, price' })
  sort?: string;
}
