/**
 * One formatter for every count: `Number#toLocaleString(locale)` builds a new Intl formatter on
 * each call, which for home's cards (then 148 of them) was a tenth of its hydration on a phone.
 */
const COUNT = new Intl.NumberFormat('en-US');

/** A count with thousands separators (1,234,567), the same in both page languages. */
export const formatCount = (n: number) => COUNT.format(n);
