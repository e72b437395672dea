import { RE2JS, RE2JSException } from 're2js';
import { invalidParam, ok, optionalString, requiredString } from './params';
import { compileCost, toRe2, unsupportedFeature } from './regex-syntax';
import type { BuiltinHandler } from './types';

const MAX_PATTERN_CHARS = 200;
const MAX_TEXT_CHARS = 10_000;
const MAX_MATCHES = 100;
/**
 * Captures are parts of matches that do not overlap, so their total is at most the text times the
 * groups, which MAX_STEPS keeps under 100 000 characters; clipping each one keeps it smaller still.
 */
const MAX_PART_CHARS = 1000;
/** A few milliseconds of compiling at most: a short pattern can still compile to a large program. */
const MAX_COMPILE_COST = 500;
/**
 * A search from some position may visit every instruction at every character after it, and a
 * global search starts one after each match. Capping those visits (weighted by the capture slots
 * each one copies) bounds a call to a few milliseconds of CPU without measuring time.
 */
const MAX_STEPS = 250_000;

const SUPPORTED_FLAGS = /^[dgimsuy]*$/;

function compile(pattern: string, flags: string): RE2JS {
  const unicode = flags.includes('u');
  // The language is JavaScript's, so its parser decides what is a valid pattern.
  try {
    new RegExp(pattern, flags);
  } catch (error) {
    const reason = (error as Error).message.replace(/^Invalid regular expression: /, '');
    throw invalidParam(`parameter 'pattern' is not a valid regular expression: ${reason}`);
  }
  const feature = unsupportedFeature(pattern, unicode);
  if (feature !== null) throw unsupported(feature);
  const cost = compileCost(pattern, unicode);
  if (cost > MAX_COMPILE_COST) {
    throw invalidParam(
      `parameter 'pattern' is too large to compile: its repetitions and character classes add up to about ${cost} instructions, at most ${MAX_COMPILE_COST}; use smaller repetition counts or fewer classes`,
    );
  }
  try {
    return RE2JS.compile(toRe2(pattern, flags));
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
