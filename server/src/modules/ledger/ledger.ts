import { HttpStatus } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { formatBalance, MAX_BALANCE_MILLI } from '../../common/money';
import { spendPeriod } from '../../common/spend-period';
import { PLAN_WINDOWS } from '../../contracts/plans';
import type { PlanLimit, PlanWindow } from '../../contracts/plans';
import type { ChargedFrom } from '../../contracts/usage';
import { statement } from '../../database/named-statement';
import type { NamedStatement } from '../../database/named-statement';

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
  /** What paid for the call (the ledger writes `free` for a call its quota took); null: nothing. */
  charged_from: ChargedFrom | null;
}

/** A charged call's log: its user and key are known (the key's owner, from the key cache). */
export type ChargedLog = CallLog & { user_id: number; api_key_id: number };

/** Which spending cap of a key refused a charge. */
export type SpendingCap = 'daily' | 'monthly';

export type ChargeResult =
  /**
   * balance_milli: the balance after the debit; null when a batch had to be settled or nothing
   * was debited. quota_used: the free calls (or the plan's calls) used in the period with this
   * one, when its free quota (or its plan) took it.
   */
  | {
      ok: true;
      logId: number;
      balance_milli: number | null;
      from: ChargedFrom;
      quota_used: number | null;
      /**
       * A plan call's: the calls left in its limited windows after this one; at least those
       * with the fewest left, when known.
       */
      windows_left?: WindowsLeft;
    }
  | { ok: false; reason: 'invalid_key' }
  | { ok: false; reason: 'insufficient'; balance_milli: number }
  | { ok: false; reason: 'cap'; cap: SpendingCap; cap_milli: number }
  /**
   * The plan's included calls, or its calls of the hour, day or week, are used and it stops there
   * (overage `stop`): `used_up` says which (none when it could not be told).
   */
  | { ok: false; reason: 'plan_exhausted'; used_up: PlanLimit[] }
  /**
   * Refused, charged nothing, but why could not be read (the database went away after the batch
   * committed): `error` is that read's failure, answered as the database being unavailable.
   */
  | { ok: false; reason: 'unavailable'; error: unknown };

/** An API's free quota as a call may take it: `limit` calls a user in the call's `period`. */
export interface QuotaTake {
  apiId: number;
  limit: number;
  /** The call's period on the site's clock (`YYYY-MM-DD` or `YYYY-MM`, see quota-period.ts). */
  period: string;
}

/**
 * A subscription's included calls as a call may take them: while its period runs on the database's
 * clock and calls are left. `stop`: once they are used, the call is refused instead of paid.
 */
export interface PlanTake {
  subscriptionId: number;
  stop: boolean;
  /** The call's hour, day and week on the site's clock (keys as quota-period.ts writes them). */
  windows: WindowKeys;
}

/** The plan windows a call counts in: `YYYY-MM-DD HH`, `YYYY-MM-DD`, the week's Monday. */
export type WindowKeys = Record<PlanWindow, string>;

/** Calls left in a subscription's limited windows. */
export type WindowsLeft = Partial<Record<keyof WindowKeys, number>>;

/** What can refuse a plan's call: its period's included calls, or a window's limit. */
export type { PlanLimit };

export interface Charge {
  priceMilli: number;
  /**
   * The API's free quota, tried before the balance: a call it takes costs nothing, counts toward
   * no spending cap and writes its row as `free`; once it is used up, the call is paid as usual.
   */
  quota?: QuotaTake;
  /**
   * The user's plan, when it covers the API: tried after the free quota and before credit; a call
   * it takes costs nothing and writes its row as `plan` (ADR 050).
   */
  plan?: PlanTake;
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
  /** The access time the row was written with: it names the month partition the row is in. */
  at: Date;
  ms: number;
}

/**
 * A DATETIME column keeps whole seconds: MariaDB truncates the fraction, MySQL 8 rounds it, so a
 * row's stored time is within a second of the time it was written with.
 */
const STORED_TIME_SLACK_MS = 1000;

/**
 * One statement setting the latency of several log rows: `(logId, ms)` pairs, the ids, then the
 * span of their access times. The span lets a log in month partitions (primary key `(id,
 * access_time)`) look in the calls' month alone; by the ids alone it looked up every id in every
 * partition, which at 100M calls made this statement 4.8 times as slow (3.3 against 0.7 ms for 64
 * rows) and the charged calls beside it 0.81 of their rate on an empty log.
 */
