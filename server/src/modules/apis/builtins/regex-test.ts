import { Script, createContext } from 'node:vm';
import { invalidParam, ok, optionalString, requiredString } from './params';
import type { BuiltinHandler } from './types';

const MAX_MATCHES = 100;
/** Long captures are clipped and the total is capped, so a 10 kB input cannot become megabytes. */
const MAX_PART_CHARS = 1000;
const MAX_CAPTURED_CHARS = 100_000;
const REGEX_TIMEOUT_MS = 100;

/**
 * Matching runs in a separate V8 context with a time limit: a catastrophic-backtracking pattern is
 * interrupted instead of freezing the event loop. Inputs are passed as data, never as code.
 */
const REGEX_SCRIPT = new Script(`(() => {
  const global = flags.includes('g');
  const unicode = flags.includes('u');
  const re = new RegExp(pattern, global ? flags : flags + 'g');
  const matches = [];
  let budget = ${MAX_CAPTURED_CHARS};
  let truncated = false;
  const clip = (part) => {
    if (part === undefined) return null;
    const kept = part.length > ${MAX_PART_CHARS} ? part.slice(0, ${MAX_PART_CHARS}) : part;
    if (kept !== part) truncated = true;
    budget -= kept.length;
    return kept;
  };
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (matches.length === ${MAX_MATCHES} || budget < 0) { truncated = true; break; }
    matches.push({
      match: clip(m[0]),
      index: m.index,
      groups: m.slice(1).map(clip),
      named_groups: m.groups
        ? Object.fromEntries(Object.entries(m.groups).map(([name, part]) => [name, clip(part)]))
        : null,
    });
    if (!global) break;
    if (m[0] === '') re.lastIndex += unicode && text.codePointAt(re.lastIndex) > 0xffff ? 2 : 1;
  }
  return JSON.stringify({ matches, truncated });
})()`);
const regexContext = createContext({});

interface RegexMatch {
  match: string;
  index: number;
  groups: (string | null)[];
  named_groups: Record<string, string | null> | null;
}

interface RegexRun {
  matches: RegexMatch[];
  truncated: boolean;
}

function runRegex(pattern: string, flags: string, text: string): RegexRun {
  Object.assign(regexContext, { pattern, flags, text });
  try {
    return JSON.parse(
      REGEX_SCRIPT.runInContext(regexContext, { timeout: REGEX_TIMEOUT_MS }) as string,
    ) as RegexRun;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
      throw invalidParam(
        `parameter 'pattern' took longer than ${REGEX_TIMEOUT_MS} ms on this text (catastrophic backtracking?)`,
      );
    }
    throw error;
  } finally {
    Object.assign(regexContext, { pattern: '', flags: '', text: '' });
  }
}

const regexTest: BuiltinHandler = (req) => {
  const pattern = requiredString(req, 'pattern', 200);
  const flags = optionalString(req, 'flags', 8) ?? '';
  const text = requiredString(req, 'text', 10_000);
  if (!/^[dgimsuy]*$/.test(flags) || new Set(flags).size !== flags.length) {
    throw invalidParam("parameter 'flags' may only contain each of d, g, i, m, s, u, y once");
  }
  try {
    new RegExp(pattern, flags);
  } catch (error) {
    const reason = (error as Error).message.replace(/^Invalid regular expression: /, '');
    throw invalidParam(`parameter 'pattern' is not a valid regular expression: ${reason}`);
  }
  const run = runRegex(pattern, flags, text);
  return ok({
    pattern,
    flags,
    matched: run.matches.length > 0,
    count: run.matches.length,
    matches: run.matches,
    truncated: run.truncated,
  });
};

export const REGEX_TEST_HANDLERS = { 'regex-test': regexTest } satisfies Record<
  string,
  BuiltinHandler
>;
