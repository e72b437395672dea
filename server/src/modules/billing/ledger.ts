import { HttpStatus } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { formatBalance, MAX_BALANCE_MILLI } from '../../common/money';
import { spendPeriod } from '../../common/spend-period';

/** One gateway call as the access log records it. */
export interface CallLog {
  user_id: number | null;
  api_id: number;
  api_name: string;
  ip_address: string;
  access_url: string;
  user_agent: string;
  access_time: Date;
  status_code: number;
  cost_milli: number;
  latency_ms: number;
  api_key_id: number | null;
  request_id: string | null;
}

/** A charged call's log: its user and key are known (the key's owner, from the key cache). */
export type ChargedLog = CallLog & { user_id: number; api_key_id: number };

/** Which spending cap of a key refused a charge. */
export type SpendingCap = 'daily' | 'monthly';

export type ChargeResult =
  /** balance_milli: the balance after the debit; null when a batch had to be settled. */
  | { ok: true; logId: number; balance_milli: number | null }
  | { ok: false; reason: 'invalid_key' }
  | { ok: false; reason: 'insufficient'; balance_milli: number }
  | { ok: false; reason: 'cap'; cap: SpendingCap; cap_milli: number };

export interface Charge {
  priceMilli: number;
  /**
   * Named keys count what they spend per UTC day and month (api_keys.spent_*), in the charge's
   * transaction and conditional on their caps; the default key has no caps and counts nothing.
   */
  counted: boolean;
  log: ChargedLog;
}

export interface DailyUsage {
  api_id: number;
  access_date: string;
  calls: number;
}

/** When a key was last used, and from where (written in batches, never on the call's path). */
export interface KeyUse {
  keyId: number;
  at: Date;
  ip: string;
}

/** How long a charged call took, known only after its row was written with the debit. */
export interface CallLatency {
  logId: number;
  ms: number;
}

/** One statement setting the latency of several log rows: `(logId, ms)` pairs, then the ids. */
export const setLatenciesSql = (count: number) =>
  `UPDATE access_logs SET latency_ms = CASE id ${'WHEN ? THEN ? '.repeat(count)}END WHERE id IN (${Array.from({ length: count }, () => '?').join(', ')})`;

export const setLatenciesValues = (rows: readonly CallLatency[]) => [
  ...rows.flatMap(({ logId, ms }) => [logId, ms]),
  ...rows.map(({ logId }) => logId),
];

/** What a charge made on its row, so that its refund can undo exactly that. */
export interface Refund {
  logId: number;
  charge: Charge;
  statusCode: number;
}

/**
 * The money path of the gateway, written against the raw driver of each database: a charge is one
 * transaction holding the conditional debit, the key's conditional spend and its access-log row; a
 * refund is one transaction giving the money back and zeroing that row's cost. Nothing here reads
 * a balance to decide a write. Rows are locked user first, then key, then log row, on every path
 * (a charge may insert its new log row before: no other transaction can be waiting for that row).
 */
export interface Ledger {
  /**
   * Charges several calls in one transaction: each one debits its user, counts its key's spend
   * and writes its log row, or does none of it (no such active user, too little money, a cap).
   */
  chargeBatch(charges: readonly Charge[]): Promise<ChargeResult[]>;
  /** How many batches may run at once (SQLite has one writer; MySQL has a pool). */
  readonly parallelBatches: number;
  /**
   * Gives a charged call's money back, zeroes its cost and takes it off its key's spend, at most
   * once per log row; answers the balance after it (null when the row was refunded already). A
   * refund that would take the balance past MAX_BALANCE_MILLI changes nothing and throws
   * `refundPastCeiling`.
   */
  refund(refund: Refund): Promise<number | null>;
  insertLogs(rows: readonly CallLog[]): Promise<void>;
  addUsage(totals: ReadonlyMap<number, number>, daily: readonly DailyUsage[]): Promise<void>;
  /** Records keys' last use (a use older than the recorded one changes nothing). */
  touchKeys(uses: readonly KeyUse[]): Promise<void>;
  /** Sets the latency of charged calls' rows (a display only; written in batches). */
  setLatencies(rows: readonly CallLatency[]): Promise<void>;
}

export const LEDGER = Symbol('LEDGER');

/** Column order shared by every access-log insert. */
export const LOG_COLUMNS = [
  'user_id',
  'api_id',
  'api_name',
  'ip_address',
  'access_url',
  'user_agent',
  'access_time',
  'status_code',
  'cost_milli',
  'latency_ms',
  'api_key_id',
  'request_id',
] as const;

export const callLogValues = (log: CallLog, time: Date | string) => [
  log.user_id,
  log.api_id,
  log.api_name,
  log.ip_address,
  log.access_url,
  log.user_agent,
  time,
  log.status_code,
  log.cost_milli,
  log.latency_ms,
  log.api_key_id,
  log.request_id,
];

export const INSERT_LOG = `INSERT INTO access_logs (${LOG_COLUMNS.join(', ')})`;
export const LOG_PLACEHOLDERS = `(${LOG_COLUMNS.map(() => '?').join(', ')})`;

