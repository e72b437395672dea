import { randomInt } from 'node:crypto';
import { boolParam, intParam, ok } from './params';
import { pick } from './pick';
import type { BuiltinHandler } from './types';

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/** Look-alikes (l, I, O, 0, 1) are left out so passwords survive being read aloud or retyped. */
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!@#$%^&*()-_=+[]{};:,.?';

const password: BuiltinHandler = (req) => {
  const length = intParam(req, 'length', { min: 6, max: 128, fallback: 16 });
  const count = intParam(req, 'count', { min: 1, max: 20, fallback: 1 });
  const symbols = boolParam(req, 'symbols', true);
  const classes = symbols ? [LOWER, UPPER, DIGITS, SYMBOLS] : [LOWER, UPPER, DIGITS];
  return ok({
    length,
    symbols,
    passwords: Array.from({ length: count }, () => makePassword(length, classes)),
  });
};

/** One character from every class first, so each password really contains them all. */
function makePassword(length: number, classes: readonly string[]): string {
  const alphabet = classes.join('');
  const chars = classes.map((set) => pick([...set]));
  while (chars.length < length) chars.push(alphabet[randomInt(alphabet.length)]);
  return shuffle(chars).join('');
}

export const PASSWORD_HANDLERS = { password } satisfies Record<string, BuiltinHandler>;
