import type { DataEnvelope } from '@contracts/envelope';
import type { NewApiKey, UserInfo } from '@contracts/users';
import type {
  BalanceAlertBody,
  BalanceAlertView,
  CallLogFilters,
  CallLogOptions,
  CallLogPage,
  Usage,
} from '@contracts/usage';
import { api } from '../../lib/api';

export const ACCESS_LOGS_PER_PAGE = 20;

export const userApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserInfo: build.query<UserInfo, void>({
      query: () => 'api/user/get_user_info.php',
      transformResponse: (response: DataEnvelope<UserInfo>) => response.data,
      providesTags: ['User'],
    }),
    changeApiKey: build.mutation<string, void>({
      query: () => ({ url: 'api/user/change_api_key.php', method: 'POST' }),
      transformResponse: (response: DataEnvelope<NewApiKey>) => response.data.new_api_key,
      invalidatesTags: ['User'],
    }),
    getAccessLogs: build.query<CallLogPage, CallLogFilters & { page: number }>({
      query: (params) => ({
        url: 'api/user/get_user_access_logs.php',
        params: { ...params, per_page: ACCESS_LOGS_PER_PAGE },
      }),
      transformResponse: (response: DataEnvelope<CallLogPage>) => response.data,
      providesTags: ['Logs'],
    }),
    getAccessLogOptions: build.query<CallLogOptions, void>({
      query: () => 'api/user/get_access_log_options.php',
      transformResponse: (response: DataEnvelope<CallLogOptions>) => response.data,
    }),
    getUsage: build.query<Usage, void>({
      query: () => 'api/user/get_usage.php',
      transformResponse: (response: DataEnvelope<Usage>) => response.data,
      providesTags: ['Logs'],
    }),
    getBalanceAlert: build.query<BalanceAlertView, void>({
      query: () => 'api/user/get_balance_alert.php',
      transformResponse: (response: DataEnvelope<BalanceAlertView>) => response.data,
      providesTags: ['Alert'],
    }),
    setBalanceAlert: build.mutation<BalanceAlertView, BalanceAlertBody>({
      query: (body) => ({ url: 'api/user/set_balance_alert.php', method: 'POST', body }),
      transformResponse: (response: DataEnvelope<BalanceAlertView>) => response.data,
      invalidatesTags: ['Alert'],
    }),
  }),
});

export const {
  useGetUserInfoQuery,
  useChangeApiKeyMutation,
  useGetAccessLogsQuery,
  useGetAccessLogOptionsQuery,
  useGetUsageQuery,
  useGetBalanceAlertQuery,
  useSetBalanceAlertMutation,
} = userApi;

/** Where the CSV export of the filtered call log downloads from (a plain link: the browser streams it). */
export function exportAccessLogsUrl(filters: CallLogFilters): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const query = params.toString();
  return `/api/user/export_access_logs.php${query ? `?${query}` : ''}`;
}
