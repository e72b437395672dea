import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { RecordId, SortOrder, StatusFlag, Trimmed } from '../../../common/admin-input';
import { AD_RULES, SORT_ORDER_MESSAGE, type SaveAdBody } from '../../../contracts/content';
import type { Ad } from '../../../database/entities';
import type { Accepts } from '../../../common/validation';
import type { IdBody } from '../../../contracts/envelope';

const INVALID_ID = 'invalid ad ID';

export class SaveAdDto {
  @Trimmed()
  @MaxLength(100, { message: 'title is too long (max 100 characters)' })
  @IsNotEmpty({ message: AD_RULES.required })
  @IsString({ message: AD_RULES.required })
  title: string;

  @IsOptional()
  @Trimmed()
  @MaxLength(100, { message: 'the English title is too long (max 100 characters)' })
  @IsString({ message: 'the English title must be text' })
  title_en?: string;

  @Trimmed()
  @Matches(AD_RULES.url, { message: AD_RULES.imageUrl })
  @MaxLength(500, { message: 'image URL is too long (max 500 characters)' })
  @IsNotEmpty({ message: AD_RULES.required })
  @IsString({ message: AD_RULES.required })
  image_url: string;

  @Trimmed()
  @Matches(AD_RULES.url, { message: AD_RULES.linkUrl })
  @MaxLength(500, { message: 'link URL is too long (max 500 characters)' })
  @IsNotEmpty({ message: AD_RULES.required })
  @IsString({ message: AD_RULES.required })
  link_url: string;

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

export class UpdateAdDto extends SaveAdDto {
  @RecordId(INVALID_ID)
  id: number;
}

export class AdIdDto implements IdBody {
  @RecordId(INVALID_ID)
  id: number;
}

export const toAdValues = (dto: SaveAdDto): Partial<Ad> => ({
  title: dto.title,
  title_en: dto.title_en ?? '',
  image_url: dto.image_url,
  link_url: dto.link_url,
  description: dto.description ?? '',
  description_en: dto.description_en ?? '',
  sort_order: dto.sort_order ?? 0,
  status: dto.status ?? 1,
});

/** The contract's save bodies, which the client sends, are ones these DTOs read. */
export type SaveAdDtoReads = Accepts<SaveAdDto, SaveAdBody>;
export type UpdateAdDtoReads = Accepts<UpdateAdDto, SaveAdBody & { id: number }>;
