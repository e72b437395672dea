import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Min } from 'class-validator';
import { IntLike } from '../../../common/admin-input';
import { PageNumber, PerPage, SearchText } from '../../../common/paging';
import { STATS_SORTS } from '../../../contracts/site';
import type { StatsSort } from '../../../contracts/site';

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

  @PageNumber()
  page = 1;

  @PerPage(100)
  per_page = 10;

  @SearchText()
  search?: string;

  @IsOptional()
  @IsIn(STATS_SORTS, { message: `sort must be one of ${STATS_SORTS.join(', ')}` })
  sort?: StatsSort;
}
