import {
  boolParam,
  intParam,
  invalidParam,
  isPlainObject,
  ok,
  rawParam,
  requiredString,
} from './params';
import type { BuiltinHandler, BuiltinRequest } from './types';

const MAX_JSON_CHARS = 100_000;
/** Deeper documents would overflow the stack when the response is serialised. */
const MAX_JSON_DEPTH = 100;
/**
 * Indentation grows with depth, so 100 000 characters of nested arrays would format to tens of
 * megabytes; the formatted size is worked out first and refused past this.
 */
const MAX_FORMATTED_CHARS = 400_000;

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isPlainObject(value)) return value;
  // fromEntries defines own properties, so a "__proto__" key survives as data.
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys(value[key])]),
  );
}

/**
 * Refuses a document nested deeper than the response serialiser can take or, given `maxChars`,
 * longer than that once serialised. The walk stops at the first limit passed, so a megabyte body
 * costs no more than an accepted one, and it keeps its own stack because deep nesting is exactly
 * what it looks for.
 */
export function checkDocument(document: unknown, name: string, maxChars = Infinity): void {
  let chars = 0;
  const count = (more: number) => {
    chars += more;
    if (chars > maxChars) {
      throw invalidParam(`parameter '${name}' must be at most ${maxChars} characters long`);
    }
  };
  const containers: object[] = [];
  const depths: number[] = [];
  const visit = (value: unknown, depth: number) => {
    if (typeof value === 'object' && value !== null) {
      containers.push(value);
      depths.push(depth);
    } else {
      count(typeof value === 'string' ? JSON.stringify(value).length : String(value).length);
    }
  };
  visit(document, 1);
  for (let value = containers.pop(); value !== undefined; value = containers.pop()) {
    const depth = depths.pop()!;
    if (depth > MAX_JSON_DEPTH) {
      throw invalidParam(
        `parameter '${name}' holds JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
      );
    }
    if (Array.isArray(value)) {
      // Brackets and commas are counted before the members, so a huge array is refused at once.
      count(1 + Math.max(value.length, 1));
      for (const member of value) visit(member, depth + 1);
    } else {
      const entries = Object.entries(value);
      count(1 + Math.max(entries.length, 1));
      for (const [key, member] of entries) {
        count(JSON.stringify(key).length + 1);
        visit(member, depth + 1);
      }
    }
  }
}

type JsonSource = { text: string } | { document: unknown };

/** The `json` parameter as text or as an already-parsed value, else the whole JSON request body. */
function jsonSource(req: BuiltinRequest): JsonSource {
  const param = rawParam(req, 'json');
  if (typeof param === 'string') {
    return { text: requiredString(req, 'json', MAX_JSON_CHARS) };
  }
  const document = param ?? req.body;
  if (document === undefined) throw invalidParam("parameter 'json' is required");
  checkDocument(document, 'json', MAX_JSON_CHARS);
  return { document };
}

/**
 * What JSON.stringify adds at this indent: a line break and indentation before each member and
 * each closing bracket, and a space after each colon.
 */
function layoutChars(value: unknown, indent: number, depth: number): number {
  if (indent === 0 || typeof value !== 'object' || value === null) return 0;
  const members = Object.values(value);
  if (members.length === 0) return 0;
  const colons = Array.isArray(value) ? 0 : members.length;
  let total = members.length * (1 + indent * (depth + 1)) + 1 + indent * depth + colons;
  for (const member of members) total += layoutChars(member, indent, depth + 1);
  return total;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

const jsonFormat: BuiltinHandler = (req) => {
  const source = jsonSource(req);
  const indent = intParam(req, 'indent', { min: 0, max: 8, fallback: 2 });
  const sort = boolParam(req, 'sort_keys', false);
  let document: unknown;
  if ('text' in source) {
    try {
      document = JSON.parse(source.text);
    } catch (error) {
      return ok({ valid: false, error: error instanceof Error ? error.message : 'invalid JSON' });
    }
    checkDocument(document, 'json');
  } else {
    document = source.document;
  }
  const value = sort ? sortKeys(document) : document;
  const minified = JSON.stringify(value);
  const formattedChars = minified.length + layoutChars(value, indent, 0);
  if (formattedChars > MAX_FORMATTED_CHARS) {
    throw invalidParam(
      `parameter 'json' would take ${formattedChars} characters formatted with indent ${indent}, more than ${MAX_FORMATTED_CHARS}; use a smaller indent`,
    );
  }
  return ok({
    valid: true,
    type: jsonType(value),
    formatted: JSON.stringify(value, null, indent),
    minified,
    size: Buffer.byteLength(minified, 'utf8'),
  });
};

export const JSON_FORMAT_HANDLERS = { 'json-format': jsonFormat } satisfies Record<
  string,
  BuiltinHandler
>;
