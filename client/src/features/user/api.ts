import type { DataEnvelope } from '@contracts/envelope';
import type { AccessLogPage, NewApiKey, UserInfo } from '@contracts/users';
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
    getAccessLogs: build.query<AccessLogPage, { page: number }>({
      query: ({ page }) => ({
        url: 'api/user/get_user_access_logs.php',
        params: { page, per_page: ACCESS_LOGS_PER_PAGE },
      }),
      transformResponse: (response: DataEnvelope<AccessLogPage>) => response.data,
      providesTags: ['Logs'],
    }),
  }),
});

export const { useGetUserInfoQuery, useChangeApiKeyMutation, useGetAccessLogsQuery } = userApi;
