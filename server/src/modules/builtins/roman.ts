import { invalidParam, ok, requiredString } from './params';
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

export const ROMAN_HANDLERS = { roman } satisfies Record<string, BuiltinHandler>;
