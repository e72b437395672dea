import type { PageInfo } from './envelope';

/**
 * What a redeem code is worth. Cash goes into the balance like a recharge; credit is a credit
 * grant (ADR 050) lasting the batch's `credit_days` from the redemption; a plan code starts a
 * period of the batch's plan (`plan_id`) from the redemption to the period's end, paid by the code
 * (no money moves), not renewed unless the user resumes it.
 */
export const REDEEM_KINDS = ['cash', 'credit', 'plan'] as const;
/** The longest a code's credit may last: ten years. */
export const MAX_CREDIT_DAYS = 3650;
export type RedeemKind = (typeof REDEEM_KINDS)[number];

/** Codes one batch may hold, times each code may be redeemed, and codes one user may redeem. */
export const MAX_BATCH_CODES = 10_000;
export const MAX_CODE_USES = 100_000;
/** The most a code may be worth: 100,000 yuan. */
export const MAX_CODE_VALUE_MILLI = 100_000_000;

/**
 * A code: 20 characters of Crockford's base 32 (100 random bits), shown as four groups of five.
 * Typed in, it is read without case, spaces or hyphens, and O, I and L read as 0, 1 and 1.
 */
export const REDEEM_CODE_CHARS = 20;

/** redeem_code.php's body. */
export interface RedeemCodeBody {
  code: string;
}

/** The fields redeem_code.php reads, each of which a refusal may name. */
export const REDEEM_CODE_FIELDS = ['code'] as const satisfies readonly (keyof RedeemCodeBody)[];

/**
 * redeem_code.php's data: what the code added and the balance after it; for a credit code also
 * the credit after it and when the code's credit expires; for a plan code the plan (`amount`
 * "0.00") and when the period it started ends.
 */
export interface RedeemedCode {
  kind: RedeemKind;
  amount: string;
  balance: string;
  credit?: string;
  credit_expires_at?: string;
  plan?: RedeemedPlan;
}

/** The plan a plan code started, as the recharge centre names it. */
export interface RedeemedPlan {
  id: number;
  /** Chinese name, and the English site's ('' falls back to `name`). */
  name: string;
  name_en: string;
  /** When the period the code started ends (ISO). */
  period_end: string;
}

/** One row of get_redemptions.php (newest first, 10 a page). */
export interface Redemption {
  id: number;
  kind: RedeemKind;
  amount: string;
  /** A plan code's plan; null for cash and credit. */
  plan: { name: string; name_en: string } | null;
  /** The code's last five characters ("…-7K2QD"): enough to tell codes apart, not to reuse one. */
  code_hint: string;
  created_at: string;
}

export interface RedemptionList extends PageInfo {
  redemptions: Redemption[];
}

/** create_redeem_batch.php's body (兑换码 → 生成). */
/** The fields create_redeem_batch.php reads, each of which a refusal may name. */
export const REDEEM_BATCH_FIELDS = [
  'name',
  'kind',
  'value',
  'count',
  'uses_per_code',
  'per_user_limit',
  'expires_at',
  'credit_days',
  'plan_id',
] as const satisfies readonly (keyof CreateRedeemBatchBody)[];

export interface CreateRedeemBatchBody {
  name: string;
  kind: RedeemKind;
  /** Yuan, at most three decimals: what each redemption adds (required but for a plan code). */
  value?: string;
  count: number;
  /** How many users may redeem each code (1: a single-use code). */
  uses_per_code: number;
  /** How many codes of this batch one user may redeem. */
  per_user_limit: number;
  /** ISO time after which no code of the batch redeems; null: never. */
  expires_at: string | null;
  /** For credit: how many days the credit lasts from each redemption (1 to MAX_CREDIT_DAYS). */
  credit_days?: number | null;
  /** For plan: the plan (套餐管理, listed or not) whose period each redemption starts. */
  plan_id?: number | null;
}

/** One batch of get_redeem_batches.php (newest first, 20 a page) and create_redeem_batch.php's data. */
export interface RedeemBatchView {
  id: number;
  name: string;
  kind: RedeemKind;
  value: string;
  count: number;
  uses_per_code: number;
  per_user_limit: number;
  expires_at: string | null;
  /** Days a credit code's credit lasts from its redemption; null for cash. */
  credit_days: number | null;
  /** A plan code's plan and its name; null for cash and credit. */
  plan_id: number | null;
  plan_name: string | null;
  disabled_at: string | null;
  /** Redemptions so far, and what they added. */
  redeemed: number;
  redeemed_amount: string;
  created_at: string;
}

export interface RedeemBatchList extends PageInfo {
  batches: RedeemBatchView[];
}

/** disable_redeem_batch.php's body: no code of the batch redeems again (audited; for good). */
export interface DisableRedeemBatchBody {
  id: number;
}
