import { HOSTED_HTTP_URL, SITE_OR_HTTP_URL } from './content';
import type { PageInfo } from './envelope';

/** What every visitor sees of the site settings (get_config.php). */
export interface PublicSiteConfig {
  site_title: string;
  site_keywords: string;
  site_description: string;
  site_favicon: string;
  site_url: string;
  copyright: string;
  /** The English site's footer text ('' when none: it shows `copyright`). */
  copyright_en: string;
  icp: string;
  home_notice: string;
  /** The English site's home notice ('' when none: it shows `home_notice`). */
  home_notice_en: string;
}

/** get_config.php's data: the settings and what the site can do. */
export interface PublicSite extends PublicSiteConfig {
  /** The site can send e-mail (SMTP_URL): register asks for an address, passwords can be reset. */
  mail_enabled: boolean;
  /** Registration needs an e-mail address, confirmed before the first sign-in (admin switch). */
  email_required: boolean;
}

/** update_config.php's body: every field it sends replaces the stored one. */
/**
 * 接口健康 (docs/api-health.md): when an API is degraded or down, whether a down API whose probe
 * fails goes into maintenance, and where its incidents are announced ('' = nowhere).
 */
export interface HealthSettings {
  /** Per cent of calls working below which an API is degraded (1–100). */
  health_degraded_success: number;
  /** p95 latency in ms above which an API is degraded (100–60000). */
  health_degraded_p95_ms: number;
  /** Per cent of calls working below which an API is down (0–99, below the degraded one). */
  health_down_success: number;
  /** Failed probes in a row that make an API down (1–20); as many passes take it out of maintenance. */
  health_down_probe_failures: number;
  health_auto_maintenance: 0 | 1;
  health_alert_email: string;
  health_alert_webhook_url: string;
}

/** What a health setting may be. */
export const HEALTH_SETTING_LIMITS = {
  health_degraded_success: [1, 100],
  health_degraded_p95_ms: [100, 60_000],
  health_down_success: [0, 99],
  health_down_probe_failures: [1, 20],
} as const;

export interface SiteConfigBody extends PublicSiteConfig, Partial<HealthSettings> {
  analytics_code: string;
  /** 注册需验证邮箱; left out, it stays as it is. Turning it on needs SMTP_URL. */
  email_verification?: 0 | 1;
  /**
   * 要求管理员开启两步验证; left out, it stays as it is. Turning it on needs the saving
   * administrator's own two-factor on.
   */
  admin_two_factor_required?: 0 | 1;
}

/** The fields update_config.php reads, each of which a refusal may name (the form has each). */
export const SITE_CONFIG_FIELDS = [
  'site_title',
  'site_keywords',
  'site_description',
  'site_favicon',
  'site_url',
  'copyright',
  'copyright_en',
  'icp',
  'analytics_code',
  'home_notice',
  'home_notice_en',
  'email_verification',
  'admin_two_factor_required',
  'health_degraded_success',
  'health_degraded_p95_ms',
  'health_down_success',
  'health_down_probe_failures',
  'health_auto_maintenance',
  'health_alert_email',
  'health_alert_webhook_url',
] as const satisfies readonly (keyof SiteConfigBody)[];

/** update_config.php's address fields: what the admin screen checks before saving, too. */
export const SITE_CONFIG_RULES = {
  /** The site's own absolute address, with a host. */
  siteUrl: HOSTED_HTTP_URL,
  siteUrlMessage: 'site URL format is incorrect',
  /** An image: on this site ("/favicon.svg") or elsewhere. */
  favicon: SITE_OR_HTTP_URL,
  faviconMessage: 'favicon URL format is incorrect',
} as const;

/** The admin's get_config.php data. */
export interface AdminSiteConfig
  extends Omit<SiteConfigBody, keyof HealthSettings>, HealthSettings {
  email_verification: 0 | 1;
  admin_two_factor_required: 0 | 1;
  /** Signs the incident webhooks (X-Portico-Signature), as a user's alert secret signs theirs. */
  health_alert_webhook_secret: string;
  /** The site can send e-mail: e-mail verification can be turned on. */
  mail_enabled: boolean;
  site_start_time: string;
  updated_at: string;
}

/** get_usage_stats.php's data. */
export interface UsageSummary {
  total_global_calls: number;
  total_today_global_calls: number;
}

/** get_dashboard_stats.php's data. */
export interface Dashboard {
  total_stats: { total_calls: number; total_apis: number };
  top_apis: { id: number; name: string; call_count: number }[];
  all_api_total_calls: { id: number; name: string; total_calls: number }[];
  daily_calls_per_api: {
    access_date: string;
    api_id: number;
    api_name: string;
    daily_calls: number;
  }[];
  site_start_time: string | null;
  server_info: { name: string; value: string }[];
  /** Today, the last 7 and the last 30 days (the site's days, today included). */
  activity: DashboardActivity;
  /**
   * Today's date on the site's clock (SITE_TIME_ZONE, `YYYY-MM-DD`): the daily counters' days
   * are the site's, and the chart's last day is this one.
   */
  today: string;
}

/** A figure over today, the last 7 and the last 30 days. */
export interface Periods<T> {
  today: T;
  days_7: T;
  days_30: T;
}

export interface DashboardActivity {
  calls_today: number;
  /** Yuan charged for calls, two decimals at least ("12.50"). */
  charges: Periods<string>;
  new_users: Periods<number>;
  /** Yuan credited by recharges. */
  recharges: Periods<string>;
}

/** Orders of the statistics list (get_api_daily_stats.php?sort=). */
export const STATS_SORTS = ['id', 'calls_desc', 'calls_asc'] as const;
export type StatsSort = (typeof STATS_SORTS)[number];

/** A page of an admin list with its search (get_api_daily_stats.php, get_user_list.php). */
export interface PageQuery {
  page: number;
  per_page: number;
  search?: string;
}

export interface StatsRow {
  id: number;
  name: string;
  total_calls: number;
  status: number;
  created_at: string;
  updated_at: string;
}

export interface StatsPage extends PageInfo {
  apis: StatsRow[];
}

/** One API's daily calls: JSON text mapping 'YYYY-MM-DD' to a count. */
export interface StatsDetail {
  id: number;
  name: string | null;
  name_en: string | null;
  daily_calls_history: string;
  /** Today's date on the site's clock, as Dashboard's. */
  today: string;
}
