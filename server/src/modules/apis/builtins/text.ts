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

const CASES = [
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

const HAN = /\p{Script=Han}/gu;
const NON_HAN_WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

function countMatches(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

/** Blank lines separate paragraphs; counted line by line to stay linear on any input. */
function countParagraphs(lines: readonly string[]): number {
  let count = 0;
  let inParagraph = false;
  for (const line of lines) {
    const blank = line.trim() === '';
    if (!blank && !inParagraph) count++;
    inParagraph = !blank;
  }
  return count;
}

const textStats: BuiltinHandler = (req) => {
  const text = requiredString(req, 'text', 100_000);
  const han = countMatches(text, HAN);
  const otherWords = countMatches(text.replace(HAN, ' '), NON_HAN_WORD);
  const codePoints = [...text];
  const lines = text.split(/\r\n|\r|\n/);
  return ok({
    characters: codePoints.length,
    characters_no_spaces: codePoints.filter((char) => !/\s/.test(char)).length,
    bytes_utf8: Buffer.byteLength(text, 'utf8'),
    words: han + otherWords,
    cjk_characters: han,
    lines: lines.length,
    paragraphs: countParagraphs(lines),
    sentences: text.split(/[.!?。！？]+/).filter((piece) => /[\p{L}\p{N}]/u.test(piece)).length,
    reading_time_seconds: Math.ceil((otherWords / 200 + han / 300) * 60),
  });
};

/** Edit distance over code points, two rows at a time so memory stays linear. */
function levenshtein(a: readonly string[], b: readonly string[]): number {
  let previous = Uint32Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, substitution);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length];
}

/** Length of the longest common subsequence of lines: the lines a diff keeps unchanged. */
function commonLines(a: readonly string[], b: readonly string[]): number {
  let previous = new Uint32Array(b.length + 1);
  let current = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      current[j] =
        a[i - 1] === b[j - 1] ? previous[j - 1] + 1 : Math.max(previous[j], current[j - 1]);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length];
}

/** Both algorithms are quadratic; 3000 characters keeps one call to a few milliseconds. */
const MAX_DIFF_CHARS = 3000;

const textDiff: BuiltinHandler = (req) => {
  const a = requiredString(req, 'a', MAX_DIFF_CHARS);
  const b = requiredString(req, 'b', MAX_DIFF_CHARS);
  const charsA = [...a];
  const charsB = [...b];
  const distance = levenshtein(charsA, charsB);
  const longest = Math.max(charsA.length, charsB.length);
  const linesA = a.split(/\r\n|\r|\n/);
  const linesB = b.split(/\r\n|\r|\n/);
  const unchanged = commonLines(linesA, linesB);
  return ok({
    identical: a === b,
    distance,
    similarity: Number((1 - distance / longest).toFixed(4)),
    lines: {
      unchanged,
      removed: linesA.length - unchanged,
      added: linesB.length - unchanged,
    },
  });
};

export const TEXT_HANDLERS = {
  slugify: slugifyHandler,
  'case-convert': caseConvert,
  'text-stats': textStats,
  'text-diff': textDiff,
} satisfies Record<string, BuiltinHandler>;
