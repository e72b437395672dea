import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { RecordId, SortOrder, StatusFlag, Trimmed } from '../../../common/admin-input';
import {
  LINK_TARGETS,
  SIDEBAR_LINK_RULES,
  SORT_ORDER_MESSAGE,
  type LinkTarget,
} from '../../../contracts/content';
import type { SidebarLink } from '../../../database/entities';
import type { AdminSidebarLink } from '../../../contracts/content';
import type { Accepts } from '../../../common/validation';
import type { SaveSidebarLinkBody } from '../../../contracts/content';
import type { IdBody } from '../../../contracts/envelope';

const REQUIRED = SIDEBAR_LINK_RULES.required;
const INVALID_ID = 'invalid sidebar link ID';

export class SaveSidebarLinkDto {
  @Trimmed()
  @MaxLength(100, { message: 'title is too long (max 100 characters)' })
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: REQUIRED })
  title: string;

  @IsOptional()
  @Trimmed()
  @MaxLength(100, { message: 'the English title is too long (max 100 characters)' })
  @IsString({ message: 'the English title must be text' })
  title_en?: string;

  // A path on this site ("/about") or an http(s) URL elsewhere.
  @Trimmed()
  @Matches(SIDEBAR_LINK_RULES.url, { message: SIDEBAR_LINK_RULES.badUrl })
  @MaxLength(500, { message: 'URL is too long (max 500 characters)' })
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: REQUIRED })
  url: string;

  @IsOptional()
  @MaxLength(500, { message: 'description is too long (max 500 characters)' })
  @IsString({ message: 'description must be text' })
  description?: string;

  @IsOptional()
  @MaxLength(500, { message: 'the English description is too long (max 500 characters)' })
  @IsString({ message: 'the English description must be text' })
  description_en?: string;

  @IsOptional()
  @IsIn(LINK_TARGETS, { message: 'target must be _self or _blank' })
  target?: LinkTarget;

  @SortOrder(SORT_ORDER_MESSAGE)
  sort_order?: number;

  @StatusFlag()
  status?: number;
}

export class UpdateSidebarLinkDto extends SaveSidebarLinkDto {
  @RecordId(INVALID_ID)
  id: number;
}

export class SidebarLinkIdDto implements IdBody {
  @RecordId(INVALID_ID)
  id: number;
}

export const toSidebarLinkValues = (dto: SaveSidebarLinkDto): Partial<SidebarLink> => ({
  title: dto.title,
  title_en: dto.title_en ?? '',
  url: dto.url,
  description: dto.description ?? '',
  description_en: dto.description_en ?? '',
  target: dto.target ?? '_self',
  sort_order: dto.sort_order ?? 0,
  status: dto.status ?? 1,
});

export const toAdminSidebarLink = (row: SidebarLink): AdminSidebarLink => ({
  id: row.id,
  title: row.title,
  title_en: row.title_en,
  description: row.description,
  description_en: row.description_en,
  url: row.url,
  target: row.target,
  sort_order: row.sort_order,
  status: row.status,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** The contract's save bodies, which the client sends, are ones these DTOs read. */
export type SaveSidebarLinkDtoReads = Accepts<SaveSidebarLinkDto, SaveSidebarLinkBody>;
export type UpdateSidebarLinkDtoReads = Accepts<
  UpdateSidebarLinkDto,
  SaveSidebarLinkBody & { id: number }
>;
