import { randomInt } from 'node:crypto';
import { intParam, ok } from './params';
import type { BuiltinHandler } from './types';

const dice: BuiltinHandler = (req) => {
  const sides = intParam(req, 'sides', { min: 2, max: 100, fallback: 6 });
  const count = intParam(req, 'count', { min: 1, max: 100, fallback: 1 });
  const rolls = Array.from({ length: count }, () => randomInt(1, sides + 1));
  return ok({ sides, rolls, total: rolls.reduce((sum, roll) => sum + roll, 0) });
};

export const DICE_HANDLERS = { dice } satisfies Record<string, BuiltinHandler>;
