/**
 * Why a user holds a credit grant: given by an administrator, a promotion, a redeem code worth
 * credit, or an invite reward paid as credit (site_config.referral_credit_days).
 */
export const CREDIT_REASONS = ['admin', 'promotion', 'code', 'referral'] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];
/** What an administrator may give credit for by hand. */
export const ADMIN_CREDIT_REASONS = [
  'admin',
  'promotion',
] as const satisfies readonly CreditReason[];

/** The most one grant may give: 100,000 yuan. */
export const MAX_GRANT_MILLI = 100_000_000;

/** grant_credit.php's body (用户列表 → 发放赠金). */
export interface GrantCreditBody {
  user_id: number;
  /** Yuan, up to three decimals ("10", "0.5"). */
  amount: string;
  /** When the grant expires: an ISO 8601 time in the future. */
  expires_at: string;
  reason: (typeof ADMIN_CREDIT_REASONS)[number];
  note?: string;
}

export const GRANT_CREDIT_FIELDS = [
  'user_id',
  'amount',
  'expires_at',
  'reason',
  'note',
] as const satisfies readonly (keyof GrantCreditBody)[];

/** grant_credit.php's data: the grant and the user's credit after it. */
export interface GrantedCredit {
  grant_id: number;
  credit: string;
}

/**
 * A grant as its user sees it (get_credit.php): `left` is what is left of it now (what calls spent
 * put on the grants soonest-expiring first); past its expiry it is shown closed.
 */
export interface CreditGrantView {
  id: number;
  amount: string;
  left: string;
  expired: string;
  reason: CreditReason;
  note: string;
  expires_at: string;
  created_at: string;
  closed_at: string | null;
}

/** get_credit.php's data: the credit left, its soonest expiry, and the grants, newest first. */
export interface UserCredit {
  credit: string;
  credit_until: string | null;
  grants: CreditGrantView[];
}
