import {
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { Flag, RecordId, SortOrder, Trimmed } from '../../../common/admin-input';
import { FRIEND_LINK_RULES, type SaveFriendLinkBody } from '../../../contracts/content';
import type { FriendLink } from '../../../database/entities';
import type { Accepts } from '../../../common/validation';
import type { IdBody } from '../../../contracts/envelope';

const REQUIRED = FRIEND_LINK_RULES.required;
const BAD_URL = FRIEND_LINK_RULES.badUrl;
const HTTP_URL = FRIEND_LINK_RULES.url;
const INVALID_ID = '无效的友链ID';
const SORT_ORDER = '排序必须是整数';

export class SaveFriendLinkDto {
  @Trimmed()
  @MaxLength(100, { message: '友链名称过长（最多 100 个字符）' })
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: REQUIRED })
  name: string;

  @Trimmed()
  @Matches(HTTP_URL, { message: BAD_URL })
  @MaxLength(500, { message: BAD_URL })
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: REQUIRED })
  link_url: string;

  @IsOptional()
  @Trimmed()
  @ValidateIf((_, value) => value !== '' && value !== null)
  @Matches(FRIEND_LINK_RULES.avatar, { message: BAD_URL })
  @MaxLength(500, { message: BAD_URL })
  @IsString({ message: BAD_URL })
  avatar_url?: string | null;

  @IsOptional()
  @MaxLength(500, { message: '描述过长（最多 500 个字符）' })
  @IsString({ message: '描述必须是文本' })
  description?: string | null;

  @IsOptional()
  @MaxLength(500, { message: '英文描述过长（最多 500 个字符）' })
  @IsString({ message: '英文描述必须是文本' })
  description_en?: string;

  @SortOrder(SORT_ORDER)
  sort_order?: number;

  @IsOptional()
  @Flag()
  @IsIn([0, 1], { message: '状态只能是 0 或 1' })
  status?: number;
}

export class UpdateFriendLinkDto extends SaveFriendLinkDto {
  @RecordId(INVALID_ID)
  id: number;
}

export class FriendLinkIdDto implements IdBody {
  @RecordId(INVALID_ID)
  id: number;
}

export const toFriendLinkValues = (dto: SaveFriendLinkDto): Partial<FriendLink> => ({
  name: dto.name,
  link_url: dto.link_url,
  avatar_url: dto.avatar_url ?? '',
  description: dto.description ?? '',
  description_en: dto.description_en ?? '',
  sort_order: dto.sort_order ?? 0,
  status: dto.status ?? 1,
});

/** The contract's save bodies, which the client sends, are ones these DTOs read. */
export type SaveFriendLinkDtoReads = Accepts<SaveFriendLinkDto, SaveFriendLinkBody>;
export type UpdateFriendLinkDtoReads = Accepts<
  UpdateFriendLinkDto,
  SaveFriendLinkBody & { id: number }
>;
