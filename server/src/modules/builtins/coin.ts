import { intParam, ok } from './params';
import { pick } from './pick';
import type { BuiltinHandler } from './types';

const coin: BuiltinHandler = (req) => {
  const count = intParam(req, 'count', { min: 1, max: 100, fallback: 1 });
  const flips = Array.from({ length: count }, () => pick(['heads', 'tails'] as const));
  const heads = flips.filter((flip) => flip === 'heads').length;
  return ok({ flips, heads, tails: count - heads });
};

export const COIN_HANDLERS = { coin } satisfies Record<string, BuiltinHandler>;
