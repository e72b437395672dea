import { createHash } from 'node:crypto';
import { enumParam, ok, requiredString } from './params';
import type { BuiltinHandler } from './types';

const hash: BuiltinHandler = (req) => {
  const text = requiredString(req, 'text', 100_000);
  const algo = enumParam(req, 'algo', ['md5', 'sha1', 'sha256', 'sha512'] as const, 'sha256');
  return ok({ algo, hash: createHash(algo).update(text, 'utf8').digest('hex') });
};

export const HASH_HANDLERS = { hash } satisfies Record<string, BuiltinHandler>;
