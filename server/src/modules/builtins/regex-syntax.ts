/*
 * JavaScript regular expressions read for RE2. Every function here takes a pattern that
 * `new RegExp(pattern, flags)` has accepted, so classes, groups and escapes are well formed; the
 * reading follows the flags as JavaScript does (without u, legacy escapes such as `\a` or `\12`).
 */

/** One escape, whole: `\x41`, `\u0041`, `\cJ`, a run of digits, or a backslash and one character. */
const LEGACY_ESCAPE = /\\(?:[1-9]\d*|0[0-7]{0,2}|x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|c[A-Za-z]|[^])/uy;
/** In Unicode mode also `\u{…}`, `\p{…}` and `\P{…}`, whose braces are ordinary text otherwise. */
const UNICODE_ESCAPE =
  /\\(?:u\{[0-9a-fA-F]+\}|[pP]\{[^}]*\}|[1-9]\d*|0|x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|c[A-Za-z]|[^])/uy;
const COUNTED = /\{\d+(?:,\d*)?\}/y;
const GROUP_PREFIX = /\(\?(?:<[=!]|<[^>]*>|[=!:]|[a-z-]*:)/y;

function escapeEnd(pattern: string, start: number, unicode: boolean): number {
  const shape = unicode ? UNICODE_ESCAPE : LEGACY_ESCAPE;
  shape.lastIndex = start;
  shape.test(pattern);
  return shape.lastIndex;
}

function tokenEnd(pattern: string, start: number, unicode: boolean): number {
  const char = pattern[start];
  if (char === '\\') return escapeEnd(pattern, start, unicode);
  if (char === '[') {
    let end = start + 1;
    while (pattern[end] !== ']') {
      end = pattern[end] === '\\' ? escapeEnd(pattern, end, unicode) : end + 1;
    }
    return end + 1;
  }
  if (char === '{' || char === '(') {
    const shape = char === '{' ? COUNTED : GROUP_PREFIX;
    shape.lastIndex = start;
    if (shape.test(pattern)) return shape.lastIndex;
  }
  return start + (pattern.codePointAt(start)! > 0xffff ? 2 : 1);
}

/** An escape, a class, a group opening with its `(?…` prefix, a counted quantifier or a character. */
function* tokens(pattern: string, unicode: boolean): Generator<string> {
  for (let start = 0; start < pattern.length;) {
    const end = tokenEnd(pattern, start, unicode);
    yield pattern.slice(start, end);
    start = end;
  }
}

const isCapture = (token: string) => token === '(' || /^\(\?<[^=!]/.test(token);

/**
 * What JavaScript can express and RE2 cannot. Without u, `\1` is a backreference only when that
 * many groups exist and `\k` only when some group is named; otherwise JavaScript reads them as an
 * octal escape and a letter.
 */
export function unsupportedFeature(pattern: string, unicode: boolean): string | null {
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

/**
 * Compiling a class converts its ranges one by one: a few instructions' worth for most, but a
 * Unicode property such as \p{L} has hundreds of ranges, more again with i.
 */
const classCost = (token: string) => (/\\[pP]\{/.test(token) ? 40 : 4);

/**
 * Roughly what RE2 spends compiling the pattern, in instructions: it compiles `x{100}` as a
 * hundred copies of `x`, so every copy counts.
 */
export function compileCost(pattern: string, unicode: boolean): number {
  const enclosing: number[] = [];
  let cost = 0;
  let repeatable = 0;
  for (const token of tokens(pattern, unicode)) {
    const counted = /^\{(\d+)(,?)(\d*)\}$/.exec(token);
    if (token.startsWith('(')) {
      enclosing.push(cost);
      cost = 0;
      repeatable = 0;
    } else if (token === ')') {
      repeatable = cost + 2;
      cost = enclosing.pop()! + repeatable;
    } else if (counted) {
      const copies = Number(counted[3] || counted[1]) + (counted[2] && !counted[3] ? 1 : 0);
      cost += repeatable * (copies - 1) + copies;
      repeatable = 0;
    } else if (token.startsWith('[') || /^\\[sSpP]/.test(token)) {
      repeatable = classCost(token);
      cost += repeatable;
    } else {
      cost += 1;
      repeatable = '|*+?^$'.includes(token) ? 0 : 1;
    }
  }
  return cost;
}

/** JavaScript's whitespace and line terminators, where RE2's `\s` has only ASCII ones. */
const SPACE = '\\t\\n\\v\\f\\r\\x{2028}\\x{2029}\\x{feff}\\p{Zs}';
/** JavaScript's `.` without s stops at every line terminator, RE2's only at \n. */
const DOT = '[^\\n\\r\\x{2028}\\x{2029}]';
const ASCII_PUNCTUATION = /^[!-/:-@[-`{-~ ]$/;

const codePoint = (value: number) => `\\x{${value.toString(16)}}`;

/**
 * A decimal escape that is not a backreference (legacy, without u): up to three octal digits worth
 * at most 255, then the remaining digits as themselves; `\8` and `\9` are just the digits.
 */
function legacyOctal(digits: string): string {
  const octal = /^(?:[0-3][0-7]{0,2}|[4-7][0-7]?)/.exec(digits)?.[0] ?? '';
  return (octal === '' ? '' : codePoint(Number.parseInt(octal, 8))) + digits.slice(octal.length);
}

/** An escape as RE2 must read it to match what JavaScript matches. */
function escapeToRe2(token: string, inClass: boolean): string {
  const body = token.slice(1);
  if (body === 's') return inClass ? SPACE : `[${SPACE}]`;
  // Inside a class RE2 can only take its own \S, which differs from JavaScript's on a few spaces.
  if (body === 'S') return inClass ? '\\S' : `[^${SPACE}]`;
  if (body === 'b') return inClass ? '\\x{8}' : '\\b';
  if (/^[dDwWtnvfr]$/.test(body) || (!inClass && body === 'B')) return token;
  if (/^c[A-Za-z]$/.test(body)) return codePoint(body.charCodeAt(1) % 32);
  const hex = /^[xu]\{?([0-9a-fA-F]+)\}?$/.exec(body);
  if (hex) return codePoint(parseInt(hex[1], 16));
  if (/^[pP]\{/.test(body)) return token;
  if (/^\d/.test(body)) return legacyOctal(body);
  // Without u JavaScript reads `\c` alone as a backslash and a c.
  if (body === 'c') return '\\\\c';
  return ASCII_PUNCTUATION.test(body) ? token : body;
}

function classToRe2(token: string, unicode: boolean): string {
  const negated = token[1] === '^';
  const members = token.slice(negated ? 2 : 1, -1);
  if (members === '') return negated ? '[\\x{0}-\\x{10ffff}]' : '[^\\x{0}-\\x{10ffff}]';
  let out = '';
  for (let at = 0; at < members.length;) {
    const end =
      members[at] === '\\'
        ? escapeEnd(members, at, unicode)
        : at + (members.codePointAt(at)! > 0xffff ? 2 : 1);
    const member = members.slice(at, end);
    out += member.startsWith('\\') ? escapeToRe2(member, true) : member === '[' ? '\\[' : member;
    at = end;
  }
  return `[${negated ? '^' : ''}${out}]`;
}

/** The pattern in RE2's syntax with JavaScript's meaning, flags i, m and s included. */
export function toRe2(pattern: string, flags: string): string {
  const unicode = flags.includes('u');
  const dotAll = flags.includes('s');
  const inline = [...'ims'].filter((flag) => flags.includes(flag)).join('');
  let out = inline === '' ? '' : `(?${inline})`;
  for (const token of tokens(pattern, unicode)) {
    if (token.startsWith('\\')) out += escapeToRe2(token, false);
    else if (token.startsWith('[')) out += classToRe2(token, unicode);
    else if (token.startsWith('(?<') && isCapture(token)) out += `(?P${token.slice(2)}`;
    else if (token === '.' && !dotAll) out += DOT;
    else out += token;
  }
  return out;
}
