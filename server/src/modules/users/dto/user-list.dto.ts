import type { User } from '../../../database/entities';
import { ListPosition, PageNumber, PerPage, SearchText } from '../../../common/paging';
import type { AdminUser } from '../../../contracts/users';

export class UserListQuery {
  @PageNumber()
  page = 1;

  @PerPage(100)
  per_page = 10;

  @SearchText()
  search?: string;

  @ListPosition('the user list')
  before?: string;
}

/** The admin's view of a user: the key only as its hint; never a hash or the encrypted key. */
export const toAdminUser = (user: User, keyHint: string, twoFactor: boolean): AdminUser => ({
  id: user.id,
  username: user.username,
  email: user.email,
  balance: user.balance_milli / 1000,
  balance_milli: user.balance_milli,
  credit_milli: Number(user.credit_milli),
  api_key: keyHint,
  status: user.status,
  created_at: user.created_at.toISOString(),
  two_factor: twoFactor,
});
