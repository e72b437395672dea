import {
  MAX_REFERRAL_CAP,
  MAX_REFERRAL_CREDIT_DAYS,
  MAX_REFERRAL_REWARD_MILLI,
  REFERRAL_SETTINGS_FIELDS,
  type ReferralSettings,
} from '@contracts/referrals';
import { REFERRALS } from '../../i18n/referrals';

/** A setting, named as save_referral_settings.php names it. */
export type Field = (typeof REFERRAL_SETTINGS_FIELDS)[number];

/** The settings as typed: checked here, then sent as the reward's text and the numbers. */
export type SettingsForm = Record<Field, string>;

/** Each field's mistake, shown at its control, whether found here or refused by the server. */
export const FIELD_TEXTS: Record<Field, string> = {
  reward: REFERRALS.fieldErrors.reward(String(MAX_REFERRAL_REWARD_MILLI / 1000)),
  cap: REFERRALS.fieldErrors.cap(MAX_REFERRAL_CAP),
  credit_days: REFERRALS.fieldErrors.credit_days(MAX_REFERRAL_CREDIT_DAYS),
};

export const formOf = (settings: ReferralSettings): SettingsForm => ({
  reward: settings.reward,
  cap: String(settings.cap),
  credit_days: String(settings.credit_days),
});

/** The fields the form can tell wrong before asking the server. */
export function check(form: SettingsForm): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  const reward = form.reward.trim();
  if (!/^\d{1,4}(\.\d{1,3})?$/.test(reward) || +reward * 1000 > MAX_REFERRAL_REWARD_MILLI) {
    errors.reward = FIELD_TEXTS.reward;
  }
  const cap = form.cap.trim();
  if (!/^\d{1,5}$/.test(cap) || +cap > MAX_REFERRAL_CAP) errors.cap = FIELD_TEXTS.cap;
  const days = form.credit_days.trim();
  if (!/^\d{1,4}$/.test(days) || +days > MAX_REFERRAL_CREDIT_DAYS) {
    errors.credit_days = FIELD_TEXTS.credit_days;
  }
  return errors;
}

/** What save_referral_settings.php is sent for a form that passed `check`. */
export const bodyOf = (form: SettingsForm): ReferralSettings => ({
  reward: form.reward.trim(),
  cap: +form.cap.trim(),
  credit_days: +form.credit_days.trim(),
});
