import { ok, requiredString } from './params';
import type { BuiltinHandler } from './types';

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

export const TEXT_DIFF_HANDLERS = { 'text-diff': textDiff } satisfies Record<
  string,
  BuiltinHandler
>;
