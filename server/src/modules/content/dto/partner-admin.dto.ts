import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { RecordId, SortOrder, StatusFlag, Trimmed } from '../../../common/admin-input';
import {
  PARTNER_RULES,
  SORT_ORDER_MESSAGE,
  type SavePartnerBody,
} from '../../../contracts/content';
import type { Partner } from '../../../database/entities';
import type { Accepts } from '../../../common/validation';
import type { IdBody } from '../../../contracts/envelope';

const INVALID_ID = 'invalid partner ID';

export class SavePartnerDto {
  @Trimmed()
  @MaxLength(100, { message: 'partner name is too long (max 100 characters)' })
  @IsNotEmpty({ message: PARTNER_RULES.nameRequired })
  @IsString({ message: PARTNER_RULES.nameRequired })
  name: string;

  @IsOptional()
  @Trimmed()
  @MaxLength(100, { message: 'the English name is too long (max 100 characters)' })
  @IsString({ message: 'the English name must be text' })
  name_en?: string;

  @IsOptional()
  @Trimmed()
  @ValidateIf((_, value) => value !== '')
  @Matches(PARTNER_RULES.logo, { message: PARTNER_RULES.logoUrl })
  @MaxLength(500, { message: 'logo URL is too long (max 500 characters)' })
  @IsString({ message: PARTNER_RULES.logoUrl })
  logo_url?: string;

  @IsOptional()
  @Trimmed()
  @ValidateIf((_, value) => value !== '')
  @Matches(PARTNER_RULES.url, { message: PARTNER_RULES.websiteUrl })
  @MaxLength(500, { message: 'website URL is too long (max 500 characters)' })
  @IsString({ message: PARTNER_RULES.websiteUrl })
  website_url?: string;

  @IsOptional()
  @MaxLength(500, { message: 'description is too long (max 500 characters)' })
  @IsString({ message: 'description must be text' })
  description?: string;

  @IsOptional()
  @MaxLength(500, { message: 'the English description is too long (max 500 characters)' })
  @IsString({ message: 'the English description must be text' })
  description_en?: string;

  @SortOrder(SORT_ORDER_MESSAGE)
  sort_order?: number;

  @StatusFlag()
  status?: number;
}

export class UpdatePartnerDto extends SavePartnerDto {
  @RecordId(INVALID_ID)
  id: number;
}

export class PartnerIdDto implements IdBody {
  @RecordId(INVALID_ID)
  id: number;
}

export const toPartnerValues = (dto: SavePartnerDto): Partial<Partner> => ({
  name: dto.name,
  name_en: dto.name_en ?? '',
  logo_url: dto.logo_url ?? '',
  website_url: dto.website_url ?? '',
  description: dto.description ?? '',
  description_en: dto.description_en ?? '',
  sort_order: dto.sort_order ?? 0,
  status: dto.status ?? 1,
});

/** The contract's save bodies, which the client sends, are ones these DTOs read. */
export type SavePartnerDtoReads = Accepts<SavePartnerDto, SavePartnerBody>;
export type UpdatePartnerDtoReads = Accepts<UpdatePartnerDto, SavePartnerBody & { id: number }>;
