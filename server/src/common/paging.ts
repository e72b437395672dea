import { applyDecorators } from '@nestjs/common';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { Transform } from 'class-transformer';
import { LIST_POSITION, type PageInfo } from '../contracts/envelope';

/** Digits become a number; anything else ('' included) is left for IsInt to refuse. */
const DigitsAsNumber = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value,
  );

// class-validator runs a property's rules in registration order and stops at the first failure;
// these register the type check first, so 'abc' fails as "not an integer", not as "too large".

/** `page`: a positive integer, 1 by default. */
export const PageNumber = () =>
  applyDecorators(
    IsInt({ message: 'page must be a positive integer' }),
    Min(1, { message: 'page must be a positive integer' }),
    Max(1_000_000, { message: 'page is too large' }),
    DigitsAsNumber(),
    IsOptional(),
  );

/** `per_page`: an integer from 1 to `max`. */
export const PerPage = (max: number) => {
  const message = `per_page must be an integer between 1 and ${max}`;
  return applyDecorators(
    IsInt({ message }),
    Min(1, { message }),
    Max(max, { message }),
    DigitsAsNumber(),
    IsOptional(),
  );
};

/** `search`: free text up to 100 characters, always bound as a parameter. */
export const SearchText = () =>
  applyDecorators(
    IsString({ message: 'search must be text' }),
    MaxLength(100, { message: 'search text is too long (max 100 characters)' }),
    IsOptional(),
  );

/**
 * `before`: where a list read by position starts (the previous page's `next_before`), read by the
 * index instead of skipping the pages before; `page` still numbers the page.
 */
export const ListPosition = (list: string) =>
  applyDecorators(
    Matches(LIST_POSITION, { message: `before is not a position in ${list}` }),
    IsOptional(),
  );

/** An optional calendar day in a query (`from`, `to`): YYYY-MM-DD. */
export const DayParam = (name: string) =>
  applyDecorators(
    Matches(/^\d{4}-\d{2}-\d{2}$/, { message: `${name} must be a date (YYYY-MM-DD)` }),
    IsOptional(),
  );

/** The rows of one page: what to skip and take. */
export const pageSlice = (query: { page: number; per_page: number }) => ({
  skip: (query.page - 1) * query.per_page,
  take: query.per_page,
});

/** The page fields every list answer carries beside its rows. */
export const pageInfo = (total: number, query: { page: number; per_page: number }): PageInfo => ({
  total,
  total_pages: Math.ceil(total / query.per_page),
  current_page: query.page,
});
