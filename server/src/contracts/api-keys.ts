/** How many named keys a user may hold besides the default key (revoked ones do not count). */
export const MAX_NAMED_KEYS = 20;
/**
 * Revoked keys stay listed (with their last use) for REVOKED_KEY_DAYS days, and at most
 * MAX_REVOKED_KEYS of them: older or further ones are deleted when a key is revoked.
 */
export const MAX_REVOKED_KEYS = 20;
export const REVOKED_KEY_DAYS = 30;
export const KEY_NAME_MAX = 50;
export const MAX_ALLOWED_APIS = 100;
export const MAX_ALLOWED_IPS = 50;

export type ApiKeyStatus = 'active' | 'expired' | 'revoked';

/**
 * One key as get_api_keys.php lists it. The secret is never listed: a named key's secret is
 * answered once by create_api_key.php; the default key is shown by get_user_info.php as today.
 * Money is decimal yuan text like every balance ("12.50"); spent_* are null for keys without the
 * matching cap (the spend is only counted for capped keys).
 */
export interface ApiKeyView {
  id: number;
  name: string;
  is_default: boolean;
  /** First 6 and last 4 characters of the key. */
  hint: string;
  status: ApiKeyStatus;
  /** ISO time, or null: never expires. */
  expires_at: string | null;
  /** API ids the key may call, or null: every API. */
  allowed_apis: number[] | null;
  /** The allowed APIs' names, in allowed_apis' order (an API deleted since is left out). */
  allowed_api_names: AllowedApiName[] | null;
  /** IPv4/IPv6 addresses or CIDRs the key may be used from, or null: anywhere. */
  allowed_ips: string[] | null;
  /** Calls per minute (at most the site's per-key limit), or null: the site's per-key limit. */
  rate_limit: number | null;
  daily_cap: string | null;
  monthly_cap: string | null;
  spent_today: string | null;
  spent_this_month: string | null;
  last_used_at: string | null;
  last_used_ip: string | null;
  revoked_at: string | null;
  created_at: string;
}

export interface AllowedApiName {
  id: number;
  name: string;
  name_en: string;
  /** The English title the English site shows ('' when the API has none: it shows the name). */
  title_en: string;
}

export interface ApiKeyList {
  keys: ApiKeyView[];
  max_named_keys: number;
  /** The site's per-key limit (RATE_LIMIT_PER_KEY): a key's own rate_limit may only be lower. */
  rate_limit_max: number;
}

/** The settings a named key may carry; on update, a field left out stays as it is, null clears it. */
export interface ApiKeySettings {
  name?: string;
  expires_at?: string | null;
  allowed_apis?: number[] | null;
  allowed_ips?: string[] | null;
  rate_limit?: number | null;
  daily_cap?: string | null;
  monthly_cap?: string | null;
}

/** The fields the key form sends, each of which a refusal may name (create and update read these). */
export const KEY_FIELDS = [
  'name',
  'expires_at',
  'allowed_apis',
  'allowed_ips',
  'rate_limit',
  'daily_cap',
  'monthly_cap',
] as const satisfies readonly (keyof ApiKeySettings)[];

/** POST create_api_key.php. */
export interface CreateApiKeyBody extends ApiKeySettings {
  name: string;
}

/** POST update_api_key.php. */
export interface UpdateApiKeyBody extends ApiKeySettings {
  id: number;
}

/** POST revoke_api_key.php. */
export interface RevokeApiKeyBody {
  id: number;
}

/** create_api_key.php's data: the secret, shown this once. */
export interface CreatedApiKey {
  key: ApiKeyView;
  secret: string;
}

/** POST /api/admin/reveal_user_api_key.php: the user's full default key (recorded in the audit log). */
export interface RevealUserKeyBody {
  user_id: number;
}

export interface RevealedUserKey {
  api_key: string | null;
}
