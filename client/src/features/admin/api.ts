import type {
  AdminApi,
  AdminApiListQuery,
  ApiFlagsBody,
  ApiSummary,
  SaveApiBody,
} from '@contracts/apis';
import type { AuditPage, AuditQuery, ChangePasswordBody } from '@contracts/audit';
import type { SitePath } from '@contracts/routes';
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
import type { DataEnvelope, Envelope, PageInfo } from '@contracts/envelope';
import type { ImportOpenApiBody, ImportPreview } from '@contracts/openapi';
import type {
  AdjustBalanceBody,
  AdjustedBalance,
  AssignOrderBody,
  DismissOrderBody,
  PendingOrders,
  Reconciliation,
  VerifiedOrder,
} from '@contracts/recharge';
import type {
  AdminSiteConfig,
  Dashboard,
  SiteConfigBody,
  StatsDetail,
  StatsPage,
  StatsSort,
} from '@contracts/site';
import type { Credentials, UserPage } from '@contracts/users';
import { api } from '../../lib/api';

export const ADMIN_API_LIST_SIZE = 1000;
export const ADMIN_PAGE_SIZE = 10;
export const PENDING_ORDERS_PAGE_SIZE = 20;
export const RECONCILIATION_CSV_URL = '/api/admin/export_recharge_reconciliation.php';

/** A reconciliation's days (YYYY-MM-DD, both included); the server's default when absent. */
export interface ReconciliationPeriod {
  from?: string;
  to?: string;
}

export interface PageArgs {
  page: number;
  search: string;
}

export interface StatsArgs extends PageArgs {
  sort?: StatsSort;
}

const post = (url: SitePath<'POST'>, body: unknown) => ({ url, method: 'POST' as const, body });

