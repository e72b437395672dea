import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { RecordId, SortOrder, StatusFlag, Trimmed } from '../../../common/admin-input';
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

  @SortOrder(SORT_ORDER)
  sort_order?: number;

  @StatusFlag()
  status?: number;
}

export class UpdatePartnerDto extends SavePartnerDto {
  @RecordId(INVALID_ID)
  id: number;
}

export class PartnerIdDto {
  @RecordId(INVALID_ID)
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
