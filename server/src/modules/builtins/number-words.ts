import { intParam, ok } from './params';
import type { BuiltinHandler } from './types';

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

export const NUMBER_WORDS_HANDLERS = { 'number-words': numberWords } satisfies Record<
  string,
  BuiltinHandler
>;
