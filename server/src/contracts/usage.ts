import { LIST_POSITION, type PositionedPage } from './envelope';
import type { QuotaPeriod } from './apis';
import type { AccessLog } from './users';

/** How a call's money went: charged, given back after an upstream failure, or free. */
export const CALL_CHARGES = ['charged', 'refunded', 'free'] as const;
export type CallCharge = (typeof CALL_CHARGES)[number];

/**
 * What paid for a charged call (X-Charged-From), in the order the charging path tries them: the
 * API's free quota, the user's plan, the user's credit grants, the cash balance.
 */
export const CHARGED_FROM = ['free', 'plan', 'credit', 'balance'] as const;
export type ChargedFrom = (typeof CHARGED_FROM)[number];

/** The call-log status filter: answered below 400, 400 and over, or charged and refunded. */
export const CALL_STATUSES = ['success', 'error', 'refunded'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** One row of the user's call log: SPEC's access-log fields and what the call cost. */
export interface CallLog extends AccessLog {
  /** The API's English title for the English site; '' when it has none or is gone (api_name). */
  api_title_en: string;
  status_code: number;
  /** Yuan with 3 decimals ("0.005"); "0.000" when free or refunded. */
  cost: string;
  charge: CallCharge;
  /**
   * What paid for the call; null when nothing did (a free API, a refund). Always sent; optional
   * for older fixtures.
   */
  charged_from?: ChargedFrom | null;
  latency_ms: number;
  key_id: number | null;
  /** The key's name; "" for the default key, null for a keyless call or a deleted key. */
  key_name: string | null;
  request_id: string | null;
}

export interface CallLogPage extends PositionedPage {
  logs: CallLog[];
  /**
   * The log holds more matching calls than `total` says: it is counted only so far past this page
   * (LIST_COUNTED_AHEAD pages, at least LIST_COUNT_CAP rows), so that a page of a log of millions
   * costs no count of it all. `total_pages` then ends a few pages past this one.
   */
  total_capped: boolean;
  /**
   * The next page's `before`: this page's last row, when the page is full (null otherwise). A
   * page asked for with it is read from that row on by the index, however far into the log.
   */
  next_before: string | null;
  /** The site's time zone (IANA): the day filters count its days, and the page shows its times. */
  time_zone: string;
}

/** A call log position, as `next_before` gives it (see LIST_POSITION). */
export const CALL_LOG_CURSOR = LIST_POSITION;

/** The call log's filters (all optional); days are YYYY-MM-DD in the site's time zone. */
export interface CallLogFilters {
  api_id?: number;
  key_id?: number;
  status?: CallStatus;
  from?: string;
  to?: string;
}

/** What the filters can be set to: the APIs and the caller's keys (revoked ones too). */
export interface CallLogOptions {
  /** title_en: the English site's title ('' when none: it shows the name). */
  apis: { id: number; name: string; title_en: string }[];
  keys: { id: number; name: string; is_default: boolean }[];
}

/** A paid API's free quota as the caller stands with it in the current period. */
export interface FreeQuotaView {
  api_id: number;
  name: string;
  name_en: string;
  title_en: string;
  limit: number;
  period: QuotaPeriod;
  used: number;
  remaining: number;
  /** When the next period starts (ISO 8601, UTC): midnight in the site's time zone. */
  resets_at: string;
}

/** get_free_quotas.php's data. */
export interface FreeQuotaList {
  quotas: FreeQuotaView[];
}

/** One day of the caller's usage. */
export interface UsageDay {
  date: string;
  calls: number;
  /** Yuan with 3 decimals. */
  spend: string;
}

export interface UsageTopApi {
  api_id: number | null;
  name: string;
  /** The English site's title; '' when the API has none or is gone (it shows the name). */
  title_en: string;
  calls: number;
  spend: string;
}

/** get_usage.php's data: the last 30 days (oldest first, every day present) and the top APIs. */
export interface Usage {
  days: UsageDay[];
  top_apis: UsageTopApi[];
  balance: string;
  /** The average price of the caller's charged calls in the window (3 decimals); null if none. */
  usual_price: string | null;
  /** How many calls the balance pays for at usual_price; null without a usual price. */
  calls_left: number | null;
}

/** A low-balance alert's delivery, as the user sees it. */
export interface AlertDeliveryView {
  id: number;
  channel: 'email' | 'webhook';
  target: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_error: string;
  created_at: string;
  updated_at: string;
}

/** get_balance_alert.php's data. */
export interface BalanceAlertView {
  /** Yuan ("5.00"); null when no alert is set. */
  threshold: string | null;
  email: string | null;
  /** The account's own e-mail, used when `email` is empty. */
  account_email: string | null;
  webhook_url: string | null;
  /** The HMAC-SHA256 key that signs the webhook; null when no alert is set. */
  webhook_secret: string | null;
  /** A charge took the balance below the threshold and it has not come back above. */
  low: boolean;
  balance: string;
  deliveries: AlertDeliveryView[];
}

/** set_balance_alert.php's body: an empty threshold turns the alert off. */
export interface BalanceAlertBody {
  threshold: string;
  email?: string;
  webhook_url?: string;
}

/** The fields of the alert form, each of which a refusal may name. */
export const BALANCE_ALERT_FIELDS = [
  'threshold',
  'email',
  'webhook_url',
] as const satisfies readonly (keyof BalanceAlertBody)[];

/** The event a webhook receives (and an e-mail describes). */
export interface LowBalanceEvent {
  event: 'balance.low';
  delivery_id: number;
  user_id: number;
  username: string;
  balance: string;
  threshold: string;
  crossed_at: string;
}

/** The most characters a webhook URL may have. */
export const WEBHOOK_URL_MAX = 2000;
/** A threshold: yuan, non-negative, at most 3 decimals and 12 digits. */
export const THRESHOLD_PATTERN = /^\d{1,12}(\.\d{1,3})?$/;
