import type { PageInfo } from './envelope';

/** get_recharge_info.php's data: where to pay, and the id that ties a payment to this user. */
export interface RechargeInfo {
  configured: boolean;
  sponsor_url: string | null;
  custom_order_id: string;
}

export interface RechargeRecord {
  id: number;
  /** Afdian order numbers are long digit strings, kept as text. */
  out_trade_no: string;
  amount: string;
  created_at: string;
}

export interface RechargeHistory extends PageInfo {
  records: RechargeRecord[];
}

export interface VerifyOrderBody {
  order_number: string;
}

/** verify_aifadian_order.php's data: what was credited and the balance after it. */
export interface VerifiedOrder {
  amount: string;
  balance: string;
}

/** adjust_user_balance.php's body: a signed amount in yuan and why. */
export interface AdjustBalanceBody {
  user_id: number;
  amount: string;
  reason: string;
}

/** adjust_user_balance.php's data. */
export interface AdjustedBalance {
  balance: string;
}

/** A signed yuan amount with at most three decimals: "10", "-2.5". */
export const ADJUST_AMOUNT_PATTERN = /^[+-]?\d{1,9}(\.\d{1,3})?$/;
