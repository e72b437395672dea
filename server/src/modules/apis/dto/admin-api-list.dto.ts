import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  Min,
  ValidateIf,
} from 'class-validator';
import { Flag, IntLike } from '../../../common/admin-input';
import { ADMIN_API_SORTS, API_MESSAGES } from '../../../contracts/apis';
import type { AdminApiSort } from '../../../contracts/apis';
import { ListApisQuery } from './list-apis.query';
import type {
  AdminApiListQuery as AdminApiListQueryContract,
  ApiFlagsBody,
  ApiIdsBody,
} from '../../../contracts/apis';

/** GET /api/admin/get_api_list.php: the public list's query, plus status and sort, up to 1000. */
export class AdminApiListQuery extends ListApisQuery implements AdminApiListQueryContract {
  override per_page = 1000;

  @IsOptional()
  @IntLike()
  @IsIn([0, 1], { message: 'status must be 0 or 1' })
  status?: 0 | 1;

  @IsOptional()
  @IsIn(ADMIN_API_SORTS, { message: `sort must be one of ${ADMIN_API_SORTS.join(', ')}` })
  sort?: AdminApiSort;
}

/** The ids of a bulk action: 1 to 1000 API ids. */
export class ApiIdsDto implements ApiIdsBody {
  @Min(1, { each: true, message: API_MESSAGES.invalidId })
  @IsInt({ each: true, message: API_MESSAGES.invalidId })
  @Type(() => Number)
  @ArrayMaxSize(1000, { message: 'at most 1000 ids at a time' })
  @ArrayNotEmpty({ message: API_MESSAGES.invalidId })
  @IsArray({ message: API_MESSAGES.invalidId })
  ids: number[];
}

/** POST update_api_flags.php: status and/or is_pinned for the ids. */
export class ApiFlagsDto extends ApiIdsDto implements ApiFlagsBody {
  @ValidateIf((dto: ApiFlagsDto) => dto.status !== undefined || dto.is_pinned === undefined)
  @Flag()
  @IsIn([0, 1], { message: 'status must be 0 or 1' })
  status?: 0 | 1;

  @IsOptional()
  @Flag()
  @IsIn([0, 1], { message: 'is_pinned must be 0 or 1' })
  is_pinned?: 0 | 1;
}
