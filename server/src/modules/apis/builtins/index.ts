import { DEVTOOLS_HANDLERS } from './devtools';
import { ENCODING_HANDLERS } from './encoding';
import { FUN_HANDLERS } from './fun';
import { NETWORK_HANDLERS } from './network';
import { NUMBER_HANDLERS } from './numbers';
import { QRCODE_HANDLERS } from './qrcode';
import { RANDOM_HANDLERS } from './random';
import { TEXT_HANDLERS } from './text';
import { TIME_HANDLERS } from './time';
import type { BuiltinHandler } from './types';
import { VALIDATION_HANDLERS } from './validation';

export type { BuiltinHandler, BuiltinRequest, BuiltinResponse } from './types';

const FAMILIES: readonly Record<string, BuiltinHandler>[] = [
  NETWORK_HANDLERS,
  TIME_HANDLERS,
  RANDOM_HANDLERS,
  ENCODING_HANDLERS,
  DEVTOOLS_HANDLERS,
  TEXT_HANDLERS,
  NUMBER_HANDLERS,
  VALIDATION_HANDLERS,
  QRCODE_HANDLERS,
  FUN_HANDLERS,
];

function mergeFamilies(families: readonly Record<string, BuiltinHandler>[]) {
  const merged = Object.create(null) as Record<string, BuiltinHandler>;
  for (const family of families) {
    for (const [name, handler] of Object.entries(family)) {
      // A clash would silently send one API's calls to another implementation.
      if (name in merged) throw new Error(`duplicate built-in handler name: ${name}`);
      merged[name] = handler;
    }
  }
  return Object.freeze(merged);
}

/** Every in-process API implementation, keyed by the name stored in `apis.handler`. */
export const BUILTIN_HANDLERS: Readonly<Record<string, BuiltinHandler>> = mergeFamilies(FAMILIES);
