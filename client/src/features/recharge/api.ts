import type { DataEnvelope } from '@contracts/envelope';
import type {
  RecheckOrderBody,
  RechargeHistory,
  RechargeInfo,
  RecentPayments,
  SandboxPayBody,
  SandboxPayment,
  VerifiedOrder,
  VerifyOrderBody,
} from '@contracts/recharge';
import type { RedeemCodeBody, RedeemedCode, RedemptionList } from '@contracts/redeem';
import { api, call } from '../../lib/api';

export const RECHARGE_PER_PAGE = 10;

export const rechargeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRechargeInfo: build.query<DataEnvelope<RechargeInfo>, void>(
      call('GET api/user/get_recharge_info.php'),
    ),
    getRechargeHistory: build.query<DataEnvelope<RechargeHistory>, { page: number }>({
      ...call('GET api/user/get_aifadian_recharge_history.php', ({ page }: { page: number }) => ({
        params: { page, per_page: RECHARGE_PER_PAGE },
      })),
      providesTags: ['Recharges'],
    }),
    verifyOrder: build.mutation<DataEnvelope<VerifiedOrder>, VerifyOrderBody>({
      ...call('POST api/user/verify_aifadian_order.php', (body: VerifyOrderBody) => ({ body })),
      invalidatesTags: ['Recharges', 'User'],
    }),
    /** Asks Afdian again about one of the user's pending orders; the row changes either way. */
    recheckOrder: build.mutation<DataEnvelope<VerifiedOrder>, RecheckOrderBody>({
      ...call('POST api/user/recheck_aifadian_order.php', (body: RecheckOrderBody) => ({ body })),
      invalidatesTags: ['Recharges', 'User'],
    }),
    /** Credits the user's new paid orders among Afdian's newest (back without a number). */
    checkRecentOrders: build.mutation<DataEnvelope<RecentPayments>, void>({
      ...call('POST api/user/check_recent_orders.php', () => ({ body: {} })),
      invalidatesTags: ['Recharges', 'User'],
    }),
    /** Pays with play money; the order number is then verified like an Afdian order. */
    sandboxPay: build.mutation<DataEnvelope<SandboxPayment>, SandboxPayBody>({
      ...call('POST api/user/sandbox_pay.php', (body: SandboxPayBody) => ({ body })),
    }),
    redeemCode: build.mutation<DataEnvelope<RedeemedCode>, RedeemCodeBody>({
      ...call('POST api/user/redeem_code.php', (body: RedeemCodeBody) => ({ body })),
      // A plan code starts a plan: the user centre's plan card follows.
      invalidatesTags: ['Recharges', 'User', 'Plan'],
    }),
    getRedemptions: build.query<DataEnvelope<RedemptionList>, { page: number }>({
      ...call('GET api/user/get_redemptions.php', ({ page }: { page: number }) => ({
        params: { page, per_page: RECHARGE_PER_PAGE },
      })),
      providesTags: ['Recharges'],
    }),
  }),
});

export const {
  useGetRechargeInfoQuery,
  useGetRechargeHistoryQuery,
  useVerifyOrderMutation,
  useRecheckOrderMutation,
  useCheckRecentOrdersMutation,
  useSandboxPayMutation,
  useRedeemCodeMutation,
  useGetRedemptionsQuery,
} = rechargeApi;
