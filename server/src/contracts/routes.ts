import type { AdminResetLink, ConfirmedEmail, EmailView, ResetLinkInfo } from './account-email';
import type { ApiKeyList, ApiKeyView, CreatedApiKey, RevealedUserKey } from './api-keys';
import type { AdminApi, ApiDetail, ApiList, ApiSummary } from './apis';
import type { AuditPage } from './audit';
import type { Category, CategoryList } from './categories';
import type { GrantedCredit, UserCredit } from './credit';
import type { AdminPlanList, AdminPlanView, PlanList, SubscribedPlan, UserPlan } from './plans';
import type { Ad, AdminSidebarLink, FriendLink, Partner, SidebarLink } from './content';
import type { DataEnvelope, Envelope, PageInfo } from './envelope';
import type { ImportPreview } from './openapi';
import type {
  AdjustedBalance,
  PendingOrders,
  Reconciliation,
  RechargeHistory,
  RechargeInfo,
  RecentPayments,
  SandboxPayment,
  VerifiedOrder,
} from './recharge';
import type { RedeemBatchList, RedeemBatchView, RedeemedCode, RedemptionList } from './redeem';
import type { AdminReferralList, InviteSummary, ReferralList, ReferralSettings } from './referrals';
import type { RevokedSessions, SessionList } from './sessions';
import type { MonthlyStatement, SiteMonth } from './statements';
import type {
  AdminSiteConfig,
  Dashboard,
  PublicSite,
  StatsDetail,
  StatsPage,
  UsageSummary,
} from './site';
import type {
  OidcConnectResult,
  OidcIdentityList,
  OidcProviderAdminList,
  OidcProviderAdminView,
  OidcProviderButton,
} from './oidc';
import type { PasskeyList, PasskeyView, WebAuthnJson } from './passkeys';
import type {
  AdminLoginData,
  AdminTwoFactorStatus,
  RecoveryCodes,
  TotpSetup,
  TwoFactorStatus,
} from './two-factor';
import type { BalanceAlertView, CallLogOptions, CallLogPage, FreeQuotaList, Usage } from './usage';
import type { LoginResult, NewApiKey, RegisterResult, UserInfo, UserPage } from './users';
import type { ApiProbeView, StatusPage } from './health';

/**
 * Every call of the site's own API (`/api/*`; the gateway's `/apis/*` is the catalogue's), with
 * who may make it: anyone, a signed-in user, or a signed-in administrator. The server's routes
 * and guards are checked against this table, and the client's calls are typed by it: a call to a
 * path or with a method the server does not have fails the client's typecheck.
 */
