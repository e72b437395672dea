import {
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
import type { Partner } from '../../../database/entities';

const HTTP_URL = /^https?:\/\/\S+$/i;
const INVALID_ID = 'invalid partner ID';
const SORT_ORDER = 'sort order must be an integer';

export class SavePartnerDto {
  @Trimmed()
  @MaxLength(100, { message: 'partner name is too long (max 100 characters)' })
  @IsNotEmpty({ message: 'partner name cannot be empty' })
  @IsString({ message: 'partner name cannot be empty' })
  name: string;

  @IsOptional()
  @Trimmed()
  @ValidateIf((_, value) => value !== '')
  @Matches(HTTP_URL, { message: 'logo URL format is incorrect' })
  @MaxLength(500, { message: 'logo URL is too long (max 500 characters)' })
  @IsString({ message: 'logo URL format is incorrect' })
  logo_url?: string;

  @IsOptional()
  @Trimmed()
  @ValidateIf((_, value) => value !== '')
  @Matches(HTTP_URL, { message: 'website URL format is incorrect' })
  @MaxLength(500, { message: 'website URL is too long (max 500 characters)' })
  @IsString({ message: 'website URL format is incorrect' })
  website_url?: string;

  @IsOptional()
  @MaxLength(500, { message: 'description is too long (max 500 characters)' })
  @IsString({ message: 'description must be text' })
  description?: string;

  @IsOptional()
  @IntLike()
  @Min(-1_000_000, { message: SORT_ORDER })
  @Max(1_000_000, { message: SORT_ORDER })
  @IsInt({ message: SORT_ORDER })
  sort_order?: number;

  @IsOptional()
  @Flag()
  @IsIn([0, 1], { message: 'status must be 0 or 1' })
  status?: number;
}

export class UpdatePartnerDto extends SavePartnerDto {
  @IntLike()
  @Min(1, { message: INVALID_ID })
  @IsInt({ message: INVALID_ID })
  id: number;
}

export class PartnerIdDto {
  @IntLike()
  @Min(1, { message: INVALID_ID })
  @IsInt({ message: INVALID_ID })
  id: number;
}

export const toPartnerValues = (dto: SavePartnerDto): Partial<Partner> => ({
  name: dto.name,
  logo_url: dto.logo_url ?? '',
  website_url: dto.website_url ?? '',
  description: dto.description ?? '',
  sort_order: dto.sort_order ?? 0,
  status: dto.status ?? 1,
});
