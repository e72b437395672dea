import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export const ACCESS_LOGS_MAX_PER_PAGE = 100;
const PER_PAGE_MESSAGE = `per_page must be an integer between 1 and ${ACCESS_LOGS_MAX_PER_PAGE}`;

// class-validator runs a property's rules bottom-up: the type check sits last so it goes first.
export class AccessLogsQuery {
  @IsOptional()
  @Type(() => Number)
  @Max(1_000_000, { message: 'page is too large' })
  @Min(1, { message: 'page must be a positive integer' })
  @IsInt({ message: 'page must be a positive integer' })
  page = 1;

  @IsOptional()
  @Type(() => Number)
  @Max(ACCESS_LOGS_MAX_PER_PAGE, { message: PER_PAGE_MESSAGE })
  @Min(1, { message: PER_PAGE_MESSAGE })
  @IsInt({ message: PER_PAGE_MESSAGE })
  per_page = 20;
}
