import { PRICE_PATTERN } from '../contracts/apis';

export { formatBalance, formatPrice } from '../contracts/money';

/** Money lives as integer milli-yuan; these are the only conversions to and from text. */

/**
 * The most a balance may hold: 10^15 milli-yuan, 10^12 yuan. Every credit (recharge, admin
 * adjustment, refund) is refused past it, in the same conditional UPDATE that applies it. It keeps
 * balances far inside the integers a JS number holds exactly (2^53, about 9 × 10^15), which matters
 * because better-sqlite3 reads and binds numbers as doubles.
 */
export const MAX_BALANCE_MILLI = 1_000_000_000_000_000;

/** Parses "12", "0.5" or "9.995" into milli-yuan; null when not a non-negative decimal with ≤3 places. */
export function parseYuan(text: string): number | null {
  const trimmed = text.trim();
  if (!PRICE_PATTERN.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split('.');
  return Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
}

const SIGNED_DECIMAL = /^([+-]?)(\d{1,12}(?:\.\d{1,3})?)$/;

/** Parses "-1.5", "+2" or "3.25" into signed milli-yuan; null when not a decimal with ≤3 places. */
export function parseSignedYuan(text: string): number | null {
  const match = SIGNED_DECIMAL.exec(text.trim());
  if (!match) return null;
  const milli = parseYuan(match[2]);
  return milli === null ? null : match[1] === '-' ? -milli : milli;
}

const FACTOR = /^(\d{1,6})(?:\.(\d{1,6}))?$/;

/**
 * Multiplies non-negative milli-yuan by a decimal factor given as text ("1", "0.8", "12.5"),
 * rounding down to whole milli-yuan; integer arithmetic only. Null when the factor is not a decimal.
 */
export function scaleMilli(milli: number, factor: string): number | null {
  const match = FACTOR.exec(factor.trim());
  if (!match || milli < 0) return null;
  const fraction = match[2] ?? '';
  const scaled = (BigInt(milli) * BigInt(match[1] + fraction)) / 10n ** BigInt(fraction.length);
  return Number(scaled);
}
