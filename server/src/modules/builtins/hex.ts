import { enumParam, invalidParam, ok, requiredString } from './params';
import type { BuiltinHandler } from './types';
import { utf8Text } from './utf8';

const hex: BuiltinHandler = (req) => {
  const action = enumParam(req, 'action', ['encode', 'decode'] as const, 'encode');
  const text = requiredString(req, 'text', 100_000);
  if (action === 'encode') return ok({ action, result: Buffer.from(text, 'utf8').toString('hex') });
  const digits = text.replace(/\s+/g, '').replace(/^0x/i, '');
  if (digits === '' || digits.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(digits)) {
    throw invalidParam("parameter 'text' must be an even number of hexadecimal digits");
  }
  return ok({ action, result: utf8Text(Buffer.from(digits, 'hex'), "parameter 'text'") });
};

export const HEX_HANDLERS = { hex } satisfies Record<string, BuiltinHandler>;
