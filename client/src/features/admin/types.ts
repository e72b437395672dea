import type { ApiSummary } from '../../lib/api-summary';

export type { DataEnvelope } from '../../lib/api';

export interface RequestParam {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

export interface ResponseParam {
  name: string;
  type: string;
  description: string;
}

export interface StatusCode {
  code: number;
  description: string;
}

export interface AdminApi extends ApiSummary {
  description_en: string;
  example_url: string;
  response_format: string;
  request_params: RequestParam[];
  response_params: ResponseParam[];
  status_codes: StatusCode[];
  php_example: string;
  response_example: string;
  handler: string | null;
  upstream_url: string | null;
  upstream_timeout_ms: number;
}

/** The body of create_api.php / update_api.php: list fields as JSON text, numeric flags. */
export interface ApiBody {
  id?: number;
  name: string;
  name_en: string;
  description: string;
  description_en: string;
  endpoint: string;
  example_url: string;
  response_format: string;
  request_method: string;
  request_params: string;
  response_params: string;
  status_codes: string;
  php_example: string;
  response_example: string;
  status: number;
  is_paid: number;
  is_pinned: number;
  price_per_call: string;
  handler: string;
  upstream_url: string;
  upstream_timeout_ms: number;
}

export interface Partner {
  id: number;
  name: string;
  logo_url: string;
  website_url: string;
  description: string;
  sort_order: number;
  status: number;
}

export interface Ad {
  id: number;
  title: string;
  image_url: string;
  link_url: string;
  description: string;
  sort_order: number;
  status: number;
}

export interface SidebarLink {
  id: number;
  title: string;
  url: string | null;
  description: string;
  target: '_self' | '_blank';
  sort_order: number;
  status: number;
}

export interface FriendLink {
  id: number;
  name: string;
  link_url: string;
  avatar_url: string;
  description: string;
  sort_order: number;
  status: number;
  created_at: string;
  updated_at: string;
}

export type FriendLinkBody = Omit<FriendLink, 'id' | 'created_at' | 'updated_at'> & {
  id?: number;
};

export interface SiteConfig {
  site_title: string;
  site_keywords: string;
  site_description: string;
  site_favicon: string;
  site_url: string;
  copyright: string;
  icp: string;
  analytics_code: string;
  home_notice: string;
}

export interface StatsRow {
  id: number;
  name: string;
  total_calls: number;
  status: number;
  created_at: string;
  updated_at: string;
}

export interface StatsPage {
  apis: StatsRow[];
  total: number;
  total_pages: number;
}

export interface StatsDetail {
  id: number;
  name: string | null;
  name_en: string | null;
  daily_calls_history: string;
}

export interface AdminUser {
  id: number;
  username: string;
  email: string | null;
  balance: number | null;
  api_key: string;
  created_at: string;
}

export interface UserPage {
  users: AdminUser[];
  total: number;
  total_pages: number;
  current_page: number;
}

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
}
