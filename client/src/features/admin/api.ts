import type {
  AdminApi,
  AdminApiListQuery,
  ApiFlagsBody,
  ApiSummary,
  SaveApiBody,
} from '@contracts/apis';
import type { AdminResetLink } from '@contracts/account-email';
import type { AuditPage, AuditQuery, ChangePasswordBody } from '@contracts/audit';
import type { Category, SaveCategoryBody } from '@contracts/categories';
import type {
  Ad,
  AdminSidebarLink,
  FriendLink,
  Partner,
  SaveAdBody,
  SaveFriendLinkBody,
  SavePartnerBody,
  SaveSidebarLinkBody,
} from '@contracts/content';
import type { DataEnvelope, Envelope, IdBody, PageInfo } from '@contracts/envelope';
import type { ApiProbeView, SaveProbeBody } from '@contracts/health';
import {
  OPENAPI_DOCUMENT_TYPES,
  type ImportOpenApiUrlBody,
  type ImportPreview,
} from '@contracts/openapi';
import type { GrantCreditBody, GrantedCredit } from '@contracts/credit';
import type { AdminPlanList, AdminPlanView, SavePlanBody } from '@contracts/plans';
import type {
  OidcProviderAdminList,
  OidcProviderAdminView,
  SaveOidcProviderBody,
} from '@contracts/oidc';
import type {
  AdjustBalanceBody,
  AdjustedBalance,
  AssignOrderBody,
  DismissOrderBody,
  PendingOrders,
  Reconciliation,
  VerifiedOrder,
} from '@contracts/recharge';
import type { MonthlyStatement, SiteMonth } from '@contracts/statements';
import type {
  AdminSiteConfig,
  Dashboard,
  SiteConfigBody,
  StatsDetail,
  StatsPage,
  StatsSort,
} from '@contracts/site';
import type {
  AdminLoginData,
  AdminTwoFactorStatus,
  DisableTwoFactorBody,
  RecoveryCodes,
  StartTotpBody,
  TotpCodeBody,
  TotpSetup,
  TwoFactorLoginBody,
} from '@contracts/two-factor';
import type { CreateRedeemBatchBody, RedeemBatchList, RedeemBatchView } from '@contracts/redeem';
import type { AdminReferralList, ReferralSettings } from '@contracts/referrals';
import type { Credentials, UserPage } from '@contracts/users';
import { api, call, dataOf } from '../../lib/api';
import type { ListAt } from '../../lib/usePositionedPage';

/** An OpenAPI document to import: pasted text or the file as chosen. */
export interface ImportDocument {
  document: string | Blob;
  dry_run: boolean;
}

export const ADMIN_API_LIST_SIZE = 1000;
export const ADMIN_PAGE_SIZE = 10;
export const PENDING_ORDERS_PAGE_SIZE = 20;
export const REFERRALS_PAGE_SIZE = 20;
export const RECONCILIATION_CSV_URL = '/api/admin/export_recharge_reconciliation.php';
/** A batch's codes as CSV: a plain link the browser downloads (the session cookie goes along). */
export const redeemBatchCsvUrl = (id: number) => `/api/admin/export_redeem_batch.php?id=${id}`;

/** A reconciliation's days (YYYY-MM-DD, both included); the server's default when absent. */
export interface ReconciliationPeriod {
  from?: string;
  to?: string;
}

export interface PageArgs {
  page: number;
  search: string;
  /** A list read by position: where the page starts (the previous page's `next_before`). */
  before?: string;
}

export interface StatsArgs extends PageArgs {
  sort?: StatsSort;
}

/**
 * get_api_daily_stats.php answers a page of APIs, or one API's days when asked with an id: each
 * endpoint keeps the answer it asked for, and an answer of the other shape is an error.
 */
const statsAs =
  <T extends StatsDetail | StatsPage>(is: (data: StatsDetail | StatsPage) => data is T) =>
  ({ data, ...envelope }: DataEnvelope<StatsDetail | StatsPage>): DataEnvelope<T> => {
    if (!is(data)) throw new TypeError('get_api_daily_stats.php answered the other shape');
    return { ...envelope, data };
  };