export const SITE_ROUTES = {
  // SPEC serves the home page's partners and ads under /api/admin to anyone (an administrator
  // also gets the disabled ones), and a logout without a session simply succeeds.
  'GET api/admin/get_ads.php': 'anyone',
  'GET api/admin/get_partners.php': 'anyone',
  'POST api/admin/logout.php': 'anyone',
  'POST api/user/logout.php': 'anyone',
  'POST api/user/check_reset_token.php': 'anyone',
  'POST api/user/confirm_email.php': 'anyone',
  'POST api/user/forgot_password.php': 'anyone',
  'POST api/user/reset_password.php': 'anyone',
  'POST api/admin/admin_login.php': 'anyone',
  'POST api/admin/admin_login_2fa.php': 'anyone',
  'POST api/afdian/webhook': 'anyone',
  'GET api/get_api_detail.php': 'anyone',
  'GET api/get_api_list.php': 'anyone',
  'GET api/get_categories.php': 'anyone',
  'GET api/get_config.php': 'anyone',
  'GET api/get_friend_links_public.php': 'anyone',
  'GET api/get_sidebar_links_public.php': 'anyone',
  'GET api/get_usage_stats.php': 'anyone',
  'GET api/get_status.php': 'anyone',
  'GET api/get_plans.php': 'anyone',
  'POST api/login.php': 'anyone',
  'POST api/login_2fa.php': 'anyone',
  'POST api/passkey_login_options.php': 'anyone',
  'POST api/passkey_login.php': 'anyone',
  'GET api/oidc_providers.php': 'anyone',
  'GET api/oidc_login.php': 'anyone',
  'GET api/oidc_callback.php': 'anyone',
  'POST api/oidc_link.php': 'anyone',
  'POST api/register.php': 'anyone',
  'POST api/user/change_api_key.php': 'user',
  'POST api/user/change_email.php': 'user',
  'POST api/user/set_sign_in_notice.php': 'user',
  'POST api/user/change_password.php': 'user',
  'POST api/user/create_api_key.php': 'user',
  'GET api/user/export_access_logs.php': 'user',
  'GET api/user/get_access_log_options.php': 'user',
  'GET api/user/get_aifadian_recharge_history.php': 'user',
  'GET api/user/get_api_keys.php': 'user',
  'GET api/user/get_balance_alert.php': 'user',
  'GET api/user/get_email.php': 'user',
  'GET api/user/get_two_factor.php': 'user',
  'POST api/user/start_totp.php': 'user',
  'POST api/user/enable_totp.php': 'user',
  'POST api/user/disable_totp.php': 'user',
  'POST api/user/confirm_two_factor.php': 'user',
  'POST api/user/step_up_options.php': 'user',
  'GET api/user/get_passkeys.php': 'user',
  'POST api/user/passkey_register_options.php': 'user',
  'POST api/user/add_passkey.php': 'user',
  'POST api/user/delete_passkey.php': 'user',
  'GET api/user/get_identities.php': 'user',
  'POST api/user/oidc_connect.php': 'user',
  'POST api/user/delete_identity.php': 'user',
  'GET api/user/get_recharge_info.php': 'user',
  'GET api/user/get_sessions.php': 'user',
  'GET api/user/get_free_quotas.php': 'user',
  'GET api/user/get_usage.php': 'user',
  'GET api/user/get_user_access_logs.php': 'user',
  'GET api/user/get_user_info.php': 'user',
  'POST api/user/recheck_aifadian_order.php': 'user',
  'POST api/user/check_recent_orders.php': 'user',
  'POST api/user/revoke_api_key.php': 'user',
  'POST api/user/revoke_other_sessions.php': 'user',
  'POST api/user/revoke_session.php': 'user',
  'POST api/user/sandbox_pay.php': 'user',
  'POST api/user/set_balance_alert.php': 'user',
  'POST api/user/update_api_key.php': 'user',
  'POST api/user/verify_aifadian_order.php': 'user',
  'POST api/user/redeem_code.php': 'user',
  'GET api/user/get_redemptions.php': 'user',
  'GET api/user/get_credit.php': 'user',
  'GET api/user/get_plan.php': 'user',
  'POST api/user/subscribe_plan.php': 'user',
  'POST api/user/cancel_plan.php': 'user',
  'GET api/user/get_invite.php': 'user',
  'GET api/user/get_referrals.php': 'user',
  'GET api/user/get_monthly_statement.php': 'user',
  'GET api/user/export_monthly_statement.php': 'user',
  'POST api/admin/add_ad.php': 'admin',
  'POST api/admin/add_friend_link.php': 'admin',
  'POST api/admin/add_partner.php': 'admin',
  'POST api/admin/add_sidebar_link.php': 'admin',
  'POST api/admin/adjust_user_balance.php': 'admin',
  'POST api/admin/grant_credit.php': 'admin',
  'GET api/admin/get_plans.php': 'admin',
  'POST api/admin/save_plan.php': 'admin',
  'POST api/admin/assign_order.php': 'admin',
  'POST api/admin/change_password.php': 'admin',
  'GET api/admin/get_two_factor.php': 'admin',
  'POST api/admin/start_totp.php': 'admin',
  'POST api/admin/enable_totp.php': 'admin',
  'POST api/admin/disable_totp.php': 'admin',
  'POST api/admin/create_api.php': 'admin',
  'POST api/admin/create_category.php': 'admin',
  'POST api/admin/create_password_reset_link.php': 'admin',
  'POST api/admin/delete_ad.php': 'admin',
  'POST api/admin/delete_api.php': 'admin',
  'POST api/admin/delete_api_probe.php': 'admin',
  'POST api/admin/delete_apis.php': 'admin',
  'POST api/admin/delete_category.php': 'admin',
  'GET api/admin/delete_friend_link.php': 'admin',
  'POST api/admin/delete_partner.php': 'admin',
  'POST api/admin/delete_sidebar_link.php': 'admin',
  'POST api/admin/disable_user_two_factor.php': 'admin',
  'POST api/admin/dismiss_order.php': 'admin',
  'GET api/admin/export_recharge_reconciliation.php': 'admin',
  'GET api/admin/get_admin_sessions.php': 'admin',
  'GET api/admin/get_api.php': 'admin',
  'GET api/admin/get_api_daily_stats.php': 'admin',
  'GET api/admin/get_api_list.php': 'admin',
  'GET api/admin/get_audit_log.php': 'admin',
  'GET api/admin/get_oidc_providers.php': 'admin',
  'POST api/admin/save_oidc_provider.php': 'admin',
  'POST api/admin/delete_oidc_provider.php': 'admin',
  'GET api/admin/get_categories.php': 'admin',
  'GET api/admin/get_config.php': 'admin',
  'GET api/admin/get_dashboard_stats.php': 'admin',
  'GET api/admin/get_friend_links.php': 'admin',
  'GET api/admin/get_pending_orders.php': 'admin',
  'GET api/admin/get_recharge_reconciliation.php': 'admin',
  'GET api/admin/get_sidebar_links_admin.php': 'admin',
  'GET api/admin/get_user_list.php': 'admin',
  'GET api/admin/get_api_probe.php': 'admin',
  'POST api/admin/save_api_probe.php': 'admin',
  'POST api/admin/run_api_probe.php': 'admin',
  'POST api/admin/import_openapi.php': 'admin',
  'POST api/admin/import_openapi_url.php': 'admin',
  'POST api/admin/reveal_user_api_key.php': 'admin',
  'POST api/admin/revoke_admin_session.php': 'admin',
  'POST api/admin/revoke_other_admin_sessions.php': 'admin',
  'POST api/admin/update_ad.php': 'admin',
  'POST api/admin/update_api.php': 'admin',
  'POST api/admin/update_api_flags.php': 'admin',
  'POST api/admin/update_category.php': 'admin',
  'POST api/admin/update_config.php': 'admin',
  'POST api/admin/update_friend_link.php': 'admin',
  'POST api/admin/update_partner.php': 'admin',
  'POST api/admin/update_sidebar_link.php': 'admin',
  'GET api/admin/get_redeem_batches.php': 'admin',
  'GET api/admin/get_referrals.php': 'admin',
  'GET api/admin/get_referral_settings.php': 'admin',
  'POST api/admin/save_referral_settings.php': 'admin',
  'POST api/admin/create_redeem_batch.php': 'admin',
  'POST api/admin/disable_redeem_batch.php': 'admin',
  'GET api/admin/export_redeem_batch.php': 'admin',
  'GET api/admin/get_user_statement.php': 'admin',
  'GET api/admin/get_site_statement.php': 'admin',
} as const satisfies Record<string, Caller>;

