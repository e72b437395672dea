import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

// class-validator checks decorators bottom-up and stops at the first failure, so the type check
// sits nearest the property: 'abc' must fail as "not an integer", not as "too large".

export class ListApisQuery {
  @IsOptional()
  @Type(() => Number)
  @Max(1_000_000, { message: 'page is too large' })
  @Min(1, { message: 'page must be a positive integer' })
  @IsInt({ message: 'page must be a positive integer' })
  page = 1;

  @IsOptional()
  @Type(() => Number)
  @Max(1000, { message: 'per_page must be an integer between 1 and 1000' })
  @Min(1, { message: 'per_page must be an integer between 1 and 1000' })
  @IsInt({ message: 'per_page must be an integer between 1 and 1000' })
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
  @MaxLength(100, { message: 'search text is too long (max 100 characters)' })
  @IsString({ message: 'search must be text' })
  search?: string;
}
