import { formatBalance } from '../../../common/money';
import type { UserInfo } from '../../../contracts/users';
import type { User } from '../../../database/entities';

/** The signed-in user's own view (login's user_info and get_user_info's data). */
export function toUserInfo(user: User, apiKey: string | null): UserInfo {
  return {
    id: user.id,
    username: user.username,
    balance: formatBalance(user.balance_milli),
    api_key: apiKey,
    created_at: user.created_at.toISOString(),
  };
}
