/**
 * Money as text, one way on both ends: the server writes balances and prices with these, and
 * the client formats the milli-yuan it is given raw (the audit log's `*_milli` fields) with them.
 */

/** Balance text: at least two decimals ("0.00", "12.50", "9.995"). */
export function formatBalance(milli: number): string {
  const text = formatPrice(milli);
  return text.endsWith('0') && !text.endsWith('.00') ? text.slice(0, -1) : text;
}

/** Price text: exactly three decimals ("0.005"). */
export function formatPrice(milli: number): string {
  const sign = milli < 0 ? '-' : '';
  const abs = Math.abs(milli);
  return `${sign}${Math.floor(abs / 1000)}.${String(abs % 1000).padStart(3, '0')}`;
}
