import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import type { User } from '../../../database/entities';

const PAGE = 'page must be a positive integer';
const PER_PAGE = 'per_page must be an integer between 1 and 100';

export class UserListQuery {
  @IsOptional()
  @Type(() => Number)
  @Min(1, { message: PAGE })
  @Max(1_000_000, { message: 'page is too large' })
  @IsInt({ message: PAGE })
  page = 1;

  @IsOptional()
  @Type(() => Number)
  @Min(1, { message: PER_PAGE })
  @Max(100, { message: PER_PAGE })
  @IsInt({ message: PER_PAGE })
  per_page = 10;

  @IsOptional()
  @MaxLength(100, { message: 'search text is too long (max 100 characters)' })
  @IsString({ message: 'search must be text' })
  search?: string;
}

/** The admin's view of a user: the key only as its hint; never a hash or the encrypted key. */
export const toAdminUser = (user: User) => ({
  id: user.id,
  username: user.username,
  email: user.email,
  balance: user.balance_milli / 1000,
  api_key: user.api_key_hint,
  status: user.status,
  created_at: user.created_at.toISOString(),
});
