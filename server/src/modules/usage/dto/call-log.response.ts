import { formatPrice } from '../../../common/money';
import type { CallCharge, CallLog, ChargedFrom } from '../../../contracts/usage';
import { rowTime } from '../../../database/sql-time';

/** A call-log row as the filtered query selects it (raw driver values). */
export interface CallLogRow {
  id: string | number;
  api_name: string;
  api_title_en: string | null;
  ip_address: string;
  access_url: string;
  user_agent: string;
  access_time: Date | string;
  status_code: string | number;
  cost_milli: string | number;
  latency_ms: string | number;
  api_key_id: string | number | null;
  request_id: string | null;
  key_name: string | null;
  is_paid: string | number | null;
  charged_from: ChargedFrom | null;
  /** The credit the call spent (absent from rows read before credit existed). */
  credit_milli?: string | number;
}

/** What the call cost, in cash or in credit (its `charged_from` says which). */
export const spentOf = (row: CallLogRow): number =>
  Number(row.cost_milli) + Number(row.credit_milli ?? 0);

/**
 * A paid call's row is written with its debit, and a failed call's refund zeroes the cost and keeps
 * the failing status: so a paid API's row with no cost and a status of 400 or more was charged and
 * given back; any other row without cost was free.
 */
export function chargeOf(row: CallLogRow): CallCharge {
  if (spentOf(row) > 0) return 'charged';
  return Number(row.is_paid) === 1 && Number(row.status_code) >= 400 ? 'refunded' : 'free';
}

/** What paid for a call: as its row says, or the balance for a cost written by an older release. */
export const chargedFromOf = (row: CallLogRow): ChargedFrom | null =>
  row.charged_from ?? (Number(row.cost_milli) > 0 ? 'balance' : null);

export function toCallLog(row: CallLogRow): CallLog {
  return {
    id: Number(row.id),
    api_name: row.api_name,
    api_title_en: row.api_title_en ?? '',
    ip_address: row.ip_address,
    access_url: row.access_url,
    user_agent: row.user_agent,
    access_time: rowTime(row.access_time).toISOString(),
    status_code: Number(row.status_code),
    cost: formatPrice(spentOf(row)),
    charge: chargeOf(row),
    charged_from: chargedFromOf(row),
    latency_ms: Number(row.latency_ms),
    key_id: row.api_key_id === null ? null : Number(row.api_key_id),
    key_name: row.key_name,
    request_id: row.request_id,
  };
}
