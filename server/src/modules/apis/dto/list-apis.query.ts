import { IsIn, IsOptional } from 'class-validator';
import { IntLike } from '../../../common/admin-input';
import { PageNumber, PerPage, SearchText } from '../../../common/paging';
import type { ApiListQuery } from '../../../contracts/apis';

export class ListApisQuery implements ApiListQuery {
  @PageNumber()
  page = 1;

  @PerPage(1000)
  per_page = 48;

  @IsOptional()
  @IntLike()
  @IsIn([0, 1], { message: 'is_paid must be 0 or 1' })
  is_paid?: 0 | 1;

  @IsOptional()
  @IntLike()
  @IsIn([0, 1], { message: 'is_pinned must be 0 or 1' })
  is_pinned?: 0 | 1;

  @SearchText()
  search?: string;
}
