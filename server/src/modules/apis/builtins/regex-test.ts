import { RE2JS, RE2JSException } from 're2js';
import { invalidParam, ok, optionalString, requiredString } from './params';
import type { BuiltinHandler } from './types';

const MAX_PATTERN_CHARS = 200;
const MAX_TEXT_CHARS = 10_000;
const MAX_MATCHES = 100;
/**
 * Captures are parts of matches that do not overlap, so their total is at most the text times the
 * groups, which MAX_STEPS keeps under 100 000 characters; clipping each one keeps it smaller still.
 */
const MAX_PART_CHARS = 1000;
/**
 * RE2 compiles `x{100}` into a hundred copies of `x`, at about a microsecond per instruction, so a
 * short pattern can still be slow to compile; its size is estimated and refused beforehand.
 */
const MAX_PROGRAM_SIZE = 500;
/**
 * A search from some position may visit every instruction at every character after it, and a
 * global search starts one after each match. Capping those visits (weighted by the capture slots
 * each one copies) bounds a call to a few milliseconds of CPU without measuring time.
 */
const MAX_STEPS = 250_000;

const SUPPORTED_FLAGS = /^[dgimsuy]*$/;

/**
 * The tokens of a pattern JavaScript has accepted: an escape, a class, a group opening with its
 * `(?…` prefix, a counted quantifier, or one code point. In Unicode mode `\p{…}` and `\u{…}` are
 * one escape; without it their braces are ordinary characters, as JavaScript reads them.
 */
function* tokens(pattern: string, unicode: boolean): Generator<string> {
  for (let start = 0; start < pattern.length;) {
    const end = tokenEnd(pattern, start, unicode);
    yield pattern.slice(start, end);
    start = end;
  }
}

