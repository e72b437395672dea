import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { IntLike } from '../../../common/admin-input';

const PAGE = 'page must be a positive integer';
const PER_PAGE = 'per_page must be an integer between 1 and 100';

/** GET get_api_daily_stats.php: a page of the list, or (with id) one API's daily history. */
export class DailyStatsQuery {
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && value.trim() === '' ? undefined : value,
  )
  @IntLike()
  @Min(1, { message: 'invalid API ID' })
  @IsInt({ message: 'invalid API ID' })
  id?: number;

  @IsOptional()
  @Type(() => Number)
  @Min(1, { message: PAGE })
  @Max(1_000_000, { message: 'page is too large' })
  @IsInt({ message: PAGE })
  page = 1;

  @IsOptional()
  @Type(() => Number)
  @Min(1, { message: PER_PAGE })
  @Max(100, { message: PER_PAGE })
  @IsInt({ message: PER_PAGE })
  per_page = 10;

  @IsOptional()
  @MaxLength(100, { message: 'search text is too long (max 100 characters)' })
  @IsString({ message: 'search must be text' })
  search?: string;
}
