import { enumParam, invalidParam, ok, requiredString } from './params';
import type { BuiltinHandler } from './types';

function decodePercent(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw invalidParam("parameter 'text' is not valid percent-encoded UTF-8");
  }
}

const urlencode: BuiltinHandler = (req) => {
  const action = enumParam(req, 'action', ['encode', 'decode'] as const, 'encode');
  const text = requiredString(req, 'text', 100_000);
  return ok({
    action,
    result: action === 'encode' ? encodeURIComponent(text) : decodePercent(text),
  });
};

export const URLENCODE_HANDLERS = { urlencode } satisfies Record<string, BuiltinHandler>;