// Money moves keep updated_at as it was (MySQL's ON UPDATE would bump it; SQLite never does): the
// ledgers record money, updated_at records changes to the account or key itself (the key cache
// of every instance watches api_keys.updated_at), on both databases.
const DAY_SPENT = 'CASE WHEN spent_day = ? THEN spent_day_milli ELSE 0 END + ?';
const MONTH_SPENT = 'CASE WHEN spent_month = ? THEN spent_month_milli ELSE 0 END + ?';
export const SQL = {
  owner: 'SELECT balance_milli, status FROM users WHERE id = ?',
  debit:
    'UPDATE users SET balance_milli = balance_milli - ?, updated_at = updated_at WHERE id = ? AND status = 1 AND balance_milli >= ?',
  /** Takes back the debit of a charge that its key's cap then refused, in the same transaction. */
  undoDebit:
    'UPDATE users SET balance_milli = balance_milli + ?, updated_at = updated_at WHERE id = ?',
  // MySQL assigns left to right with the new values: the day and month are set last.
  spend: `UPDATE api_keys SET spent_day_milli = ${DAY_SPENT}, spent_month_milli = ${MONTH_SPENT}, spent_day = ?, spent_month = ?, updated_at = updated_at WHERE id = ? AND (daily_cap_milli IS NULL OR ${DAY_SPENT} <= daily_cap_milli) AND (monthly_cap_milli IS NULL OR ${MONTH_SPENT} <= monthly_cap_milli)`,
  unspend:
    'UPDATE api_keys SET spent_day_milli = CASE WHEN spent_day = ? AND spent_day_milli >= ? THEN spent_day_milli - ? ELSE spent_day_milli END, spent_month_milli = CASE WHEN spent_month = ? AND spent_month_milli >= ? THEN spent_month_milli - ? ELSE spent_month_milli END, updated_at = updated_at WHERE id = ?',
  caps: 'SELECT daily_cap_milli, monthly_cap_milli, spent_day, spent_day_milli, spent_month, spent_month_milli FROM api_keys WHERE id = ?',
  refundZero:
    'UPDATE access_logs SET cost_milli = 0, status_code = ? WHERE id = ? AND cost_milli = ?',
  refundCredit:
    'UPDATE users SET balance_milli = balance_milli + ?, updated_at = updated_at WHERE id = ? AND balance_milli + ? <= ?',
  touchKey:
    'UPDATE api_keys SET last_used_at = ?, last_used_ip = ?, updated_at = updated_at WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)',
  bumpUsage: 'UPDATE apis SET usage_count = usage_count + ? WHERE id = ?',
} as const;

export const spendValues = (charge: Charge) => {
  const { day, month } = spendPeriod(charge.log.access_time);
  const price = charge.priceMilli;
  return [day, price, month, price, day, month, charge.log.api_key_id, day, price, month, price];
};

export const unspendValues = (charge: Charge) => {
  const { day, month } = spendPeriod(charge.log.access_time);
  const price = charge.priceMilli;
  return [day, price, price, month, price, price, charge.log.api_key_id];
};

export const refundCreditValues = ({ charge }: Refund) => [
  charge.priceMilli,
  charge.log.user_id,
  charge.priceMilli,
  MAX_BALANCE_MILLI,
];

export const refundPastCeiling = () =>
  new AppError(
    'gateway.balance_ceiling',
    `this call failed but cannot be refunded: the balance would pass ${formatBalance(MAX_BALANCE_MILLI)} yuan, the most a balance may hold`,
    HttpStatus.CONFLICT,
  );

/** Why a charge's conditional debit changed nothing: no active user, or not enough money. */
export const refusedDebit = (
  owner: { balance_milli: number | string; status: number | string } | undefined,
): ChargeResult =>
  owner && Number(owner.status) === 1
    ? { ok: false, reason: 'insufficient', balance_milli: Number(owner.balance_milli) }
    : { ok: false, reason: 'invalid_key' };

interface CapRow {
  daily_cap_milli: number | string | null;
  monthly_cap_milli: number | string | null;
  spent_day: string;
  spent_day_milli: number | string;
  spent_month: string;
  spent_month_milli: number | string;
}

/** Which cap refused a charge whose spend changed nothing (the daily one when both would). */
export function refusedSpend(charge: Charge, row: CapRow | undefined): ChargeResult {
  if (!row) return { ok: false, reason: 'invalid_key' };
  const { day } = spendPeriod(charge.log.access_time);
  const daySpent = row.spent_day === day ? Number(row.spent_day_milli) : 0;
  if (row.daily_cap_milli !== null && daySpent + charge.priceMilli > Number(row.daily_cap_milli)) {
    return { ok: false, reason: 'cap', cap: 'daily', cap_milli: Number(row.daily_cap_milli) };
  }
  return {
    ok: false,
    reason: 'cap',
    cap: 'monthly',
    cap_milli: Number(row.monthly_cap_milli ?? 0),
  };
}
