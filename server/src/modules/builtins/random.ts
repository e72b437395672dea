import { randomInt } from 'node:crypto';
import { boolParam, intParam, invalidParam, ok } from './params';
import type { BuiltinHandler } from './types';

const RANDOM_LIMIT = 1_000_000_000;

const randomNumber: BuiltinHandler = (req) => {
  const min = intParam(req, 'min', { min: -RANDOM_LIMIT, max: RANDOM_LIMIT, fallback: 1 });
  const max = intParam(req, 'max', { min: -RANDOM_LIMIT, max: RANDOM_LIMIT, fallback: 100 });
  const count = intParam(req, 'count', { min: 1, max: 100, fallback: 1 });
  const unique = boolParam(req, 'unique', false);
  if (min > max) throw invalidParam("parameter 'min' must not be greater than 'max'");
  if (unique && count > max - min + 1) {
    throw invalidParam(
      `parameter 'count' must be at most ${max - min + 1} for unique numbers between ${min} and ${max}`,
    );
  }
  return ok({ min, max, unique, numbers: drawNumbers(min, max, count, unique) });
};

function drawNumbers(min: number, max: number, count: number, unique: boolean): number[] {
  if (!unique) return Array.from({ length: count }, () => randomInt(min, max + 1));
  const drawn = new Set<number>();
  while (drawn.size < count) drawn.add(randomInt(min, max + 1));
  return [...drawn];
}

export const RANDOM_HANDLERS = { random: randomNumber } satisfies Record<string, BuiltinHandler>;
