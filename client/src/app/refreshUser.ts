import type { UserInfo } from '@contracts/users';
import { userApi } from '../features/user/api';
import type { AppDispatch } from './store';

/**
 * Reads the signed-in user again (balance, key) for a feature that changed them elsewhere, such as
 * a paid call from an API page; the auth slice takes the answer like any other.
 */
export async function refreshUser(dispatch: AppDispatch): Promise<UserInfo | null> {
  const result = await dispatch(
    userApi.endpoints.getUserInfo.initiate(undefined, { forceRefetch: true, subscribe: false }),
  );
  return result.data ?? null;
}
