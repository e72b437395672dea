import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { Flag, IntLike, Trimmed } from '../../../common/admin-input';
import {
  API_MESSAGES,
  MAX_FREE_QUOTA,
  QUOTA_PERIODS,
  REQUEST_FORMATS,
  REQUEST_METHODS,
  UPSTREAM_TIMEOUT_MS,
  type QuotaPeriod,
  type RequestFormat,
  type RequestMethod,
} from '../../../contracts/apis';
import { UPSTREAM_URL_TEMPLATE } from '../../../contracts/list-fields';
import type { Accepts } from '../../../common/validation';
import type { SaveApiBody } from '../../../contracts/apis';
import type { IdBody } from '../../../contracts/envelope';

const REQUIRED = API_MESSAGES.required;
const INVALID_API_ID = API_MESSAGES.invalidId;
const TIMEOUT_MESSAGE = `upstream timeout must be an integer between ${UPSTREAM_TIMEOUT_MS.min} and ${UPSTREAM_TIMEOUT_MS.max} ms`;
const QUOTA_MESSAGE = `free calls must be a whole number from 0 to ${MAX_FREE_QUOTA}`;

/** The body of create_api.php; update_api.php adds the id. */
export class SaveApiDto {
  @Trimmed()
  @MaxLength(100, { message: 'API name is too long (max 100 characters)' })
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: REQUIRED })
  name: string;

  // It becomes the gateway path /apis/<name_en>, so it must be one clean path segment.
  @Trimmed()
  @Matches(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, {
    message: 'English name may only contain letters, digits, dots, hyphens and underscores',
  })
  @MaxLength(100, { message: 'English name is too long (max 100 characters)' })
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: REQUIRED })
  name_en: string;

  @Trimmed()
  @MaxLength(255, { message: 'Endpoint is too long (max 255 characters)' })
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: REQUIRED })
  endpoint: string;

  @IsOptional()
  @MaxLength(10000, { message: 'description is too long (max 10000 characters)' })
  @IsString({ message: 'description must be text' })
  description?: string;

  @IsOptional()
  @Trimmed()
  @MaxLength(100, { message: 'English title is too long (max 100 characters)' })
  @IsString({ message: 'English title must be text' })
  title_en?: string;

  @IsOptional()
  @MaxLength(10000, { message: 'English description is too long (max 10000 characters)' })
  @IsString({ message: 'English description must be text' })
  description_en?: string;

  @IsOptional()
  @Trimmed()
  @MaxLength(500, { message: 'example URL is too long (max 500 characters)' })
  @IsString({ message: 'example URL must be text' })
  example_url?: string;

  @IsOptional()
  @Trimmed()
  @MaxLength(100, { message: 'response format is too long (max 100 characters)' })
  @IsString({ message: 'response format must be text' })
  response_format?: string;

  @IsOptional()
  @IsIn(REQUEST_METHODS, { message: 'request method must be GET, POST, PUT or DELETE' })
  request_method?: RequestMethod;

  @IsOptional()
  @IsIn(REQUEST_FORMATS, {
    message:
      'request format must be application/json, application/x-www-form-urlencoded or multipart/form-data',
  })
  request_format?: RequestFormat;

  /** JSON text (or an array); checked item by item in the service. */
  @IsOptional()
  request_params?: unknown;

  @IsOptional()
  response_params?: unknown;

  @IsOptional()
  status_codes?: unknown;

  @IsOptional()
  @MaxLength(20000, { message: 'PHP example is too long (max 20000 characters)' })
  @IsString({ message: 'PHP example must be text' })
  php_example?: string;

  @IsOptional()
  @MaxLength(20000, { message: 'response example is too long (max 20000 characters)' })
  @IsString({ message: 'response example must be text' })
  response_example?: string;

  @IsOptional()
  @Flag()
  @IsIn([0, 1], { message: 'status must be 0 or 1' })
  status?: number;

  @IsOptional()
  @Flag()
  @IsIn([0, 1], { message: 'is_paid must be 0 or 1' })
  is_paid?: number;

  @IsOptional()
  @Flag()
  @IsIn([0, 1], { message: 'is_pinned must be 0 or 1' })
  is_pinned?: number;

  /** Yuan as text or number; its format is checked in the service (it matters for paid APIs). */
  @IsOptional()
  price_per_call?: unknown;

  @IsOptional()
  @Trimmed()
  @ValidateIf((_, value) => value !== null && value !== '')
  @MaxLength(32, { message: 'handler is too long (max 32 characters)' })
  @IsString({ message: 'handler must be text' })
  handler?: string | null;

  @IsOptional()
  @Trimmed()
  @ValidateIf((_, value) => value !== null && value !== '')
  @Matches(UPSTREAM_URL_TEMPLATE, {
    message: 'path parameters in the upstream URL are written {name}, each a whole path segment',
  })
  @Matches(/^https?:\/\//i, { message: 'upstream URL must be an http(s) URL' })
  @MaxLength(500, { message: 'upstream URL is too long (max 500 characters)' })
  @IsString({ message: 'upstream URL must be an http(s) URL' })
  upstream_url?: string | null;

  @IsOptional()
  @IntLike()
  @Min(UPSTREAM_TIMEOUT_MS.min, { message: TIMEOUT_MESSAGE })
  @Max(UPSTREAM_TIMEOUT_MS.max, { message: TIMEOUT_MESSAGE })
  @IsInt({ message: TIMEOUT_MESSAGE })
  upstream_timeout_ms?: number;

  @IsOptional()
  @IntLike()
  @Min(0, { message: QUOTA_MESSAGE })
  @Max(MAX_FREE_QUOTA, { message: QUOTA_MESSAGE })
  @IsInt({ message: QUOTA_MESSAGE })
  free_quota_calls?: number;

  @IsOptional()
  @IsIn(QUOTA_PERIODS, { message: 'the free quota period must be day or month' })
  free_quota_period?: QuotaPeriod;

  /** The API's categories; left as they are when absent. */
  @IsOptional()
  @Max(2_147_483_647, { each: true, message: 'invalid category ID' })
  @Min(1, { each: true, message: 'invalid category ID' })
  @IsInt({ each: true, message: 'invalid category ID' })
  @ArrayMaxSize(50, { message: 'at most 50 categories' })
  @IsArray({ message: 'category_ids must be a list of category IDs' })
  category_ids?: number[];
}

export class UpdateApiDto extends SaveApiDto {
  @IntLike()
  @Min(1, { message: INVALID_API_ID })
  @IsInt({ message: INVALID_API_ID })
  id: number;
}

export class ApiIdDto implements IdBody {
  @IntLike()
  @Min(1, { message: INVALID_API_ID })
  @IsInt({ message: INVALID_API_ID })
  id: number;
}

/** The contract's save bodies, which the client sends, are ones these DTOs read. */
export type SaveApiDtoReads = Accepts<SaveApiDto, SaveApiBody>;
export type UpdateApiDtoReads = Accepts<UpdateApiDto, SaveApiBody & { id: number }>;
