/**
 * The one way the site shows money (SPEC: balances as the server's decimal text, prices with three
 * decimals, unit yuan): "¥0.005", "¥12.50". Amounts arrive as text or integer milli-yuan, never as
 * floats.
 */
export const formatYuan = (amount: string) => `¥${amount}`;

/**
 * A price the server writes with three decimals as a person reads a price tag: the third decimal
 * only when it is not 0. "9.900" → "¥9.90", "9.995" → "¥9.995", "0.000" → "¥0.00".
 */
export const formatPrice = (amount: string) =>
  formatYuan(amount.replace(/^(\d+\.\d\d\d*?)0+$/, '$1'));

/**
 * A balance in integer milli-yuan with two decimals, cut (never rounded up, so it never shows money
 * that is not there): 12345 → "¥12.34". "N/A" when unknown (the admin user list, SPEC §2).
 */
export function formatMilliTwoDecimals(milli: number | null | undefined): string {
  if (milli === null || milli === undefined || !Number.isSafeInteger(milli)) return 'N/A';
  const abs = Math.abs(milli);
  const cents = String(Math.floor((abs % 1000) / 10)).padStart(2, '0');
  return formatYuan(`${milli < 0 ? '-' : ''}${Math.floor(abs / 1000)}.${cents}`);
}