/** Who may call a route. */
export type Caller = 'anyone' | 'user' | 'admin';

export type SiteRoute = keyof typeof SITE_ROUTES;
export type SiteMethod = SiteRoute extends `${infer M} ${string}` ? M : never;

/** The paths taking `method`, as the client writes them (no leading slash). */
export type SitePath<M extends SiteMethod = SiteMethod> = SiteRoute extends infer R
  ? R extends `${M} ${infer P}`
    ? P
    : never
  : never;

/**
 * What each call answers when it succeeds. The server's handlers are held to it (`@Serves`,
 * server/src/common/serves.ts) and the client's endpoints read it (`siteEndpoint`,
 * client/src/lib/api.ts), so a change on one side that the other does not follow fails a
 * typecheck. A handler may answer more than its entry says (the dashboard's SPEC-era keys); what
 * the entry says it must answer. `Written` marks the answers a handler writes to the reply itself
 * (the prepared bytes of the public list, the call log's CSV stream, the sign-in providers'
 * redirects): their shape is held by their own tests.
 */
export interface SiteAnswers {
  'GET api/admin/get_ads.php': DataEnvelope<Ad[]>;
  'GET api/admin/get_partners.php': DataEnvelope<Partner[]>;
  'POST api/admin/logout.php': Envelope;
  'POST api/user/logout.php': Envelope;
  'POST api/admin/admin_login.php': DataEnvelope<AdminLoginData>;
  'POST api/admin/admin_login_2fa.php': DataEnvelope<AdminLoginData>;
  'POST api/afdian/webhook': AfdianWebhookAnswer;
  'GET api/get_api_detail.php': DataEnvelope<ApiDetail>;
  'GET api/get_api_list.php': Written<ApiList>;
  'GET api/get_categories.php': CategoryList;
  'GET api/get_config.php': DataEnvelope<PublicSite>;
  'GET api/get_friend_links_public.php': DataEnvelope<FriendLink[]>;
  'GET api/get_sidebar_links_public.php': DataEnvelope<SidebarLink[]>;
  'GET api/get_usage_stats.php': DataEnvelope<UsageSummary>;
  'GET api/get_status.php': DataEnvelope<StatusPage>;
  'POST api/login.php': LoginResult;
  'POST api/login_2fa.php': LoginResult;
  'GET api/user/get_two_factor.php': DataEnvelope<TwoFactorStatus>;
  'POST api/user/start_totp.php': DataEnvelope<TotpSetup>;
  'POST api/user/enable_totp.php': DataEnvelope<RecoveryCodes>;
  'POST api/user/disable_totp.php': Envelope;
  'POST api/user/confirm_two_factor.php': Envelope;
  'POST api/user/step_up_options.php': DataEnvelope<WebAuthnJson>;
  'POST api/passkey_login_options.php': DataEnvelope<WebAuthnJson>;
  'POST api/passkey_login.php': LoginResult;
  'GET api/user/get_passkeys.php': DataEnvelope<PasskeyList>;
  'POST api/user/passkey_register_options.php': DataEnvelope<WebAuthnJson>;
  'POST api/user/add_passkey.php': DataEnvelope<PasskeyView>;
  'POST api/user/delete_passkey.php': Envelope;
  'GET api/oidc_providers.php': DataEnvelope<OidcProviderButton[]>;
  /** A browser navigation: 303 to the provider, or to the login page with an error code. */
  'GET api/oidc_login.php': Written<never>;
  /** A browser navigation: 303 to the page the sign-in started on, or the login page. */
  'GET api/oidc_callback.php': Written<never>;
  'POST api/oidc_link.php': LoginResult;
  'GET api/user/get_identities.php': DataEnvelope<OidcIdentityList>;
  'POST api/user/oidc_connect.php': DataEnvelope<OidcConnectResult>;
  'POST api/user/delete_identity.php': Envelope;
  'POST api/register.php': RegisterResult;
  'POST api/user/change_api_key.php': DataEnvelope<NewApiKey>;
  'POST api/user/change_email.php': DataEnvelope<EmailView>;
  'POST api/user/set_sign_in_notice.php': DataEnvelope<EmailView>;
  'POST api/user/change_password.php': Envelope;
  'POST api/user/check_reset_token.php': DataEnvelope<ResetLinkInfo>;
  'POST api/user/confirm_email.php': DataEnvelope<ConfirmedEmail>;
  'POST api/user/forgot_password.php': Envelope;
  'GET api/user/get_email.php': DataEnvelope<EmailView>;
  'POST api/user/reset_password.php': Envelope;
  'POST api/user/create_api_key.php': DataEnvelope<CreatedApiKey>;
  'GET api/user/export_access_logs.php': Written<string>;
  'GET api/user/get_access_log_options.php': DataEnvelope<CallLogOptions>;
  'GET api/user/get_aifadian_recharge_history.php': DataEnvelope<RechargeHistory>;
  'GET api/user/get_api_keys.php': DataEnvelope<ApiKeyList>;
  'GET api/user/get_balance_alert.php': DataEnvelope<BalanceAlertView>;
  'GET api/user/get_recharge_info.php': DataEnvelope<RechargeInfo>;
  'GET api/user/get_sessions.php': DataEnvelope<SessionList>;
  'GET api/user/get_free_quotas.php': DataEnvelope<FreeQuotaList>;
  'GET api/user/get_usage.php': DataEnvelope<Usage>;
  'GET api/user/get_user_access_logs.php': DataEnvelope<CallLogPage>;
  'GET api/user/get_user_info.php': DataEnvelope<UserInfo>;
  'POST api/user/recheck_aifadian_order.php': DataEnvelope<VerifiedOrder>;
  'POST api/user/check_recent_orders.php': DataEnvelope<RecentPayments>;
  'POST api/user/revoke_api_key.php': DataEnvelope<ApiKeyView>;
  'POST api/user/revoke_other_sessions.php': DataEnvelope<RevokedSessions>;
  'POST api/user/revoke_session.php': Envelope;
  'POST api/user/sandbox_pay.php': DataEnvelope<SandboxPayment>;
  'POST api/user/set_balance_alert.php': DataEnvelope<BalanceAlertView>;
  'POST api/user/update_api_key.php': DataEnvelope<ApiKeyView>;
  'POST api/user/verify_aifadian_order.php': DataEnvelope<VerifiedOrder>;
  'POST api/admin/add_ad.php': DataEnvelope<Ad>;
  'POST api/admin/add_friend_link.php': DataEnvelope<FriendLink>;
  'POST api/admin/add_partner.php': DataEnvelope<Partner>;
  'POST api/admin/add_sidebar_link.php': DataEnvelope<AdminSidebarLink>;
  'POST api/admin/adjust_user_balance.php': DataEnvelope<AdjustedBalance>;
  'POST api/admin/grant_credit.php': DataEnvelope<GrantedCredit>;
  'POST api/admin/assign_order.php': DataEnvelope<VerifiedOrder>;
  'POST api/admin/change_password.php': Envelope;
  'GET api/admin/get_two_factor.php': DataEnvelope<AdminTwoFactorStatus>;
  'POST api/admin/start_totp.php': DataEnvelope<TotpSetup>;
  'POST api/admin/enable_totp.php': DataEnvelope<RecoveryCodes>;
  'POST api/admin/disable_totp.php': Envelope;
  'POST api/admin/create_api.php': DataEnvelope<AdminApi>;
  'POST api/admin/create_category.php': DataEnvelope<Category>;
  'POST api/admin/create_password_reset_link.php': DataEnvelope<AdminResetLink>;
  'POST api/admin/delete_ad.php': Envelope;
  'POST api/admin/delete_api.php': Envelope;
  'POST api/admin/delete_api_probe.php': Envelope;
  'GET api/admin/get_api_probe.php': DataEnvelope<ApiProbeView | null>;
  'POST api/admin/save_api_probe.php': DataEnvelope<ApiProbeView>;
  'POST api/admin/run_api_probe.php': DataEnvelope<ApiProbeView>;
  'POST api/admin/delete_apis.php': DataEnvelope<{ deleted: number }>;
  'POST api/admin/delete_category.php': Envelope;
  'GET api/admin/delete_friend_link.php': Envelope;
  'POST api/admin/delete_partner.php': Envelope;
  'POST api/admin/delete_sidebar_link.php': Envelope;
  'POST api/admin/disable_user_two_factor.php': Envelope;
  'POST api/admin/dismiss_order.php': Envelope;
  'GET api/admin/export_recharge_reconciliation.php': string;
  'POST api/user/redeem_code.php': DataEnvelope<RedeemedCode>;
  'GET api/user/get_redemptions.php': DataEnvelope<RedemptionList>;
  'GET api/user/get_credit.php': DataEnvelope<UserCredit>;
  'GET api/get_plans.php': DataEnvelope<PlanList>;
  'GET api/user/get_plan.php': DataEnvelope<UserPlan>;
  'POST api/user/subscribe_plan.php': DataEnvelope<SubscribedPlan>;
  'POST api/user/cancel_plan.php': DataEnvelope<UserPlan>;
  'GET api/admin/get_plans.php': DataEnvelope<AdminPlanList>;
  'POST api/admin/save_plan.php': DataEnvelope<AdminPlanView>;
  'GET api/user/get_invite.php': DataEnvelope<InviteSummary>;
  'GET api/user/get_referrals.php': DataEnvelope<ReferralList>;
  'GET api/admin/get_referrals.php': DataEnvelope<AdminReferralList>;
  'GET api/admin/get_referral_settings.php': DataEnvelope<ReferralSettings>;
  'POST api/admin/save_referral_settings.php': DataEnvelope<ReferralSettings>;
  'GET api/admin/get_redeem_batches.php': DataEnvelope<RedeemBatchList>;
  'POST api/admin/create_redeem_batch.php': DataEnvelope<RedeemBatchView>;
  'POST api/admin/disable_redeem_batch.php': DataEnvelope<RedeemBatchView>;
  /** The batch's codes as CSV (UTF-8 with a BOM), one row per code. */
  'GET api/admin/export_redeem_batch.php': string;
  'GET api/user/get_monthly_statement.php': DataEnvelope<MonthlyStatement>;
  /** The statement as CSV (UTF-8 with a BOM): the figures, then a row per API. */
  'GET api/user/export_monthly_statement.php': string;
  'GET api/admin/get_user_statement.php': DataEnvelope<MonthlyStatement>;
  'GET api/admin/get_site_statement.php': DataEnvelope<SiteMonth>;
  'GET api/admin/get_admin_sessions.php': DataEnvelope<SessionList>;
  'GET api/admin/get_api.php': DataEnvelope<AdminApi>;
  'GET api/admin/get_api_daily_stats.php': DataEnvelope<StatsDetail | StatsPage>;
  'GET api/admin/get_api_list.php': DataEnvelope<ApiSummary[]> & PageInfo;
  'GET api/admin/get_audit_log.php': DataEnvelope<AuditPage>;
  'GET api/admin/get_oidc_providers.php': DataEnvelope<OidcProviderAdminList>;
  'POST api/admin/save_oidc_provider.php': DataEnvelope<OidcProviderAdminView>;
  'POST api/admin/delete_oidc_provider.php': Envelope;
  'GET api/admin/get_categories.php': CategoryList;
  'GET api/admin/get_config.php': DataEnvelope<AdminSiteConfig>;
  'GET api/admin/get_dashboard_stats.php': DataEnvelope<Dashboard>;
  'GET api/admin/get_friend_links.php': DataEnvelope<FriendLink[]>;
  'GET api/admin/get_pending_orders.php': DataEnvelope<PendingOrders>;
  'GET api/admin/get_recharge_reconciliation.php': DataEnvelope<Reconciliation>;
  'GET api/admin/get_sidebar_links_admin.php': DataEnvelope<AdminSidebarLink[]>;
  'GET api/admin/get_user_list.php': DataEnvelope<UserPage>;
  'POST api/admin/import_openapi.php': DataEnvelope<ImportPreview>;
  'POST api/admin/import_openapi_url.php': DataEnvelope<ImportPreview>;
  'POST api/admin/reveal_user_api_key.php': DataEnvelope<RevealedUserKey>;
  'POST api/admin/revoke_admin_session.php': Envelope;
  'POST api/admin/revoke_other_admin_sessions.php': DataEnvelope<RevokedSessions>;
  'POST api/admin/update_ad.php': DataEnvelope<Ad>;
  'POST api/admin/update_api.php': DataEnvelope<AdminApi>;
  'POST api/admin/update_api_flags.php': DataEnvelope<{ updated: number }>;
  'POST api/admin/update_category.php': DataEnvelope<Category>;
  'POST api/admin/update_config.php': DataEnvelope<AdminSiteConfig>;
  'POST api/admin/update_friend_link.php': DataEnvelope<FriendLink>;
  'POST api/admin/update_partner.php': DataEnvelope<Partner>;
  'POST api/admin/update_sidebar_link.php': DataEnvelope<AdminSidebarLink>;
}

/** An answer the handler writes to the reply itself; the client reads it as `T`. */
export interface Written<T> {
  readonly written: T;
}

/** What a route answers, as the client reads it. */
export type SiteAnswer<R extends SiteRoute> =
  SiteAnswers[R] extends Written<infer T> ? T : SiteAnswers[R];

/** Afdian reads only `ec` (200: received) and `em` from a webhook's answer. */
export interface AfdianWebhookAnswer {
  ec: number;
  em: string;
}