const adminApi = api
  .enhanceEndpoints({
    addTagTypes: [
      'OidcProviders',
      'AdminTwoFactor',
      'ApiProbe',
      'RedeemBatches',
      'ReferralSettings',
      'AdminPlans',
    ],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      adminLogin: build.mutation<DataEnvelope<AdminLoginData>, Credentials>({
        ...call('POST api/admin/admin_login.php', (body: Credentials) => ({ body })),
      }),
      adminLoginTwoFactor: build.mutation<DataEnvelope<AdminLoginData>, TwoFactorLoginBody>({
        ...call('POST api/admin/admin_login_2fa.php', (body: TwoFactorLoginBody) => ({ body })),
      }),
      adminTwoFactor: build.query<DataEnvelope<AdminTwoFactorStatus>, void>({
        ...call('GET api/admin/get_two_factor.php'),
        providesTags: ['AdminTwoFactor'],
      }),
      startAdminTotp: build.mutation<DataEnvelope<TotpSetup>, StartTotpBody>({
        ...call('POST api/admin/start_totp.php', (body: StartTotpBody) => ({ body })),
      }),
      enableAdminTotp: build.mutation<DataEnvelope<RecoveryCodes>, TotpCodeBody>({
        ...call('POST api/admin/enable_totp.php', (body: TotpCodeBody) => ({ body })),
        invalidatesTags: ['AdminTwoFactor'],
      }),
      disableAdminTotp: build.mutation<Envelope, DisableTwoFactorBody>({
        ...call('POST api/admin/disable_totp.php', (body: DisableTwoFactorBody) => ({ body })),
        invalidatesTags: ['AdminTwoFactor'],
      }),
      adminLogout: build.mutation<Envelope, void>({
        ...call('POST api/admin/logout.php', () => ({ body: {} })),
      }),

      adminDashboard: build.query<DataEnvelope<Dashboard>, void>({
        ...call('GET api/admin/get_dashboard_stats.php'),
        providesTags: ['Stats'],
      }),

      adminApiList: build.query<DataEnvelope<ApiSummary[]> & PageInfo, AdminApiListQuery>({
        ...call('GET api/admin/get_api_list.php', (params: AdminApiListQuery) => ({
          params: { per_page: ADMIN_API_LIST_SIZE, ...params },
        })),
        providesTags: ['Apis'],
      }),
      setApiFlags: build.mutation<Envelope, ApiFlagsBody>({
        ...call('POST api/admin/update_api_flags.php', (body: ApiFlagsBody) => ({ body })),
        invalidatesTags: ['Apis', 'Stats'],
      }),
      deleteApis: build.mutation<Envelope, number[]>({
        ...call('POST api/admin/delete_apis.php', (ids: number[]) => ({ body: { ids } })),
        invalidatesTags: ['Apis', 'Stats'],
      }),
      adminAuditLog: build.query<DataEnvelope<AuditPage>, AuditQuery>({
        ...call('GET api/admin/get_audit_log.php', (params: AuditQuery) => ({ params })),
      }),
      importOpenApi: build.mutation<DataEnvelope<ImportPreview>, ImportDocument>({
        // Sent as it is: a 13 MB document is never JSON the server parses on its event loop.
        ...call('POST api/admin/import_openapi.php', ({ document, dry_run }: ImportDocument) => ({
          body: document,
          params: { dry_run },
          headers: { 'content-type': OPENAPI_DOCUMENT_TYPES[0] },
        })),
        // A preview changes nothing; an applied import adds and rewrites APIs.
        invalidatesTags: (_result, _error, body) => (body.dry_run ? [] : ['Apis', 'Stats']),
      }),
      importOpenApiUrl: build.mutation<DataEnvelope<ImportPreview>, ImportOpenApiUrlBody>({
        ...call('POST api/admin/import_openapi_url.php', (body: ImportOpenApiUrlBody) => ({
          body,
        })),
        invalidatesTags: (_result, _error, body) => (body.dry_run ? [] : ['Apis', 'Stats']),
      }),
      changeAdminPassword: build.mutation<Envelope, ChangePasswordBody>({
        ...call('POST api/admin/change_password.php', (body: ChangePasswordBody) => ({ body })),
      }),
      adminApi: build.query<DataEnvelope<AdminApi>, number>({
        ...call('GET api/admin/get_api.php', (id: number) => ({ params: { id } })),
        providesTags: ['Apis'],
      }),
      createApi: build.mutation<DataEnvelope<AdminApi>, SaveApiBody>({
        ...call('POST api/admin/create_api.php', (body: SaveApiBody) => ({ body })),
        invalidatesTags: ['Apis', 'Stats'],
      }),
      updateApi: build.mutation<DataEnvelope<AdminApi>, SaveApiBody>({
        ...call('POST api/admin/update_api.php', (body: SaveApiBody) => ({ body })),
        invalidatesTags: ['Apis', 'Stats'],
      }),
      apiProbe: build.query<DataEnvelope<ApiProbeView | null>, number>({
        ...call('GET api/admin/get_api_probe.php', (id: number) => ({ params: { id } })),
        providesTags: ['ApiProbe'],
      }),
      saveApiProbe: build.mutation<DataEnvelope<ApiProbeView>, SaveProbeBody>({
        ...call('POST api/admin/save_api_probe.php', (body: SaveProbeBody) => ({ body })),
        invalidatesTags: ['ApiProbe'],
      }),
      runApiProbe: build.mutation<DataEnvelope<ApiProbeView>, number>({
        ...call('POST api/admin/run_api_probe.php', (id: number) => ({
          body: { id } satisfies IdBody,
        })),
        invalidatesTags: ['ApiProbe'],
      }),
      deleteApiProbe: build.mutation<Envelope, number>({
        ...call('POST api/admin/delete_api_probe.php', (id: number) => ({
          body: { id } satisfies IdBody,
        })),
        invalidatesTags: ['ApiProbe'],
      }),
      deleteApi: build.mutation<Envelope, number>({
        ...call('POST api/admin/delete_api.php', (id: number) => ({
          body: { id } satisfies IdBody,
        })),
        invalidatesTags: ['Apis', 'Stats'],
      }),

      // Categories belong to the catalogue: a change refreshes the API lists and the chips too.
      adminCategories: build.query<DataEnvelope<Category[]>, void>({
        ...call('GET api/admin/get_categories.php'),
        providesTags: ['Apis'],
      }),
      saveCategory: build.mutation<DataEnvelope<Category>, SaveCategoryBody>({
        ...call(
          (body: SaveCategoryBody) =>
            body.id ? 'POST api/admin/update_category.php' : 'POST api/admin/create_category.php',
          (body) => ({ body }),
        ),
        invalidatesTags: ['Apis'],
      }),
      deleteCategory: build.mutation<Envelope, number>({
        ...call('POST api/admin/delete_category.php', (id: number) => ({
          body: { id } satisfies IdBody,
        })),
        invalidatesTags: ['Apis'],
      }),

      adminPartners: build.query<DataEnvelope<Partner[]>, void>({
        ...call('GET api/admin/get_partners.php'),
        providesTags: ['Partners'],
      }),
      savePartner: build.mutation<DataEnvelope<Partner>, SavePartnerBody>({
        ...call(
          (body: SavePartnerBody) =>
            body.id ? 'POST api/admin/update_partner.php' : 'POST api/admin/add_partner.php',
          (body) => ({ body }),
        ),
        invalidatesTags: ['Partners'],
      }),
      deletePartner: build.mutation<Envelope, number>({
        ...call('POST api/admin/delete_partner.php', (id: number) => ({
          body: { id } satisfies IdBody,
        })),
        invalidatesTags: ['Partners'],
      }),

      adminAds: build.query<DataEnvelope<Ad[]>, void>({
        ...call('GET api/admin/get_ads.php'),
        providesTags: ['Ads'],
      }),
      saveAd: build.mutation<DataEnvelope<Ad>, SaveAdBody>({
        ...call(
          (body: SaveAdBody) =>
            body.id ? 'POST api/admin/update_ad.php' : 'POST api/admin/add_ad.php',
          (body) => ({ body }),
        ),
        invalidatesTags: ['Ads'],
      }),
      deleteAd: build.mutation<Envelope, number>({
        ...call('POST api/admin/delete_ad.php', (id: number) => ({
          body: { id } satisfies IdBody,
        })),
        invalidatesTags: ['Ads'],
      }),

      adminSidebarLinks: build.query<DataEnvelope<AdminSidebarLink[]>, void>({
        ...call('GET api/admin/get_sidebar_links_admin.php'),
        providesTags: ['Links'],
      }),
      saveSidebarLink: build.mutation<DataEnvelope<AdminSidebarLink>, SaveSidebarLinkBody>({
        ...call(
          (body: SaveSidebarLinkBody) =>
            body.id
              ? 'POST api/admin/update_sidebar_link.php'
              : 'POST api/admin/add_sidebar_link.php',
          (body) => ({ body }),
        ),
        invalidatesTags: ['Links'],
      }),
      deleteSidebarLink: build.mutation<Envelope, number>({
        ...call('POST api/admin/delete_sidebar_link.php', (id: number) => ({
          body: { id } satisfies IdBody,
        })),
        invalidatesTags: ['Links'],
      }),

      adminFriendLinks: build.query<DataEnvelope<FriendLink[]>, void>({
        ...call('GET api/admin/get_friend_links.php'),
        providesTags: ['FriendLinks'],
      }),
      saveFriendLink: build.mutation<DataEnvelope<FriendLink>, SaveFriendLinkBody>({
        ...call(
          (body: SaveFriendLinkBody) =>
            body.id
              ? 'POST api/admin/update_friend_link.php'
              : 'POST api/admin/add_friend_link.php',
          (body) => ({ body }),
        ),
        invalidatesTags: ['FriendLinks'],
      }),
      adminOidcProviders: build.query<OidcProviderAdminList, void>({
        ...call('GET api/admin/get_oidc_providers.php', undefined, dataOf),
        providesTags: ['OidcProviders'],
      }),
      saveOidcProvider: build.mutation<OidcProviderAdminView, SaveOidcProviderBody>({
        ...call(
          'POST api/admin/save_oidc_provider.php',
          (body: SaveOidcProviderBody) => ({ body }),
          dataOf,
        ),
        invalidatesTags: ['OidcProviders'],
      }),
      deleteOidcProvider: build.mutation<Envelope, number>({
        ...call('POST api/admin/delete_oidc_provider.php', (id: number) => ({ body: { id } })),
        invalidatesTags: ['OidcProviders'],
      }),
      deleteFriendLink: build.mutation<Envelope, number>({
        ...call('GET api/admin/delete_friend_link.php', (id: number) => ({ params: { id } })),
        invalidatesTags: ['FriendLinks'],
      }),

      adminConfig: build.query<DataEnvelope<AdminSiteConfig>, void>({
        ...call('GET api/admin/get_config.php'),
        providesTags: ['Config'],
      }),
      updateConfig: build.mutation<DataEnvelope<AdminSiteConfig>, SiteConfigBody>({
        ...call('POST api/admin/update_config.php', (body: SiteConfigBody) => ({ body })),
        invalidatesTags: ['Config', 'AdminTwoFactor'],
      }),

      adminStats: build.query<DataEnvelope<StatsPage>, StatsArgs>({
        ...call(
          'GET api/admin/get_api_daily_stats.php',
          ({ page, search, sort }: StatsArgs) => ({
            params: {
              page,
              per_page: ADMIN_PAGE_SIZE,
              ...(search && { search }),
              ...(sort && { sort }),
            },
          }),
          statsAs((data): data is StatsPage => 'apis' in data),
        ),
        providesTags: ['Stats'],
      }),
      adminStatsDetail: build.query<DataEnvelope<StatsDetail>, number>({
        ...call(
          'GET api/admin/get_api_daily_stats.php',
          (id: number) => ({ params: { id } }),
          statsAs((data): data is StatsDetail => 'daily_calls_history' in data),
        ),
        providesTags: ['Stats'],
      }),

      adminUsers: build.query<DataEnvelope<UserPage>, PageArgs>({
        ...call('GET api/admin/get_user_list.php', ({ page, search, before }: PageArgs) => ({
          params: {
            page,
            per_page: ADMIN_PAGE_SIZE,
            ...(search && { search }),
            ...(before && { before }),
          },
        })),
        providesTags: ['AdminUsers'],
      }),
      grantCredit: build.mutation<DataEnvelope<GrantedCredit>, GrantCreditBody>({
        ...call('POST api/admin/grant_credit.php', (body: GrantCreditBody) => ({ body })),
        invalidatesTags: ['AdminUsers'],
      }),
      adjustUserBalance: build.mutation<DataEnvelope<AdjustedBalance>, AdjustBalanceBody>({
        ...call('POST api/admin/adjust_user_balance.php', (body: AdjustBalanceBody) => ({ body })),
        invalidatesTags: ['AdminUsers'],
      }),
      disableUserTwoFactor: build.mutation<Envelope, number>({
        ...call('POST api/admin/disable_user_two_factor.php', (userId: number) => ({
          body: { user_id: userId },
        })),
        invalidatesTags: ['AdminUsers'],
      }),
      createResetLink: build.mutation<AdminResetLink, number>({
        ...call(
          'POST api/admin/create_password_reset_link.php',
          (userId: number) => ({ body: { user_id: userId } }),
          dataOf,
        ),
      }),

      pendingOrders: build.query<DataEnvelope<PendingOrders>, number>({
        ...call('GET api/admin/get_pending_orders.php', (page: number) => ({
          params: { page, per_page: PENDING_ORDERS_PAGE_SIZE },
        })),
      }),
      assignOrder: build.mutation<DataEnvelope<VerifiedOrder>, AssignOrderBody>({
        ...call('POST api/admin/assign_order.php', (body: AssignOrderBody) => ({ body })),
        invalidatesTags: ['AdminUsers'],
      }),
      dismissOrder: build.mutation<Envelope, DismissOrderBody>({
        ...call('POST api/admin/dismiss_order.php', (body: DismissOrderBody) => ({ body })),
      }),
      reconciliation: build.query<DataEnvelope<Reconciliation>, ReconciliationPeriod>({
        ...call(
          'GET api/admin/get_recharge_reconciliation.php',
          (params: ReconciliationPeriod) => ({
            params,
          }),
        ),
      }),
      siteStatement: build.query<DataEnvelope<SiteMonth>, string | undefined>({
        ...call('GET api/admin/get_site_statement.php', (month: string | undefined) => ({
          params: month ? { month } : {},
        })),
      }),
      userStatement: build.query<
        DataEnvelope<MonthlyStatement>,
        { user_id: number; month?: string }
      >({
        ...call(
          'GET api/admin/get_user_statement.php',
          (params: { user_id: number; month?: string }) => ({ params }),
        ),
      }),
      redeemBatches: build.query<DataEnvelope<RedeemBatchList>, number>({
        ...call('GET api/admin/get_redeem_batches.php', (page: number) => ({
          params: { page, per_page: ADMIN_PAGE_SIZE },
        })),
        providesTags: ['RedeemBatches'],
      }),
      createRedeemBatch: build.mutation<DataEnvelope<RedeemBatchView>, CreateRedeemBatchBody>({
        ...call('POST api/admin/create_redeem_batch.php', (body: CreateRedeemBatchBody) => ({
          body,
        })),
        invalidatesTags: ['RedeemBatches'],
      }),
      disableRedeemBatch: build.mutation<DataEnvelope<RedeemBatchView>, number>({
        ...call('POST api/admin/disable_redeem_batch.php', (id: number) => ({ body: { id } })),
        invalidatesTags: ['RedeemBatches'],
      }),
      adminPlans: build.query<AdminPlanList, void>({
        ...call('GET api/admin/get_plans.php', undefined, dataOf),
        providesTags: ['AdminPlans'],
      }),
      /** Creates a plan (no id) or changes one; the public list follows (its pricing page). */
      savePlan: build.mutation<AdminPlanView, SavePlanBody>({
        ...call('POST api/admin/save_plan.php', (body: SavePlanBody) => ({ body }), dataOf),
        invalidatesTags: ['AdminPlans'],
      }),
      referrals: build.query<DataEnvelope<AdminReferralList>, ListAt>({
        ...call('GET api/admin/get_referrals.php', (at: ListAt) => ({
          params: { ...at, per_page: REFERRALS_PAGE_SIZE },
        })),
      }),
      referralSettings: build.query<DataEnvelope<ReferralSettings>, void>({
        ...call('GET api/admin/get_referral_settings.php'),
        providesTags: ['ReferralSettings'],
      }),
      saveReferralSettings: build.mutation<DataEnvelope<ReferralSettings>, ReferralSettings>({
        ...call('POST api/admin/save_referral_settings.php', (body: ReferralSettings) => ({
          body,
        })),
        invalidatesTags: ['ReferralSettings'],
      }),
    }),
  });

