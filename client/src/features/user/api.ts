import { api, Envelope } from '../../lib/api';

export interface UserInfo {
  id: number;
  username: string;
  balance: string;
  api_key: string | null;
  created_at: string;
}

export interface AccessLog {
  id: number;
  api_name: string;
  ip_address: string;
  access_url: string;
  user_agent: string;
  access_time: string;
}

export interface AccessLogPage {
  logs: AccessLog[];
  total: number;
  total_pages: number;
  current_page: number;
}

export const ACCESS_LOGS_PER_PAGE = 20;

const userApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserInfo: build.query<UserInfo, void>({
      query: () => 'api/user/get_user_info.php',
      transformResponse: (response: Envelope & { data: UserInfo }) => response.data,
      providesTags: ['User'],
    }),
    changeApiKey: build.mutation<string, void>({
      query: () => ({ url: 'api/user/change_api_key.php', method: 'POST' }),
      transformResponse: (response: Envelope & { data: { new_api_key: string } }) =>
        response.data.new_api_key,
      invalidatesTags: ['User'],
    }),
    getAccessLogs: build.query<AccessLogPage, { page: number }>({
      query: ({ page }) => ({
        url: 'api/user/get_user_access_logs.php',
        params: { page, per_page: ACCESS_LOGS_PER_PAGE },
      }),
      transformResponse: (response: Envelope & { data: AccessLogPage }) => response.data,
      providesTags: ['Logs'],
    }),
  }),
});

export const { useGetUserInfoQuery, useChangeApiKeyMutation, useGetAccessLogsQuery } = userApi;
