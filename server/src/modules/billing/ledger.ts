import { HttpStatus } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { formatBalance, MAX_BALANCE_MILLI } from '../../common/money';

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
}

export interface KeyOwner {
  id: number;
  balance_milli: number;
}

/** The log of a charged call: its user is whoever owns the key at the moment of the debit. */
export type ChargedLog = Omit<CallLog, 'user_id'>;

export type ChargeResult =
  | { ok: true; logId: number }
  | { ok: false; reason: 'invalid_key' }
  | { ok: false; reason: 'insufficient'; balance_milli: number };

export interface Charge {
  keyHash: string;
  priceMilli: number;
  log: ChargedLog;
}

export interface DailyUsage {
  api_id: number;
  access_date: string;
  calls: number;
}

/**
 * The money path of the gateway, written against the raw driver of each database: a charge is one
 * transaction holding the conditional debit and its access-log row; a refund is one transaction
 * giving the money back and zeroing that row's cost. Nothing here reads a balance to decide a write.
 */
export interface Ledger {
  /** The active user owning this key hash, or null. */
  findKeyOwner(keyHash: string): Promise<KeyOwner | null>;
  /**
   * Charges several calls in one transaction: each one debits its key's owner and writes its log
   * row, or does neither (its conditional debit found no key or too little money).
   */
  chargeBatch(charges: readonly Charge[]): Promise<ChargeResult[]>;
  /** How many batches may run at once (SQLite has one writer; MySQL has a pool). */
  readonly parallelBatches: number;
  /**
   * Gives a charged call's money back and zeroes its cost, at most once per log row. A refund that
   * would take the balance past MAX_BALANCE_MILLI changes nothing and throws `refundPastCeiling`.
   */
  refund(logId: number, priceMilli: number, statusCode: number): Promise<void>;
  insertLogs(rows: readonly CallLog[]): Promise<void>;
  addUsage(totals: ReadonlyMap<number, number>, daily: readonly DailyUsage[]): Promise<void>;
}

export const LEDGER = Symbol('LEDGER');

/** Column order shared by every access-log insert (user_id first). */
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
] as const;

/** A charged call's values after user_id, which the insert takes from the debited row. */
export const chargedLogValues = (log: ChargedLog, time: Date | string) => [
  log.api_id,
  log.api_name,
  log.ip_address,
  log.access_url,
  log.user_agent,
  time,
  log.status_code,
  log.cost_milli,
  log.latency_ms,
];

export const callLogValues = (log: CallLog, time: Date | string) => [
  log.user_id,
  ...chargedLogValues(log, time),
];

export const INSERT_LOG = `INSERT INTO access_logs (${LOG_COLUMNS.join(', ')})`;
export const LOG_PLACEHOLDERS = `(${LOG_COLUMNS.map(() => '?').join(', ')})`;
/** Inserts a charged call's row with the user id of the key's owner, in the debit's transaction. */
export const INSERT_CHARGED_LOG = `${INSERT_LOG} SELECT id, ${LOG_COLUMNS.slice(1)
  .map(() => '?')
  .join(', ')} FROM users WHERE api_key_hash = ?`;
// Money moves keep users.updated_at as it was (MySQL's ON UPDATE would bump it; SQLite never does):
// the ledgers record money, updated_at records changes to the account itself, on both databases.
const REFUND_ZERO =
  'UPDATE access_logs SET cost_milli = 0, status_code = ? WHERE id = ? AND cost_milli = ?';
const REFUND_CREDIT =
  'UPDATE users SET balance_milli = balance_milli + ?, updated_at = updated_at WHERE id = (SELECT user_id FROM access_logs WHERE id = ?) AND balance_milli + ? <= ?';
export const SQL = {
  findOwner: 'SELECT id, balance_milli FROM users WHERE api_key_hash = ? AND status = 1',
  debit:
    'UPDATE users SET balance_milli = balance_milli - ?, updated_at = updated_at WHERE api_key_hash = ? AND status = 1 AND balance_milli >= ?',
  refundZero: REFUND_ZERO,
  refundCredit: REFUND_CREDIT,
  bumpUsage: 'UPDATE apis SET usage_count = usage_count + ? WHERE id = ?',
} as const;

export const refundPastCeiling = () =>
  new AppError(
    'gateway.balance_ceiling',
    `this call failed but cannot be refunded: the balance would pass ${formatBalance(MAX_BALANCE_MILLI)} yuan, the most a balance may hold`,
    HttpStatus.CONFLICT,
  );

/** Why a charge's conditional debit changed nothing: no such key, or not enough money. */
export const refused = (owner: KeyOwner | null): ChargeResult =>
  owner
    ? { ok: false, reason: 'insufficient', balance_milli: owner.balance_milli }
    : { ok: false, reason: 'invalid_key' };
