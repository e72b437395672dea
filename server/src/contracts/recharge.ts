import type { PageInfo } from './envelope';

/**
 * How recharge runs: against Afdian (`live`), against the built-in sandbox that speaks Afdian's
 * protocol and pays with play money (`sandbox`, never in production unless AFDIAN_MODE says so),
 * or not at all (`not_configured`: no Afdian credentials; orders cannot be verified).
 */
export type RechargeMode = 'live' | 'sandbox' | 'not_configured';

/** get_recharge_info.php's data: where to pay, and the id that ties a payment to this user. */
export interface RechargeInfo {
  /** Orders can be verified (live or sandbox). */
  configured: boolean;
  mode: RechargeMode;
  /**
   * Always given: the configured Afdian page, the app's sandbox checkout (a site path), or Afdian's home
   * page when recharge is not configured. Carries custom_order_id when it leads to a payment.
   */
  sponsor_url: string;
  custom_order_id: string;
}

/** pending: not paid yet, or paid with no owner known; credited: in a balance; rejected: never. */
export type RechargeState = 'pending' | 'credited' | 'rejected';

/** Why an order is pending or rejected. */
export type RechargeReason =
  /** pending: Afdian says unpaid, asked again automatically for 24 hours (then rejected). */
  | 'not_paid'
  /** pending: paid, pushed by the webhook naming no user of this site; waits in the admin queue. */
  | 'unmatched'
  /** rejected: Afdian does not know the order number. */
  | 'not_found'
  /** rejected: the order has no positive amount. */
  | 'no_amount'
  /** rejected: the order's custom_order_id belongs to another account. */
  | 'other_user'
  /** rejected: a webhook push whose signature did not verify. */
  | 'bad_signature'
  /** rejected: an admin dismissed it (see `note`). */
  | 'dismissed';

export interface RechargeRecord {
  id: number;
  /** Afdian order numbers are long digit strings, kept as text. */
  out_trade_no: string;
  amount: string;
  created_at: string;
  state: RechargeState;
  /** null once credited. */
  reason: RechargeReason | null;
}

export interface RechargeHistory extends PageInfo {
  records: RechargeRecord[];
}

/** The app's checkout page the sandbox's sponsor_url leads to (a client route). */
export const SANDBOX_CHECKOUT_PATH = '/user/recharge/sandbox';

/** A sandbox payment: yuan with at most two decimals (Afdian's), 0.01 to 999999.99. */
export const SANDBOX_AMOUNT_PATTERN = /^(?!0+(?:\.0+)?$)\d{1,6}(?:\.\d{1,2})?$/;

/** sandbox_pay.php's body: what to "pay" with play money. */
export interface SandboxPayBody {
  amount: string;
}

/** sandbox_pay.php's data: the paid order's number, verified like any Afdian order. */
export interface SandboxPayment {
  order_number: string;
}

export interface VerifyOrderBody {
  order_number: string;
}

/** The fields verify_aifadian_order.php reads, each of which a refusal may name. */
export const VERIFY_ORDER_FIELDS = [
  'order_number',
] as const satisfies readonly (keyof VerifyOrderBody)[];

/** verify_aifadian_order.php's data: what was credited and the balance after it. */
export interface VerifiedOrder {
  amount: string;
  balance: string;
}

/**
 * check_recent_orders.php's data: the user's paid orders among Afdian's newest that were not
 * credited yet and now are (a payer back from Afdian without an order number), and the balance.
 */
export interface RecentPayments {
  credited: { out_trade_no: string; amount: string }[];
  balance: string;
}

/** recheck_aifadian_order.php's body: one of the user's own pending orders. Answers VerifiedOrder. */
export interface RecheckOrderBody {
  order_number: string;
}

/** One row of get_pending_orders.php (待处理订单): a paid order no user could be found for. */
export interface PendingOrder {
  id: number;
  out_trade_no: string;
  /** What assigning it credits, after RECHARGE_RATE. */
  amount: string;
  /** What the payer paid on Afdian (yuan, as Afdian wrote it). */
  paid_amount: string;
  /** The payer's Afdian user id, and the custom_order_id and remark they left, to find the user. */
  afdian_user_id: string;
  custom_order_id: string;
  remark: string;
  created_at: string;
}

export interface PendingOrders extends PageInfo {
  orders: PendingOrder[];
}

/** assign_order.php's body: credit a pending order to this user (once; audited). Answers VerifiedOrder. */
export interface AssignOrderBody {
  out_trade_no: string;
  user_id: number;
}

/** dismiss_order.php's body: reject a pending order for good, saying why (audited). */
export interface DismissOrderBody {
  out_trade_no: string;
  reason: string;
}

/** One UTC day of get_recharge_reconciliation.php. Amounts are balance yuan ("12.50"). */
export interface ReconciliationDay {
  date: string;
  seen: number;
  credited: number;
  rejected: number;
  pending: number;
  credited_amount: string;
  pending_amount: string;
}

/**
 * Something the books do not explain: `amount_differs` (a credited order whose credit is not what
 * Afdian's amount × RECHARGE_RATE gives, or whose recorded paid amount is not Afdian's),
 * `balance_unexplained` (a user whose balance is not Σ credited orders + Σ adjustments + Σ cash
 * from redeem codes − Σ charges), or `credit_unexplained` (a user whose credit is not Σ grants −
 * Σ expired − Σ credit spent).
 */
export interface ReconciliationMismatch {
  kind: 'amount_differs' | 'balance_unexplained' | 'credit_unexplained';
  out_trade_no: string | null;
  user_id: number | null;
  expected: string;
  actual: string;
}

/**
 * Money beside the recharges' cash in the span: plan periods bought from balances (how many, for
 * how much), and credit granted and expired.
 */
export interface BesideCash {
  plan_periods: number;
  plans_amount: string;
  credit_granted: string;
  credit_expired: string;
}

/** get_recharge_reconciliation.php?from&to (YYYY-MM-DD, UTC, both included; default last 30 days). */
export interface Reconciliation {
  from: string;
  to: string;
  days: ReconciliationDay[];
  totals: Omit<ReconciliationDay, 'date'>;
  /** Always sent; optional for older fixtures. */
  beside_cash?: BesideCash;
  mismatches: ReconciliationMismatch[];
}

/** adjust_user_balance.php's body: a signed amount in yuan and why. */
export interface AdjustBalanceBody {
  user_id: number;
  amount: string;
  reason: string;
}

/** The fields adjust_user_balance.php reads; the user is the row's, not a control of the form. */
export const ADJUST_BALANCE_FIELDS = [
  'user_id',
  'amount',
  'reason',
] as const satisfies readonly (keyof AdjustBalanceBody)[];

/** adjust_user_balance.php's data. */
export interface AdjustedBalance {
  balance: string;
}

/** A signed yuan amount with at most three decimals: "10", "-2.5". */
export const ADJUST_AMOUNT_PATTERN = /^[+-]?\d{1,9}(\.\d{1,3})?$/;
