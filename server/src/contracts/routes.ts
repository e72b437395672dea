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
  'POST api/admin/admin_login.php': 'anyone',
  'POST api/afdian/webhook': 'anyone',
  'GET api/get_api_detail.php': 'anyone',
  'GET api/get_api_list.php': 'anyone',
  'GET api/get_categories.php': 'anyone',
  'GET api/get_config.php': 'anyone',
  'GET api/get_friend_links_public.php': 'anyone',
  'GET api/get_sidebar_links_public.php': 'anyone',
  'GET api/get_usage_stats.php': 'anyone',
  'POST api/login.php': 'anyone',
  'POST api/register.php': 'anyone',
  'POST api/user/change_api_key.php': 'user',
  'POST api/user/change_password.php': 'user',
  'POST api/user/create_api_key.php': 'user',
  'GET api/user/export_access_logs.php': 'user',
  'GET api/user/get_access_log_options.php': 'user',
  'GET api/user/get_aifadian_recharge_history.php': 'user',
  'GET api/user/get_api_keys.php': 'user',
  'GET api/user/get_balance_alert.php': 'user',
  'GET api/user/get_recharge_info.php': 'user',
  'GET api/user/get_sessions.php': 'user',
  'GET api/user/get_usage.php': 'user',
  'GET api/user/get_user_access_logs.php': 'user',
  'GET api/user/get_user_info.php': 'user',
  'POST api/user/recheck_aifadian_order.php': 'user',
  'POST api/user/revoke_api_key.php': 'user',
  'POST api/user/revoke_other_sessions.php': 'user',
  'POST api/user/revoke_session.php': 'user',
  'POST api/user/set_balance_alert.php': 'user',
  'POST api/user/update_api_key.php': 'user',
  'POST api/user/verify_aifadian_order.php': 'user',
  'POST api/admin/add_ad.php': 'admin',
  'POST api/admin/add_friend_link.php': 'admin',
  'POST api/admin/add_partner.php': 'admin',
  'POST api/admin/add_sidebar_link.php': 'admin',
  'POST api/admin/adjust_user_balance.php': 'admin',
  'POST api/admin/assign_order.php': 'admin',
  'POST api/admin/change_password.php': 'admin',
  'POST api/admin/create_api.php': 'admin',
  'POST api/admin/create_category.php': 'admin',
  'POST api/admin/delete_ad.php': 'admin',
  'POST api/admin/delete_api.php': 'admin',
  'POST api/admin/delete_apis.php': 'admin',
  'POST api/admin/delete_category.php': 'admin',
  'GET api/admin/delete_friend_link.php': 'admin',
  'POST api/admin/delete_partner.php': 'admin',
  'POST api/admin/delete_sidebar_link.php': 'admin',
  'POST api/admin/dismiss_order.php': 'admin',
  'GET api/admin/export_recharge_reconciliation.php': 'admin',
  'GET api/admin/get_admin_sessions.php': 'admin',
  'GET api/admin/get_api.php': 'admin',
  'GET api/admin/get_api_daily_stats.php': 'admin',
  'GET api/admin/get_api_list.php': 'admin',
  'GET api/admin/get_audit_log.php': 'admin',
  'GET api/admin/get_categories.php': 'admin',
  'GET api/admin/get_config.php': 'admin',
  'GET api/admin/get_dashboard_stats.php': 'admin',
  'GET api/admin/get_friend_links.php': 'admin',
  'GET api/admin/get_pending_orders.php': 'admin',
  'GET api/admin/get_recharge_reconciliation.php': 'admin',
  'GET api/admin/get_sidebar_links_admin.php': 'admin',
  'GET api/admin/get_user_list.php': 'admin',
  'POST api/admin/import_openapi.php': 'admin',
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
