import type { FreeQuotaView } from '@contracts/usage';
import { useGetFreeQuotasQuery, userApi } from '../features/user/api';
import type { AppDispatch } from './store';

/**
 * The signed-in user's free quota of one API in the current period, for a feature outside the user
 * centre (the API page's console); undefined while unknown or when the API gives none.
 */
export function useFreeQuota(apiId: number, enabled: boolean): FreeQuotaView | undefined {
  const { data } = useGetFreeQuotasQuery(undefined, { skip: !enabled });
  return enabled ? data?.quotas.find((quota) => quota.api_id === apiId) : undefined;
}

/** Reads the free quotas again after a call that may have used one. */
export async function refreshFreeQuotas(dispatch: AppDispatch): Promise<void> {
  await dispatch(
    userApi.endpoints.getFreeQuotas.initiate(undefined, { forceRefetch: true, subscribe: false }),
  );
}
