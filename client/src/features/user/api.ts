import type { UserInfo } from '@contracts/users';
import type {
  BalanceAlertBody,
  BalanceAlertView,
  CallLogFilters,
  CallLogOptions,
  CallLogPage,
  FreeQuotaList,
  Usage,
} from '@contracts/usage';
import type { UserCredit } from '@contracts/credit';
import type { SubscribedPlan, SubscribePlanBody, UserPlan } from '@contracts/plans';
import type { MonthlyStatement } from '@contracts/statements';
import { api, call, dataOf } from '../../lib/api';

export const ACCESS_LOGS_PER_PAGE = 20;

export const userApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserInfo: build.query<UserInfo, void>({
      ...call('GET api/user/get_user_info.php', undefined, dataOf),
      providesTags: ['User'],
    }),
    changeApiKey: build.mutation<string, void>({
      ...call('POST api/user/change_api_key.php', undefined, ({ data }) => data.new_api_key),
      invalidatesTags: ['User'],
    }),
    getAccessLogs: build.query<CallLogPage, CallLogFilters & { page: number; before?: string }>({
      ...call(
        'GET api/user/get_user_access_logs.php',
        (params: CallLogFilters & { page: number; before?: string }) => ({
          params: { ...params, per_page: ACCESS_LOGS_PER_PAGE },
        }),
        dataOf,
      ),
      providesTags: ['Logs'],
    }),
    getAccessLogOptions: build.query<CallLogOptions, void>(
      call('GET api/user/get_access_log_options.php', undefined, dataOf),
    ),
    getUsage: build.query<Usage, void>({
      ...call('GET api/user/get_usage.php', undefined, dataOf),
      providesTags: ['Logs'],
    }),
    getCredit: build.query<UserCredit, void>({
      ...call('GET api/user/get_credit.php', undefined, dataOf),
      providesTags: ['Logs'],
    }),
    getPlan: build.query<UserPlan, void>({
      ...call('GET api/user/get_plan.php', undefined, dataOf),
      providesTags: ['Plan'],
    }),
    /** Pays the plan's first period from the balance: the balance and the subscription change. */
    subscribePlan: build.mutation<SubscribedPlan, SubscribePlanBody>({
      ...call('POST api/user/subscribe_plan.php', (body: SubscribePlanBody) => ({ body }), dataOf),
      invalidatesTags: ['Plan', 'User'],
    }),
    cancelPlan: build.mutation<UserPlan, void>({
      ...call('POST api/user/cancel_plan.php', () => ({ body: {} }), dataOf),
      invalidatesTags: ['Plan'],
    }),
    getFreeQuotas: build.query<FreeQuotaList, void>({
      ...call('GET api/user/get_free_quotas.php', undefined, dataOf),
      providesTags: ['Logs'],
    }),
    getMonthlyStatement: build.query<MonthlyStatement, string | undefined>({
      ...call(
        'GET api/user/get_monthly_statement.php',
        (month: string | undefined) => ({ params: month ? { month } : {} }),
        dataOf,
      ),
      providesTags: ['Logs', 'User'],
    }),
    getBalanceAlert: build.query<BalanceAlertView, void>({
      ...call('GET api/user/get_balance_alert.php', undefined, dataOf),
      providesTags: ['Alert'],
    }),
    setBalanceAlert: build.mutation<BalanceAlertView, BalanceAlertBody>({
      ...call(
        'POST api/user/set_balance_alert.php',
        (body: BalanceAlertBody) => ({ body }),
        dataOf,
      ),
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
  useGetCreditQuery,
  useGetPlanQuery,
  useSubscribePlanMutation,
  useCancelPlanMutation,
  useGetFreeQuotasQuery,
  useGetMonthlyStatementQuery,
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

/** Where a month's statement downloads as CSV (a plain link, as the call log's export). */
export const exportStatementUrl = (month: string) =>
  `/api/user/export_monthly_statement.php?month=${encodeURIComponent(month)}`;
