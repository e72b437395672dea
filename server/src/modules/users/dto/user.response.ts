import { formatBalance } from '../../../common/money';
import type { AccessLog, UserInfo } from '../../../contracts/users';
import type { AccessLog as AccessLogRow, User } from '../../../database/entities';

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

export function toAccessLogView(log: AccessLogRow): AccessLog {
  return {
    id: Number(log.id),
    api_name: log.api_name,
    ip_address: log.ip_address,
    access_url: log.access_url,
    user_agent: log.user_agent,
    access_time: log.access_time.toISOString(),
  };
}
