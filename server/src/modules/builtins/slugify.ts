import { enumParam, ok, requiredString } from './params';
import type { BuiltinHandler } from './types';

/** Letters that do not decompose into a base letter plus accents under NFKD. */
const TRANSLITERATIONS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
  '&': ' and ',
};

function slugify(text: string, separator: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđðþłı&]/g, (char) => TRANSLITERATIONS[char])
    .replace(/[^a-z0-9]+/g, separator)
    .replace(separator === '-' ? /^-+|-+$/g : /^_+|_+$/g, '');
}

const slugifyHandler: BuiltinHandler = (req) => {
  const text = requiredString(req, 'text', 1000);
  const separator = enumParam(req, 'separator', ['-', '_'] as const, '-');
  return ok({ slug: slugify(text, separator) });
};

export const SLUGIFY_HANDLERS = { slugify: slugifyHandler } satisfies Record<
  string,
  BuiltinHandler
>;