const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminLogin: build.mutation<Envelope, Credentials>({
      query: (body) => post('api/admin/admin_login.php', body),
    }),
    adminLogout: build.mutation<Envelope, void>({
      query: () => post('api/admin/logout.php', {}),
    }),

    adminDashboard: build.query<DataEnvelope<Dashboard>, void>({
      query: () => 'api/admin/get_dashboard_stats.php',
      providesTags: ['Stats'],
    }),

    adminApiList: build.query<DataEnvelope<ApiSummary[]> & PageInfo, AdminApiListQuery>({
      query: (params) => ({
        url: 'api/admin/get_api_list.php',
        params: { per_page: ADMIN_API_LIST_SIZE, ...params },
      }),
      providesTags: ['Apis'],
    }),
    setApiFlags: build.mutation<Envelope, ApiFlagsBody>({
      query: (body) => post('api/admin/update_api_flags.php', body),
      invalidatesTags: ['Apis', 'Stats'],
    }),
    deleteApis: build.mutation<Envelope, number[]>({
      query: (ids) => post('api/admin/delete_apis.php', { ids }),
      invalidatesTags: ['Apis', 'Stats'],
    }),
    adminAuditLog: build.query<DataEnvelope<AuditPage>, AuditQuery>({
      query: (params) => ({ url: 'api/admin/get_audit_log.php', params }),
    }),
    importOpenApi: build.mutation<DataEnvelope<ImportPreview>, ImportOpenApiBody>({
      query: (body) => post('api/admin/import_openapi.php', body),
      // A preview changes nothing; an applied import adds and rewrites APIs.
      invalidatesTags: (_result, _error, body) => (body.dry_run ? [] : ['Apis', 'Stats']),
    }),
    changeAdminPassword: build.mutation<Envelope, ChangePasswordBody>({
      query: (body) => post('api/admin/change_password.php', body),
    }),
    adminApi: build.query<DataEnvelope<AdminApi>, number>({
      query: (id) => ({ url: 'api/admin/get_api.php', params: { id } }),
      providesTags: ['Apis'],
    }),
    createApi: build.mutation<DataEnvelope<AdminApi>, SaveApiBody>({
      query: (body) => post('api/admin/create_api.php', body),
      invalidatesTags: ['Apis', 'Stats'],
    }),
    updateApi: build.mutation<DataEnvelope<AdminApi>, SaveApiBody>({
      query: (body) => post('api/admin/update_api.php', body),
      invalidatesTags: ['Apis', 'Stats'],
    }),
    deleteApi: build.mutation<Envelope, number>({
      query: (id) => post('api/admin/delete_api.php', { id }),
      invalidatesTags: ['Apis', 'Stats'],
    }),

    // Categories belong to the catalogue: a change refreshes the API lists and the chips too.
    adminCategories: build.query<DataEnvelope<Category[]>, void>({
      query: () => 'api/admin/get_categories.php',
      providesTags: ['Apis'],
    }),
    saveCategory: build.mutation<DataEnvelope<Category>, SaveCategoryBody>({
      query: (body) =>
        post(body.id ? 'api/admin/update_category.php' : 'api/admin/create_category.php', body),
      invalidatesTags: ['Apis'],
    }),
    deleteCategory: build.mutation<Envelope, number>({
      query: (id) => post('api/admin/delete_category.php', { id }),
      invalidatesTags: ['Apis'],
    }),

    adminPartners: build.query<DataEnvelope<Partner[]>, void>({
      query: () => 'api/admin/get_partners.php',
      providesTags: ['Partners'],
    }),
    savePartner: build.mutation<DataEnvelope<Partner>, SavePartnerBody>({
      query: (body) =>
        post(body.id ? 'api/admin/update_partner.php' : 'api/admin/add_partner.php', body),
      invalidatesTags: ['Partners'],
    }),
    deletePartner: build.mutation<Envelope, number>({
      query: (id) => post('api/admin/delete_partner.php', { id }),
      invalidatesTags: ['Partners'],
    }),

    adminAds: build.query<DataEnvelope<Ad[]>, void>({
      query: () => 'api/admin/get_ads.php',
      providesTags: ['Ads'],
    }),
    saveAd: build.mutation<DataEnvelope<Ad>, SaveAdBody>({
      query: (body) => post(body.id ? 'api/admin/update_ad.php' : 'api/admin/add_ad.php', body),
      invalidatesTags: ['Ads'],
    }),
    deleteAd: build.mutation<Envelope, number>({
      query: (id) => post('api/admin/delete_ad.php', { id }),
      invalidatesTags: ['Ads'],
    }),

    adminSidebarLinks: build.query<DataEnvelope<AdminSidebarLink[]>, void>({
      query: () => 'api/admin/get_sidebar_links_admin.php',
      providesTags: ['Links'],
    }),
    saveSidebarLink: build.mutation<DataEnvelope<AdminSidebarLink>, SaveSidebarLinkBody>({
      query: (body) =>
        post(
          body.id ? 'api/admin/update_sidebar_link.php' : 'api/admin/add_sidebar_link.php',
          body,
        ),
      invalidatesTags: ['Links'],
    }),
    deleteSidebarLink: build.mutation<Envelope, number>({
      query: (id) => post('api/admin/delete_sidebar_link.php', { id }),
      invalidatesTags: ['Links'],
    }),

    adminFriendLinks: build.query<DataEnvelope<FriendLink[]>, void>({
      query: () => 'api/admin/get_friend_links.php',
      providesTags: ['FriendLinks'],
    }),
    saveFriendLink: build.mutation<DataEnvelope<FriendLink>, SaveFriendLinkBody>({
      query: (body) =>
        post(body.id ? 'api/admin/update_friend_link.php' : 'api/admin/add_friend_link.php', body),
      invalidatesTags: ['FriendLinks'],
    }),
    deleteFriendLink: build.mutation<Envelope, number>({
      query: (id) => ({ url: 'api/admin/delete_friend_link.php', params: { id } }),
      invalidatesTags: ['FriendLinks'],
    }),

    adminConfig: build.query<DataEnvelope<AdminSiteConfig>, void>({
      query: () => 'api/admin/get_config.php',
      providesTags: ['Config'],
    }),
    updateConfig: build.mutation<DataEnvelope<AdminSiteConfig>, SiteConfigBody>({
      query: (body) => post('api/admin/update_config.php', body),
      invalidatesTags: ['Config'],
    }),

    adminStats: build.query<DataEnvelope<StatsPage>, StatsArgs>({
      query: ({ page, search, sort }) => ({
        url: 'api/admin/get_api_daily_stats.php',
        params: {
          page,
          per_page: ADMIN_PAGE_SIZE,
          ...(search && { search }),
          ...(sort && { sort }),
        },
      }),
      providesTags: ['Stats'],
    }),
    adminStatsDetail: build.query<DataEnvelope<StatsDetail>, number>({
      query: (id) => ({ url: 'api/admin/get_api_daily_stats.php', params: { id } }),
      providesTags: ['Stats'],
    }),

    adminUsers: build.query<DataEnvelope<UserPage>, PageArgs>({
      query: ({ page, search }) => ({
        url: 'api/admin/get_user_list.php',
        params: { page, per_page: ADMIN_PAGE_SIZE, ...(search && { search }) },
      }),
      providesTags: ['AdminUsers'],
    }),
    adjustUserBalance: build.mutation<DataEnvelope<AdjustedBalance>, AdjustBalanceBody>({
      query: (body) => post('api/admin/adjust_user_balance.php', body),
      invalidatesTags: ['AdminUsers'],
    }),

    pendingOrders: build.query<DataEnvelope<PendingOrders>, number>({
      query: (page) => ({
        url: 'api/admin/get_pending_orders.php',
        params: { page, per_page: PENDING_ORDERS_PAGE_SIZE },
      }),
    }),
    assignOrder: build.mutation<DataEnvelope<VerifiedOrder>, AssignOrderBody>({
      query: (body) => post('api/admin/assign_order.php', body),
      invalidatesTags: ['AdminUsers'],
    }),
    dismissOrder: build.mutation<Envelope, DismissOrderBody>({
      query: (body) => post('api/admin/dismiss_order.php', body),
    }),
    reconciliation: build.query<DataEnvelope<Reconciliation>, ReconciliationPeriod>({
      query: (params) => ({ url: 'api/admin/get_recharge_reconciliation.php', params }),
    }),
  }),
});

export const {
  useAdminLoginMutation,
  useAdminLogoutMutation,
  useAdminDashboardQuery,
  useAdminApiListQuery,
  useSetApiFlagsMutation,
  useDeleteApisMutation,
  useAdminAuditLogQuery,
  useChangeAdminPasswordMutation,
  useImportOpenApiMutation,
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
  useAdminFriendLinksQuery,
  useSaveFriendLinkMutation,
  useDeleteFriendLinkMutation,
  useAdminConfigQuery,
  useUpdateConfigMutation,
  useAdminStatsQuery,
  useAdminStatsDetailQuery,
  useAdminUsersQuery,
  useAdjustUserBalanceMutation,
  usePendingOrdersQuery,
  useAssignOrderMutation,
  useDismissOrderMutation,
  useReconciliationQuery,
} = adminApi;
