import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export class ListApisQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a positive integer' })
  @Min(1, { message: 'page must be a positive integer' })
  @Max(1_000_000, { message: 'page is too large' })
  page = 1;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'per_page must be an integer between 1 and 1000' })
  @Min(1, { message: 'per_page must be an integer between 1 and 1000' })
  @Max(1000, { message: 'per_page must be an integer between 1 and 1000' })
  per_page = 48;

  @IsOptional()
  @Type(() => Number)
  @IsIn([0, 1], { message: 'is_paid must be 0 or 1' })
  is_paid?: 0 | 1;

  @IsOptional()
  @Type(() => Number)
  @IsIn([0, 1], { message: 'is_pinned must be 0 or 1' })
  is_pinned?: 0 | 1;

  @IsOptional()
  @IsString({ message: 'search must be text' })
  @MaxLength(100, { message: 'search text is too long (max 100 characters)' })
  search?: string;
}
