import { enumParam, ok, requiredString } from './params';
import type { BuiltinHandler } from './types';

/** The styles `to` accepts (also the demo catalogue's enum for it). */
export const CASES = [
  'upper',
  'lower',
  'title',
  'sentence',
  'camel',
  'pascal',
  'snake',
  'kebab',
  'constant',
] as const;
type Case = (typeof CASES)[number];

/** Splits on separators and on case changes: "XMLHttpRequest2 id" -> XML, Http, Request, 2, id. */
const WORD = /\p{Lu}?\p{Ll}+|\p{Lu}+(?!\p{Ll})|\p{N}+|\p{L}+/gu;

function capitalise(word: string): string {
  return word.toLowerCase().replace(/^\p{L}/u, (first) => first.toUpperCase());
}

function convertCase(text: string, to: Case): string {
  const words = () => text.match(WORD) ?? [];
  switch (to) {
    case 'upper':
      return text.toUpperCase();
    case 'lower':
      return text.toLowerCase();
    case 'title':
      return text.replace(/\p{L}[\p{L}\p{N}'’]*/gu, capitalise);
    case 'sentence':
      return text
        .toLowerCase()
        .replace(
          /(^\s*|[.!?。！？]\s*)(\p{L})/gu,
          (_, lead: string, first: string) => lead + first.toUpperCase(),
        );
    case 'camel':
      return words()
        .map((word, i) => (i === 0 ? word.toLowerCase() : capitalise(word)))
        .join('');
    case 'pascal':
      return words().map(capitalise).join('');
    case 'snake':
      return words().join('_').toLowerCase();
    case 'kebab':
      return words().join('-').toLowerCase();
    case 'constant':
      return words().join('_').toUpperCase();
  }
}

const caseConvert: BuiltinHandler = (req) => {
  const text = requiredString(req, 'text', 10_000);
  const to = enumParam(req, 'to', CASES);
  return ok({ to, result: convertCase(text, to) });
};

export const CASE_CONVERT_HANDLERS = { 'case-convert': caseConvert } satisfies Record<
  string,
  BuiltinHandler
>;
