import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { RecordId, SortOrder, StatusFlag, Trimmed } from '../../../common/admin-input';
import type { Ad } from '../../../database/entities';

const REQUIRED = 'title, image URL and link URL are required';
/** An http(s) URL, or a path on this site ("/..."; "//host" would leave it). */
const AD_URL = /^(https?:\/\/\S+|\/(?!\/)\S*)$/i;
const INVALID_ID = 'invalid ad ID';
const SORT_ORDER = 'sort order must be an integer';

export class SaveAdDto {
  @Trimmed()
  @MaxLength(100, { message: 'title is too long (max 100 characters)' })
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: REQUIRED })
  title: string;

  @Trimmed()
  @Matches(AD_URL, { message: 'image URL format is incorrect' })
  @MaxLength(500, { message: 'image URL is too long (max 500 characters)' })
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: REQUIRED })
  image_url: string;

  @Trimmed()
  @Matches(AD_URL, { message: 'link URL format is incorrect' })
  @MaxLength(500, { message: 'link URL is too long (max 500 characters)' })
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: REQUIRED })
  link_url: string;

  @IsOptional()
  @MaxLength(500, { message: 'description is too long (max 500 characters)' })
  @IsString({ message: 'description must be text' })
  description?: string;

  @SortOrder(SORT_ORDER)
  sort_order?: number;

  @StatusFlag()
  status?: number;
}

export class UpdateAdDto extends SaveAdDto {
  @RecordId(INVALID_ID)
  id: number;
}

export class AdIdDto {
  @RecordId(INVALID_ID)
  id: number;
}

export const toAdValues = (dto: SaveAdDto): Partial<Ad> => ({
  title: dto.title,
  image_url: dto.image_url,
  link_url: dto.link_url,
  description: dto.description ?? '',
  sort_order: dto.sort_order ?? 0,
  status: dto.status ?? 1,
});
