import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import type { Accepts } from '../../../common/validation';
import type { ApiRef } from '../../../contracts/apis';

/** '' counts as absent; digits become a number; anything else stays as is and fails IsInt. */
function toId({ value }: { value: unknown }): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return /^\d{1,10}$/.test(text) ? Number(text) : value;
}

export class ApiDetailQuery {
  @IsOptional()
  @Transform(toId)
  @Min(1, { message: 'invalid API ID' })
  @IsInt({ message: 'invalid API ID' })
  id?: number;

  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && value.trim() === '' ? undefined : value,
  )
  @MaxLength(100, { message: 'invalid API English name' })
  @IsString({ message: 'invalid API English name' })
  name_en?: string;
}

/** Either reference the client sends (the contract's `ApiRef`) is a query this DTO reads. */
export type ApiDetailQueryReads = Accepts<ApiDetailQuery, ApiRef>;
