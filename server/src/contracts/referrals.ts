import type { PositionedPage } from './envelope';

/**
 * A referral: one invitee who registered through an inviter's link. It waits for the invitee's
 * first credited recharge, which either rewards the inviter (once, in the same transaction as that
 * credit) or refuses the reward for good, with a reason.
 */
export const REFERRAL_STATES = ['waiting', 'rewarded', 'refused'] as const;
export type ReferralState = (typeof REFERRAL_STATES)[number];

/**
 * Why a referral paid nothing: rewards were off (amount 0) when the invitee first recharged; the
 * inviter had been rewarded as often as one inviter may; an earlier invitee of the same inviter
 * registered from the same address or the same browser (a farm of accounts pays once); the invitee
 * registered from an address or a browser the inviter had signed in from (inviting oneself); the
 * reward would have taken the inviter's balance (or, paid as credit, its credit) past the ceiling.
 */
export const REFERRAL_REFUSALS = [
  'off',
  'cap',
  'same_address',
  'same_device',
  'own_address',
  'own_device',
  'ceiling',
] as const;
export type ReferralRefusal = (typeof REFERRAL_REFUSALS)[number];

/** An invite code: 10 characters of Crockford's base 32, given to a user the first time it is asked for. */
export const INVITE_CODE = /^[0-9A-HJKMNP-TV-Z]{10}$/;

/** The invite code a link or a form carried, read as typed in any case; null when none could be. */
export function inviteCodeOf(value: unknown): string | null {
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  return INVITE_CODE.test(code) ? code : null;
}

/** The most one reward may be (1,000 yuan) and the most rewards one inviter may earn. */
export const MAX_REFERRAL_REWARD_MILLI = 1_000_000;
export const MAX_REFERRAL_CAP = 10_000;
/** The longest a reward's credit may last: ten years of days. */
export const MAX_REFERRAL_CREDIT_DAYS = 3_650;

/**
 * What a rewarded referral paid in: cash (money in, on the balance) or credit (a grant with reason
 * `referral`, spent before cash until it expires); null while waiting or refused.
 */
export type ReferralPaidAs = 'cash' | 'credit' | null;

/** get_invite.php's data: the caller's invite link and how it has done. */
export interface InviteSummary {
  code: string;
  /**
   * The register page with the code in its query: `<site>/register?invite=<code>`, or only its path
   * when the site's address is not set (网站地址 or PUBLIC_URL): the page then puts its own origin first.
   */
  url: string;
  /** What the next reward would be (yuan, as balances are written: "5.00"); "0.00" while off. */
  reward: string;
  /** How many rewards one inviter may earn in all. */
  cap: number;
  /** Days the next reward's credit would last; 0: it is paid as cash. */
  credit_days: number;
  invited: number;
  rewarded: number;
  /** What the caller's rewards added to its balance or credit (yuan). */
  earned: string;
}

/** One row of get_referrals.php (the caller's invitees, newest first, 10 a page). */
export interface ReferralView {
  id: number;
  /** The invitee's name, shown only by its first two characters and `***`. */
  invitee: string;
  state: ReferralState;
  reason: ReferralRefusal | null;
  /** What the inviter got (yuan); "0.00" unless rewarded. */
  reward: string;
  paid_as: ReferralPaidAs;
  created_at: string;
  /** When the invitee's first recharge decided the referral; null while waiting. */
  decided_at: string | null;
}

export interface ReferralList extends PositionedPage {
  referrals: ReferralView[];
}

/** get_referral_settings.php's data and save_referral_settings.php's body (邀请奖励 → 设置). */
export interface ReferralSettings {
  /** Yuan, at most three decimals, 0 to 1,000: what an inviter gets; "0" turns rewards off. */
  reward: string;
  /** Rewards one inviter may earn in all, 0 to 10,000. */
  cap: number;
  /**
   * Days a reward's credit lasts, 0 to 3,650; 0 pays rewards as cash. Always answered; a body
   * without it keeps the current value.
   */
  credit_days: number;
}

/** save_referral_settings.php's body: `credit_days` may be left out. */
export type ReferralSettingsBody = Omit<ReferralSettings, 'credit_days'> &
  Partial<Pick<ReferralSettings, 'credit_days'>>;

/** The fields save_referral_settings.php reads, each of which a refusal may name. */
export const REFERRAL_SETTINGS_FIELDS = [
  'reward',
  'cap',
  'credit_days',
] as const satisfies readonly (keyof ReferralSettings)[];

/** One row of the admin's get_referrals.php (every referral, newest first, 20 a page). */
export interface AdminReferralView {
  id: number;
  inviter_id: number;
  inviter: string;
  invitee_id: number;
  invitee: string;
  /** The address the invitee registered from. */
  ip: string;
  state: ReferralState;
  reason: ReferralRefusal | null;
  reward: string;
  paid_as: ReferralPaidAs;
  /** The order whose credit decided the referral; null while waiting. */
  out_trade_no: string | null;
  created_at: string;
  decided_at: string | null;
}

export interface AdminReferralList extends PositionedPage {
  referrals: AdminReferralView[];
  /**
   * How many referrals there are (as `total`: counted only so far, `total_capped` when there are
   * more), how many paid, and what they paid in all (yuan).
   */
  invited: number;
  rewarded: number;
  paid: string;
  /** The part of `paid` paid as credit (yuan). */
  paid_as_credit: string;
}
