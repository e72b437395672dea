import { invalidParam, ok, requiredString } from './params';
import type { BuiltinHandler } from './types';

const CN_DIGITS = '零壹贰叁肆伍陆柒捌玖';
const CN_UNITS = ['仟', '佰', '拾', ''];
const CN_GROUPS = ['亿', '万', ''];

/**
 * The integer part as written on Chinese cheques and invoices: one 零 stands for any run of zeros
 * between non-zero digits, and empty 万 groups are skipped (100000001 -> 壹亿零壹).
 */
function integerUpper(digits: string): string {
  const padded = digits.padStart(12, '0');
  let text = '';
  let zeroPending = false;
  for (let group = 0; group < 3; group++) {
    const chunk = padded.slice(group * 4, group * 4 + 4);
    let chunkText = '';
    for (let i = 0; i < 4; i++) {
      const digit = Number(chunk[i]);
      if (digit === 0) {
        zeroPending = zeroPending || text !== '' || chunkText !== '';
        continue;
      }
      if (zeroPending) chunkText += '零';
      zeroPending = false;
      chunkText += CN_DIGITS[digit] + CN_UNITS[i];
    }
    if (chunkText !== '') text += chunkText + CN_GROUPS[group];
  }
  return text;
}

/** Fractions: 角 and 分, with 整 when no 分 follows, as the People's Bank rules allow. */
function rmbUpper(amount: string): string {
  const [integerText, fraction = ''] = amount.split('.');
  const integer = integerUpper(String(Number(integerText)));
  const [jiao, fen] = [Number(fraction[0] ?? 0), Number(fraction[1] ?? 0)];
  if (integer === '' && jiao === 0 && fen === 0) return '零元整';
  let text = integer === '' ? '' : `${integer}元`;
  if (jiao > 0) text += `${CN_DIGITS[jiao]}角`;
  else if (fen > 0 && integer !== '') text += '零';
  if (fen > 0) text += `${CN_DIGITS[fen]}分`;
  else text += '整';
  return text;
}

const rmbUpperHandler: BuiltinHandler = (req) => {
  const amount = requiredString(req, 'amount', 32).trim().replace(/,/g, '');
  if (!/^\d{1,12}(?:\.\d{1,2})?$/.test(amount)) {
    throw invalidParam(
      "parameter 'amount' must be a non-negative amount below one trillion with at most two decimals, e.g. 1234.56",
    );
  }
  const [integerText, fraction = ''] = amount.split('.');
  const normalised = `${Number(integerText)}.${fraction.padEnd(2, '0')}`;
  return ok({ amount: normalised, upper: rmbUpper(normalised) });
};

export const RMB_UPPER_HANDLERS = { 'rmb-upper': rmbUpperHandler } satisfies Record<
  string,
  BuiltinHandler
>;