export const setLatenciesSql = (count: number) =>
  `UPDATE access_logs SET latency_ms = CASE id ${'WHEN ? THEN ? '.repeat(count)}END WHERE id IN (${Array.from({ length: count }, () => '?').join(', ')}) AND access_time >= ? AND access_time <= ?`;

export const setLatenciesValues = (rows: readonly CallLatency[]) => {
  const times = rows.map(({ at }) => at.getTime());
  return [
    ...rows.flatMap(({ logId, ms }) => [logId, ms]),
    ...rows.map(({ logId }) => logId),
    new Date(Math.min(...times) - STORED_TIME_SLACK_MS),
    new Date(Math.max(...times) + STORED_TIME_SLACK_MS),
  ];
};

/** What a charge made on its row, so that its refund can undo exactly that. */
export interface Refund {
  logId: number;
  charge: Charge;
  statusCode: number;
  /** What paid for the call, as its charge answered: a free call gives its quota back. */
  from: ChargedFrom;
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
   * It throws only when none of the batch took effect, or when its charges may have and will never
   * be tried again (settled and refunded later): the charge queue then tries each call on its own.
   */
  chargeBatch(charges: readonly Charge[]): Promise<ChargeResult[]>;
  /** How many batches may run at once (SQLite has one writer; MySQL has a pool). */
  readonly parallelBatches: number;
  /**
   * Gives a charged call's money back, zeroes its cost and takes it off its key's spend, at most
   * once per log row; answers the balance after it (null when the row was refunded already). A
   * free call gives its quota back instead (if its period is still running) and answers null. A
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
  'charged_from',
] as const satisfies readonly (keyof CallLog)[];

/** A log row's values in LOG_COLUMNS order, its time written as the database takes it. */
export const callLogValues = (log: CallLog, time: Date | string) =>
  LOG_COLUMNS.map((column) => (column === 'access_time' ? time : log[column]));

export const INSERT_LOG = `INSERT INTO access_logs (${LOG_COLUMNS.join(', ')})`;
export const LOG_PLACEHOLDERS = `(${LOG_COLUMNS.map(() => '?').join(', ')})`;

/** A user's money moving by `price` milli-yuan. */
export interface UserMove {
  price: number;
  userId: number;
}

/** A counted key's spend moving by `price` in the UTC day and month of its call. */
export interface KeySpend {
  price: number;
  keyId: number;
  day: string;
  month: string;
}

/** The row a charge writes when its API's free quota takes it. */
export const freeLog = (log: ChargedLog): ChargedLog => ({
  ...log,
  cost_milli: 0,
  charged_from: 'free',
});

/** The row a charge writes when its user's plan takes it. */
export const planLog = (log: ChargedLog): ChargedLog => ({
  ...log,
  cost_milli: 0,
  charged_from: 'plan',
});

/** A call taken from a subscription's included calls (`now`: the database's clock on MySQL). */
export interface PlanMove extends WindowKeys {
  subscriptionId: number;
  userId: number;
  now: Date | string;
}

export const planMove = (
  { plan, log }: Charge & { plan: PlanTake },
  now: Date | string,
): PlanMove => ({
  subscriptionId: plan.subscriptionId,
  userId: log.user_id,
  now,
  ...plan.windows,
});

/**
 * A take counts the call in each window, as a key's spend counts its day: a window only moves on,
 * so an instance whose clock is behind counts in the newer window instead of starting an old one.
 * MySQL assigns left to right with the new values: each window is set after its count.
 */
const WINDOW_COUNTS = PLAN_WINDOWS.map(
  (w) =>
    `${w}_used = CASE WHEN ${w}_window >= ? THEN ${w}_used ELSE 0 END + 1, ${w}_window = CASE WHEN ${w}_window > ? THEN ${w}_window ELSE ? END`,
).join(', ');
/** Each limited window has a call left in the call's window. */
const WINDOWS_FIT = PLAN_WINDOWS.map(
  (w) =>
    `(${w}_limit IS NULL OR CASE WHEN ${w}_window >= ? THEN ${w}_used ELSE 0 END < ${w}_limit)`,
).join(' AND ');

/** More calls than a window may hold (MAX_PLAN_CALLS < 2^24): a window without a limit. */
const NO_LIMIT = 2 ** 24 - 1;
/** A window's calls left, once a take counted it (MySQL reads the new values). */
const leftIn = (w: keyof WindowKeys) => `IFNULL(${w}_limit - ${w}_used, ${NO_LIMIT})`;
const FEWEST_LEFT = `LEAST(${PLAN_WINDOWS.map(leftIn).join(', ')})`;
/**
 * What a MySQL take answers as its insert id, no read needed (ADR 050): the period's count after
 * it, the windows with the fewest calls left (a bit each) and how many that is.
 */
const PLAN_ANSWER = `(used_calls + 1) * ${2 ** 27} + (${PLAN_WINDOWS.map(
  (w, i) => `(${leftIn(w)} = ${FEWEST_LEFT}) * ${2 ** (24 + i)}`,
).join(' + ')}) + ${FEWEST_LEFT}`;

/** A MySQL take's insert id read back: the period's count, and the windows with fewest left. */
export function planAnswer(insertId: number): { used: number; left: WindowsLeft } {
  const fewest = insertId % 2 ** 24;
  const left: WindowsLeft = {};
  PLAN_WINDOWS.forEach((w, i) => {
    if (fewest !== NO_LIMIT && Math.floor(insertId / 2 ** (24 + i)) % 2 === 1) left[w] = fewest;
  });
  return { used: Math.floor(insertId / 2 ** 27), left };
}

/**
 * Takes one of a subscription's included calls and counts it in the call's hour, day and week, if
 * its period is running at `now`, each limited window has a call left and its user is active (ADR
 * 050). Renewal moves the period on and starts its count again; windows move on by themselves.
 * `mysql`: on the database's clock (instances' clocks may disagree), answering through its insert
 * id (PLAN_ANSWER): MySQL assigns left to right with the new values, so the count is set last,
 * from the windows' new counts and its own old one.
 */
export const takePlanStatement = (mysql: boolean): NamedStatement<PlanMove> => {
  const now = mysql ? 'UTC_TIMESTAMP()' : '?';
  const counts = mysql
    ? `${WINDOW_COUNTS}, used_calls = LAST_INSERT_ID(${PLAN_ANSWER}) DIV ${2 ** 27}`
    : `used_calls = used_calls + 1, ${WINDOW_COUNTS}`;
  return {
    text: `UPDATE plan_subscriptions SET ${counts}, updated_at = updated_at WHERE id = ? AND user_id = ? AND state = 'active' AND used_calls < included_calls AND period_start <= ${now} AND period_end > ${now} AND ${WINDOWS_FIT} AND (SELECT status FROM users WHERE id = ?) = 1`,
    values: (move) => [
      ...PLAN_WINDOWS.flatMap((w) => [move[w], move[w], move[w]]),
      move.subscriptionId,
      move.userId,
      ...(mysql ? [] : [move.now, move.now]),
      ...PLAN_WINDOWS.map((w) => move[w]),
      move.userId,
    ],
  };
};

/** A subscription's counts, to tell which limit refused a plan call. */
export const PLAN_COUNTS = `SELECT used_calls, included_calls, ${PLAN_WINDOWS.map((w) => `${w}_limit, ${w}_window, ${w}_used`).join(', ')} FROM plan_subscriptions WHERE id = ?`;

/** A window's calls in the call's window, from a PLAN_COUNTS row (0 once it moved on). */
const countIn = (row: Record<string, unknown>, w: keyof WindowKeys, keys: WindowKeys) =>
  row[`${w}_window`] === keys[w] ? Number(row[`${w}_used`]) : 0;

/** Which limits of a plan are used up, from its subscription's row read after a refusal. */
export function usedUp(row: Record<string, unknown> | undefined, keys: WindowKeys): PlanLimit[] {
  if (!row) return [];
  const windows = PLAN_WINDOWS.filter((w) => {
    const limit = row[`${w}_limit`];
    return limit !== null && limit !== undefined && countIn(row, w, keys) >= Number(limit);
  });
  return Number(row.used_calls) >= Number(row.included_calls) ? ['period', ...windows] : windows;
}

/** A user's use of an API's free quota in a period. */
export interface QuotaMove {
  userId: number;
  apiId: number;
  period: string;
  limit: number;
}

export const quotaMove = ({ quota, log }: Charge & { quota: QuotaTake }): QuotaMove => ({
  userId: log.user_id,
  apiId: quota.apiId,
  period: quota.period,
  limit: quota.limit,
});

export const keySpend = ({ priceMilli, log }: Charge): KeySpend => ({
  price: priceMilli,
  keyId: log.api_key_id,
  ...spendPeriod(log.access_time),
});

export const userMove = ({ priceMilli, log }: Charge): UserMove => ({
  price: priceMilli,
  userId: log.user_id,
});

// Money moves keep updated_at as it was (MySQL's ON UPDATE would bump it; SQLite never does): the
// ledgers record money, updated_at records changes to the account or key itself (the key cache
// of every instance watches api_keys.updated_at), on both databases.
export const SQL = {
  owner: statement<{
    userId: number;
  }>`SELECT balance_milli, status FROM users WHERE id = ${'userId'}`,
  /** The conditional debit: an active user with the money, or nothing changes. */
  debit: statement<UserMove>`
    UPDATE users SET balance_milli = balance_milli - ${'price'}, updated_at = updated_at
    WHERE id = ${'userId'} AND status = 1 AND balance_milli >= ${'price'}`,
  /** Takes back the debit of a charge that its key's cap then refused, in the same transaction. */
  undoDebit: statement<UserMove>`
    UPDATE users SET balance_milli = balance_milli + ${'price'}, updated_at = updated_at
    WHERE id = ${'userId'}`,
  /**
   * Counts a key's spend if its caps allow it; a new day or month starts from zero. MySQL assigns
   * left to right with the new values: the day and month are set last.
   */
  spend: statement<KeySpend>`
    UPDATE api_keys SET
      spent_day_milli = CASE WHEN spent_day = ${'day'} THEN spent_day_milli ELSE 0 END + ${'price'},
      spent_month_milli = CASE WHEN spent_month = ${'month'} THEN spent_month_milli ELSE 0 END + ${'price'},
      spent_day = ${'day'}, spent_month = ${'month'}, updated_at = updated_at
    WHERE id = ${'keyId'}
      AND (daily_cap_milli IS NULL
        OR CASE WHEN spent_day = ${'day'} THEN spent_day_milli ELSE 0 END + ${'price'} <= daily_cap_milli)
      AND (monthly_cap_milli IS NULL
        OR CASE WHEN spent_month = ${'month'} THEN spent_month_milli ELSE 0 END + ${'price'} <= monthly_cap_milli)`,
  /** Takes a refunded call off its key's spend, if it still counts in the same day or month. */
  unspend: statement<KeySpend>`
    UPDATE api_keys SET
      spent_day_milli = CASE WHEN spent_day = ${'day'} AND spent_day_milli >= ${'price'}
        THEN spent_day_milli - ${'price'} ELSE spent_day_milli END,
      spent_month_milli = CASE WHEN spent_month = ${'month'} AND spent_month_milli >= ${'price'}
        THEN spent_month_milli - ${'price'} ELSE spent_month_milli END,
      updated_at = updated_at
    WHERE id = ${'keyId'}`,
  caps: statement<{ keyId: number }>`
    SELECT daily_cap_milli, monthly_cap_milli, spent_day, spent_day_milli, spent_month,
      spent_month_milli
    FROM api_keys WHERE id = ${'keyId'}`,
  /** Zeroes a charged row's cost; a row already refunded no longer carries it. */
  refundZero: statement<{ statusCode: number; logId: number; price: number }>`
    UPDATE access_logs SET cost_milli = 0, status_code = ${'statusCode'}, charged_from = NULL
    WHERE id = ${'logId'} AND cost_milli = ${'price'}`,
  /** Marks a free call's row refunded; a row already refunded is no longer `free`. */
  refundFree: statement<{ statusCode: number; logId: number }>`
    UPDATE access_logs SET status_code = ${'statusCode'}, charged_from = NULL
    WHERE id = ${'logId'} AND charged_from = 'free'`,
  /**
   * The conditional spend of credit (ADR 050): an active user with enough credit whose soonest
   * grant has not expired by `now` (the database's clock on MySQL, see CHARGE there). A call is
   * paid wholly by credit or wholly by cash.
   */
  spendCredit: statement<UserMove & { now: Date | string }>`
    UPDATE users SET credit_milli = credit_milli - ${'price'}, updated_at = updated_at
    WHERE id = ${'userId'} AND status = 1 AND credit_milli >= ${'price'}
      AND credit_until > ${'now'}`,
  /** Gives credit back: a refunded credit call, or a cap's refusal in the same transaction. */
  giveCredit: statement<UserMove>`
    UPDATE users SET credit_milli = credit_milli + ${'price'}, updated_at = updated_at
    WHERE id = ${'userId'}`,
  /** A charged row that credit paid for: no cash, the credit it spent. */
  toCredit: statement<{ price: number; logId: number }>`
    UPDATE access_logs SET cost_milli = 0, credit_milli = ${'price'}, charged_from = 'credit'
    WHERE id = ${'logId'}`,
  /** Marks a credit call's row refunded; a row already refunded is no longer `credit`. */
  refundCreditRow: statement<{ statusCode: number; logId: number }>`
    UPDATE access_logs SET credit_milli = 0, status_code = ${'statusCode'}, charged_from = NULL
    WHERE id = ${'logId'} AND charged_from = 'credit'`,
  /** A quota charge's row when the quota was used up and the balance pays instead. */
  toBalance: statement<{ price: number; logId: number }>`
    UPDATE access_logs SET cost_milli = ${'price'}, charged_from = 'balance' WHERE id = ${'logId'}`,
  /**
   * Takes one free call if the user is active and its quota allows it. A row's period only moves
   * on: a call stamped with an earlier period (an instance whose clock is behind) counts in the
   * row's, so clock skew can never start a quota again. MySQL assigns left to right with the new
   * values: the period is set last. (The MySQL ledger wraps `used` in LAST_INSERT_ID.)
   */
  take: statement<QuotaMove>`
    UPDATE free_quota_uses SET
      used = CASE WHEN period >= ${'period'} THEN used ELSE 0 END + 1,
      period = CASE WHEN period > ${'period'} THEN period ELSE ${'period'} END
    WHERE user_id = ${'userId'} AND api_id = ${'apiId'}
      AND CASE WHEN period >= ${'period'} THEN used ELSE 0 END + 1 <= ${'limit'}
      AND (SELECT status FROM users WHERE id = ${'userId'}) = 1`,
  /** Gives a refunded free call back to its quota, if its period is still the row's. */
  giveBack: statement<QuotaMove>`
    UPDATE free_quota_uses SET used = used - 1
    WHERE user_id = ${'userId'} AND api_id = ${'apiId'} AND period = ${'period'} AND used > 0`,
  takePlan: takePlanStatement(false),
  /**
   * Gives a refunded plan call back, if its period (the one the call was made in) still runs, and
   * to each window still the call's.
   */
  givePlanBack: {
    text: `UPDATE plan_subscriptions SET used_calls = used_calls - 1, ${PLAN_WINDOWS.map((w) => `${w}_used = CASE WHEN ${w}_window = ? AND ${w}_used > 0 THEN ${w}_used - 1 ELSE ${w}_used END`).join(', ')}, updated_at = updated_at WHERE id = ? AND used_calls > 0 AND period_start <= ?`,
    values: (move) => [...PLAN_WINDOWS.map((w) => move[w]), move.subscriptionId, move.now],
  } satisfies NamedStatement<PlanMove>,
  /** A charged row that its user's plan took after the free quota refused it. */
  toPlan: statement<{ logId: number }>`
    UPDATE access_logs SET cost_milli = 0, charged_from = 'plan' WHERE id = ${'logId'}`,
  /** Marks a plan call's row refunded; a row already refunded is no longer `plan`. */
  refundPlanRow: statement<{ statusCode: number; logId: number }>`
    UPDATE access_logs SET status_code = ${'statusCode'}, charged_from = NULL
    WHERE id = ${'logId'} AND charged_from = 'plan'`,
  /** Gives a refund back, unless the balance would pass `ceiling`. */
  refundCredit: statement<UserMove & { ceiling: number }>`
    UPDATE users SET balance_milli = balance_milli + ${'price'}, updated_at = updated_at
    WHERE id = ${'userId'} AND balance_milli + ${'price'} <= ${'ceiling'}`,
  touchKey: statement<{ at: Date | string; ip: string; keyId: number }>`
    UPDATE api_keys SET last_used_at = ${'at'}, last_used_ip = ${'ip'}, updated_at = updated_at
    WHERE id = ${'keyId'} AND (last_used_at IS NULL OR last_used_at < ${'at'})`,
  bumpUsage: statement<{ calls: number; apiId: number }>`
    UPDATE apis SET usage_count = usage_count + ${'calls'} WHERE id = ${'apiId'}`,
};

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

/**
 * Why a plan's stop refused a charge: a limit of it is used (read from `counts`, a PLAN_COUNTS
 * row), unless the user is gone meanwhile.
 */
export const refusedPlan = (
  owner: { status: number | string } | undefined,
  counts: Record<string, unknown> | undefined,
  plan: PlanTake,
): ChargeResult =>
  owner && Number(owner.status) === 1
    ? { ok: false, reason: 'plan_exhausted', used_up: usedUp(counts, plan.windows) }
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
