import { api, Envelope } from '../../lib/api';

export const RECHARGE_PER_PAGE = 10;

export interface RechargeInfo {
  configured: boolean;
  sponsor_url: string | null;
  custom_order_id: string;
}

export interface RechargeRecord {
  id: number;
  out_trade_no: string;
  amount: string;
  created_at: string;
}

export interface RechargeHistory {
  records: RechargeRecord[];
  total: number;
  total_pages: number;
  current_page: number;
}

export interface VerifiedOrder {
  amount: string;
  balance: string;
}

const rechargeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRechargeInfo: build.query<Envelope & { data: RechargeInfo }, void>({
      query: () => 'api/user/get_recharge_info.php',
    }),
    getRechargeHistory: build.query<Envelope & { data: RechargeHistory }, { page: number }>({
      query: ({ page }) => ({
        url: 'api/user/get_aifadian_recharge_history.php',
        params: { page, per_page: RECHARGE_PER_PAGE },
      }),
      providesTags: ['Recharges'],
    }),
    verifyOrder: build.mutation<Envelope & { data: VerifiedOrder }, { order_number: string }>({
      query: (body) => ({ url: 'api/user/verify_aifadian_order.php', method: 'POST', body }),
      invalidatesTags: ['Recharges', 'User'],
    }),
  }),
});

export const { useGetRechargeInfoQuery, useGetRechargeHistoryQuery, useVerifyOrderMutation } =
  rechargeApi;