export const {
  useCreateResetLinkMutation,
  useDisableUserTwoFactorMutation,
  useAdminLoginMutation,
  useAdminLoginTwoFactorMutation,
  useAdminTwoFactorQuery,
  useStartAdminTotpMutation,
  useEnableAdminTotpMutation,
  useDisableAdminTotpMutation,
  useAdminLogoutMutation,
  useAdminDashboardQuery,
  useAdminApiListQuery,
  useSetApiFlagsMutation,
  useDeleteApisMutation,
  useAdminAuditLogQuery,
  useChangeAdminPasswordMutation,
  useImportOpenApiMutation,
  useImportOpenApiUrlMutation,
  useAdminApiQuery,
  useCreateApiMutation,
  useUpdateApiMutation,
  useDeleteApiMutation,
  useAdminCategoriesQuery,
  useSaveCategoryMutation,
  useDeleteCategoryMutation,
  useAdminPartnersQuery,
  useSavePartnerMutation,
  useDeletePartnerMutation,
  useAdminAdsQuery,
  useSaveAdMutation,
  useDeleteAdMutation,
  useAdminSidebarLinksQuery,
  useSaveSidebarLinkMutation,
  useDeleteSidebarLinkMutation,
  useAdminOidcProvidersQuery,
  useSaveOidcProviderMutation,
  useDeleteOidcProviderMutation,
  useAdminFriendLinksQuery,
  useSaveFriendLinkMutation,
  useDeleteFriendLinkMutation,
  useAdminConfigQuery,
  useUpdateConfigMutation,
  useApiProbeQuery,
  useSaveApiProbeMutation,
  useRunApiProbeMutation,
  useDeleteApiProbeMutation,
  useAdminStatsQuery,
  useAdminStatsDetailQuery,
  useAdminUsersQuery,
  useAdjustUserBalanceMutation,
  useGrantCreditMutation,
  usePendingOrdersQuery,
  useAssignOrderMutation,
  useDismissOrderMutation,
  useReconciliationQuery,
  useSiteStatementQuery,
  useUserStatementQuery,
  useRedeemBatchesQuery,
  useCreateRedeemBatchMutation,
  useDisableRedeemBatchMutation,
  useAdminPlansQuery,
  useSavePlanMutation,
  useReferralsQuery,
  useReferralSettingsQuery,
  useSaveReferralSettingsMutation,
} = adminApi;
