import { randomUUID } from 'node:crypto';
import { intParam, ok } from './params';
import type { BuiltinHandler } from './types';

const uuid: BuiltinHandler = (req) => {
  const count = intParam(req, 'count', { min: 1, max: 100, fallback: 1 });
  return ok({ count, uuids: Array.from({ length: count }, () => randomUUID()) });
};

export const UUID_HANDLERS = { uuid } satisfies Record<string, BuiltinHandler>;
