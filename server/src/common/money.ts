/** Money lives as integer milli-yuan; these are the only conversions to and from text. */

const DECIMAL = /^(\d{1,12})(?:\.(\d{1,3}))?$/;

/** Parses "12", "0.5" or "9.995" into milli-yuan; null when not a non-negative decimal with ≤3 places. */
export function parseYuan(text: string): number | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
}

/** Balance text: at least two decimals ("0.00", "12.50", "9.995"). */
export function formatBalance(milli: number): string {
  const text = formatMilli(milli);
  return text.endsWith('0') && !text.endsWith('.00') ? text.slice(0, -1) : text;
}

/** Price text: exactly three decimals ("0.005"). */
export function formatPrice(milli: number): string {
  return formatMilli(milli);
}

function formatMilli(milli: number): string {
  const sign = milli < 0 ? '-' : '';
  const abs = Math.abs(milli);
  return `${sign}${Math.floor(abs / 1000)}.${String(abs % 1000).padStart(3, '0')}`;
}