const COUNTED = /\{\d+(?:,\d*)?\}/y;
const GROUP_PREFIX = /\(\?(?:<[=!]|<[^>]*>|[=!:]|[a-z-]*:)/y;
const DECIMAL_ESCAPE = /\\[1-9]\d*/y;

function tokenEnd(pattern: string, start: number, unicode: boolean): number {
  const char = pattern[start];
  if (char === '\\') {
    DECIMAL_ESCAPE.lastIndex = start;
    if (DECIMAL_ESCAPE.test(pattern)) return DECIMAL_ESCAPE.lastIndex;
    const braced = unicode && 'pPu'.includes(pattern[start + 1]) && pattern[start + 2] === '{';
    return braced ? pattern.indexOf('}', start) + 1 : start + 2;
  }
  if (char === '[') {
    let end = start + 1;
    while (pattern[end] !== ']') end += pattern[end] === '\\' ? 2 : 1;
    return end + 1;
  }
  if (char === '{' || char === '(') {
    const shape = char === '{' ? COUNTED : GROUP_PREFIX;
    shape.lastIndex = start;
    if (shape.test(pattern)) return shape.lastIndex;
  }
  return start + (pattern.codePointAt(start)! > 0xffff ? 2 : 1);
}

const isCapture = (token: string) => token === '(' || /^\(\?<[^=!]/.test(token);

/**
 * What JavaScript can express and RE2 cannot. Outside Unicode mode `\1` is a backreference only
 * when that many groups exist and `\k` only when some group is named; otherwise they are the
 * characters JavaScript has always read them as.
 */
function unsupportedFeature(pattern: string, unicode: boolean): string | null {
  const all = [...tokens(pattern, unicode)];
  const captures = all.filter(isCapture).length;
  const named = all.some((token) => token.startsWith('(?<') && isCapture(token));
  for (const token of all) {
    if (/^\(\?[=!]/.test(token)) return 'lookahead';
    if (/^\(\?<[=!]/.test(token)) return 'lookbehind';
    const decimal = /^\\([1-9]\d*)$/.exec(token);
    if (decimal && (unicode || Number(decimal[1]) <= captures)) return 'backreferences';
    if (token === '\\k' && (unicode || named)) return 'backreferences';
  }
  return null;
}

/** Roughly the instructions RE2 compiles the pattern to, counting every copy of a repetition. */
function programSizeEstimate(pattern: string, unicode: boolean): number {
  const enclosing: number[] = [];
  let size = 0;
  let repeatable = 0;
  for (const token of tokens(pattern, unicode)) {
    const counted = /^\{(\d+)(,?)(\d*)\}$/.exec(token);
    if (token.startsWith('(')) {
      enclosing.push(size);
      size = 0;
      repeatable = 0;
    } else if (token === ')') {
      repeatable = size + 2;
      size = enclosing.pop()! + repeatable;
    } else if (counted) {
      const copies = Number(counted[3] || counted[1]) + (counted[2] && !counted[3] ? 1 : 0);
      size += repeatable * (copies - 1) + copies;
      repeatable = 0;
    } else {
      size += 1;
      repeatable = '|*+?^$'.includes(token) ? 0 : 1;
    }
  }
  return size;
}

function compile(pattern: string, flags: string): RE2JS {
  const unicode = flags.includes('u');
  let native: RegExp;
  try {
    native = new RegExp(pattern, flags);
  } catch (error) {
    const reason = (error as Error).message.replace(/^Invalid regular expression: /, '');
    throw invalidParam(`parameter 'pattern' is not a valid regular expression: ${reason}`);
  }
  const feature = unsupportedFeature(pattern, unicode);
  if (feature !== null) throw unsupported(feature);
  const size = programSizeEstimate(pattern, unicode);
  if (size > MAX_PROGRAM_SIZE) {
    throw invalidParam(
      `parameter 'pattern' is too large once its repetitions are expanded (about ${size} instructions, at most ${MAX_PROGRAM_SIZE}); use smaller repetition counts`,
    );
  }
  try {
    return RE2JS.compile(RE2JS.translateRegExp(native));
  } catch (error) {
    if (!(error instanceof RE2JSException)) throw error;
    throw unsupported(error.message.replace(/^error parsing regexp: /, ''));
  }
}

const unsupported = (feature: string) =>
  invalidParam(
    `parameter 'pattern' uses a feature the linear-time regular expression engine does not support (${feature})`,
  );

interface RegexMatch {
  match: string;
  index: number;
  groups: (string | null)[];
  named_groups: Record<string, string | null> | null;
}

/** Steps per character searched: every instruction, each dearer the more groups it carries. */
const searchCost = (re: RE2JS) => re.programSize() * (1 + re.groupCount() / 8);

/** Code units from `index` to the next code point, so an empty match never splits a pair. */
const codePointLength = (text: string, index: number) =>
  (text.codePointAt(index) ?? 0) > 0xffff ? 2 : 1;

/**
 * JavaScript's exec loop over RE2: each search starts where the last match ended, one code point
 * further after an empty match, and with y it must start exactly there.
 */
function search(re: RE2JS, text: string, global: boolean, sticky: boolean) {
  const matcher = re.matcher(text);
  const names = Object.entries(re.namedGroups()).sort(([, a], [, b]) => a - b);
  const stepsPerChar = searchCost(re);
  const matches: RegexMatch[] = [];
  let steps = 0;
  let truncated = false;
  const clip = (part: string | null) => {
    if (part === null) return null;
    const kept = part.length > MAX_PART_CHARS ? part.slice(0, MAX_PART_CHARS) : part;
    if (kept !== part) truncated = true;
    return kept;
  };
  for (let from = 0; from <= text.length;) {
    steps += (text.length - from + 1) * stepsPerChar;
    if (steps > MAX_STEPS) {
      truncated = true;
      break;
    }
    if (!matcher.find(from) || (sticky && matcher.start() !== from)) break;
    if (matches.length === MAX_MATCHES) {
      truncated = true;
      break;
    }
    matches.push({
      match: clip(matcher.group())!,
      index: matcher.start(),
      groups: Array.from({ length: matcher.groupCount() }, (_, i) => clip(matcher.group(i + 1))),
      named_groups:
        names.length === 0
          ? null
          : Object.fromEntries(names.map(([name, group]) => [name, clip(matcher.group(group))])),
    });
    if (!global) break;
    const end = matcher.end();
    from = end > matcher.start() ? end : end + codePointLength(text, end);
  }
  return { matches, truncated };
}

const regexTest: BuiltinHandler = (req) => {
  const pattern = requiredString(req, 'pattern', MAX_PATTERN_CHARS);
  const flags = optionalString(req, 'flags', 8) ?? '';
  const text = requiredString(req, 'text', MAX_TEXT_CHARS);
  if (!SUPPORTED_FLAGS.test(flags) || new Set(flags).size !== flags.length) {
    throw invalidParam("parameter 'flags' may only contain each of d, g, i, m, s, u, y once");
  }
  const re = compile(pattern, flags);
  const longest = Math.floor(MAX_STEPS / searchCost(re)) - 1;
  if (text.length > longest) {
    throw invalidParam(
      `parameter 'text' is too long for this pattern: it may hold at most ${longest} characters (shorten it or simplify the pattern)`,
    );
  }
  const { matches, truncated } = search(re, text, flags.includes('g'), flags.includes('y'));
  return ok({
    pattern,
    flags,
    matched: matches.length > 0,
    count: matches.length,
    matches,
    truncated,
  });
};

export const REGEX_TEST_HANDLERS = { 'regex-test': regexTest } satisfies Record<
  string,
  BuiltinHandler
>;
