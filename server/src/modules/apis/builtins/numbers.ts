import { enumParam, intParam, invalidParam, numberParam, ok, requiredString } from './params';
import type { BuiltinHandler } from './types';

const ROMAN_DIGITS: readonly [number, string][] = [
  [1000, 'M'],
  [900, 'CM'],
  [500, 'D'],
  [400, 'CD'],
  [100, 'C'],
  [90, 'XC'],
  [50, 'L'],
  [40, 'XL'],
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];
/** Only the canonical spelling: IIII, VX or MCMC are rejected rather than guessed at. */
const CANONICAL_ROMAN = /^M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})$/;

function toRoman(value: number): string {
  let rest = value;
  let text = '';
  for (const [amount, letters] of ROMAN_DIGITS) {
    for (; rest >= amount; rest -= amount) text += letters;
  }
  return text;
}

function fromRoman(text: string): number {
  let value = 0;
  let rest = text;
  for (const [amount, letters] of ROMAN_DIGITS) {
    while (rest.startsWith(letters)) {
      value += amount;
      rest = rest.slice(letters.length);
    }
  }
  return value;
}

const roman: BuiltinHandler = (req) => {
  const input = requiredString(req, 'value', 20).trim();
  if (/^\d+$/.test(input)) {
    const arabic = Number(input);
    if (arabic < 1 || arabic > 3999) {
      throw invalidParam(
        "parameter 'value' must be between 1 and 3999 to be written in Roman numerals",
      );
    }
    return ok({ arabic, roman: toRoman(arabic) });
  }
  const upper = input.toUpperCase();
  if (upper === '' || !CANONICAL_ROMAN.test(upper)) {
    throw invalidParam(
      "parameter 'value' must be a number from 1 to 3999 or a Roman numeral such as MMXXV",
    );
  }
  return ok({ arabic: fromRoman(upper), roman: upper });
};

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES = ['', 'thousand', 'million', 'billion', 'trillion'];
const MAX_WORDS_NUMBER = 999_999_999_999_999;

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const words: string[] = [];
  if (hundreds > 0) words.push(`${ONES[hundreds]} hundred`);
  if (rest >= 20)
    words.push(TENS[Math.floor(rest / 10)] + (rest % 10 ? `-${ONES[rest % 10]}` : ''));
  else if (rest > 0) words.push(ONES[rest]);
  return words.join(' ');
}

function numberToWords(n: number): string {
  if (n === 0) return 'zero';
  if (n < 0) return `minus ${numberToWords(-n)}`;
  const groups: string[] = [];
  for (let rest = n, scale = 0; rest > 0; rest = Math.floor(rest / 1000), scale++) {
    const group = rest % 1000;
    if (group > 0)
      groups.unshift(`${belowThousand(group)}${SCALES[scale] ? ` ${SCALES[scale]}` : ''}`);
  }
  return groups.join(' ');
}

const numberWords: BuiltinHandler = (req) => {
  const number = intParam(req, 'number', { min: -MAX_WORDS_NUMBER, max: MAX_WORDS_NUMBER });
  return ok({ number, words: numberToWords(number) });
};

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

type Category = 'length' | 'weight' | 'temperature';

/** Factors to the base unit of each category (metre, kilogram); Chinese market units included. */
const LINEAR_UNITS: Record<string, [Category, number]> = {
  mm: ['length', 0.001],
  cm: ['length', 0.01],
  m: ['length', 1],
  km: ['length', 1000],
  in: ['length', 0.0254],
  ft: ['length', 0.3048],
  yd: ['length', 0.9144],
  mi: ['length', 1609.344],
  nmi: ['length', 1852],
  cun: ['length', 1 / 30],
  chi: ['length', 1 / 3],
  zhang: ['length', 10 / 3],
  li: ['length', 500],
  mg: ['weight', 0.000001],
  g: ['weight', 0.001],
  kg: ['weight', 1],
  t: ['weight', 1000],
  oz: ['weight', 0.028349523125],
  lb: ['weight', 0.45359237],
  st: ['weight', 6.35029318],
  liang: ['weight', 0.05],
  jin: ['weight', 0.5],
};
const TEMPERATURE_UNITS = ['c', 'f', 'k'] as const;
type TemperatureUnit = (typeof TEMPERATURE_UNITS)[number];
const UNITS = [...Object.keys(LINEAR_UNITS), ...TEMPERATURE_UNITS];

function categoryOf(unit: string): Category {
  return Object.hasOwn(LINEAR_UNITS, unit) ? LINEAR_UNITS[unit][0] : 'temperature';
}

function toKelvin(value: number, unit: TemperatureUnit): number {
  if (unit === 'c') return value + 273.15;
  if (unit === 'f') return ((value - 32) * 5) / 9 + 273.15;
  return value;
}

function fromKelvin(kelvin: number, unit: TemperatureUnit): number {
  if (unit === 'c') return kelvin - 273.15;
  if (unit === 'f') return ((kelvin - 273.15) * 9) / 5 + 32;
  return kelvin;
}

const isTemperature = (unit: string): unit is TemperatureUnit =>
  (TEMPERATURE_UNITS as readonly string[]).includes(unit);

const unitConvert: BuiltinHandler = (req) => {
  const value = numberParam(req, 'value', { min: -1e15, max: 1e15 });
  const from = enumParam(req, 'from', UNITS);
  const to = enumParam(req, 'to', UNITS);
  const category = categoryOf(from);
  if (categoryOf(to) !== category) {
    throw invalidParam(
      `parameter 'to' must be a ${category} unit like '${from}', but '${to}' measures ${categoryOf(to)}`,
    );
  }
  let result: number;
  if (isTemperature(from) && isTemperature(to)) {
    const kelvin = toKelvin(value, from);
    if (kelvin < 0) throw invalidParam("parameter 'value' is below absolute zero");
    result = fromKelvin(kelvin, to);
  } else {
    result = (value * LINEAR_UNITS[from][1]) / LINEAR_UNITS[to][1];
  }
  return ok({ category, value, from, to, result: Number(result.toPrecision(12)) });
};

/** Trial division by 2, 3 and then 6k ± 1: at most about 330 000 steps for numbers up to 10^12. */
function primeFactors(n: number): number[] {
  const factors: number[] = [];
  let rest = n;
  for (const p of [2, 3]) {
    for (; rest % p === 0; rest /= p) factors.push(p);
  }
  for (let k = 5; k * k <= rest; k += 6) {
    for (const p of [k, k + 2]) {
      for (; rest % p === 0; rest /= p) factors.push(p);
    }
  }
  if (rest > 1) factors.push(rest);
  return factors;
}

function factorization(factors: readonly number[]): string {
  const counts = new Map<number, number>();
  for (const p of factors) counts.set(p, (counts.get(p) ?? 0) + 1);
  return [...counts].map(([p, count]) => (count > 1 ? `${p}^${count}` : String(p))).join(' × ');
}

const prime: BuiltinHandler = (req) => {
  const number = intParam(req, 'number', { min: 1, max: 1_000_000_000_000 });
  const factors = number === 1 ? [] : primeFactors(number);
  return ok({
    number,
    is_prime: factors.length === 1,
    factors,
    factorization: factors.length === 0 ? '1' : factorization(factors),
  });
};

export const NUMBER_HANDLERS = {
  roman,
  'number-words': numberWords,
  'rmb-upper': rmbUpperHandler,
  'unit-convert': unitConvert,
  prime,
} satisfies Record<string, BuiltinHandler>;
