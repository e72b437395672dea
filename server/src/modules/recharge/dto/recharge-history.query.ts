import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export const RECHARGE_HISTORY_MAX_PER_PAGE = 100;

export class RechargeHistoryQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a positive integer' })
  @Min(1, { message: 'page must be a positive integer' })
  @Max(1_000_000, { message: 'page is too large' })
  page = 1;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'per_page must be an integer between 1 and 100' })
  @Min(1, { message: 'per_page must be an integer between 1 and 100' })
  @Max(RECHARGE_HISTORY_MAX_PER_PAGE, { message: 'per_page must be an integer between 1 and 100' })
  per_page = 10;
}
