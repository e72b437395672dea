import { AppError } from '../../common/app-error';
import type { BuiltinFile, BuiltinRequest, BuiltinResponse } from './types';

/** The one error a built-in raises for bad input. */
export function invalidParam(message: string): AppError {
  return new AppError('gateway.invalid_param', message, 400);
}

/** The success envelope every JSON built-in answers with. */
export function ok(data: unknown): BuiltinResponse {
  return { body: { success: true, message: 'ok', data } };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The raw value of a parameter: the query string wins, then a JSON object body. Own-property checks
 * keep names like `constructor` or `__proto__` from reaching the prototype. Empty values count as
 * absent so `?tz=` behaves like no `tz` at all.
 */
export function rawParam(req: BuiltinRequest, name: string): unknown {
  let value: unknown;
  if (Object.hasOwn(req.query, name)) value = req.query[name];
  else if (isPlainObject(req.body) && Object.hasOwn(req.body, name)) value = req.body[name];
  return value === null || value === '' ? undefined : value;
}

/** With the u flag a surrogate class only matches halves that are not part of a pair. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

export function optionalString(
  req: BuiltinRequest,
  name: string,
  maxLength: number,
): string | undefined {
  const value = rawParam(req, name);
  if (value === undefined) return undefined;
  const text = typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
  if (typeof text !== 'string') throw invalidParam(`parameter '${name}' must be a string`);
  // Length first: refusing a megabyte body must not cost a scan of it.
  if (text.length > maxLength) {
    throw invalidParam(`parameter '${name}' must be at most ${maxLength} characters long`);
  }
  if (LONE_SURROGATE.test(text)) {
    throw invalidParam(
      `parameter '${name}' is not valid Unicode text (it has an unpaired surrogate)`,
    );
  }
  return text;
}

export function requiredString(req: BuiltinRequest, name: string, maxLength: number): string {
  const text = optionalString(req, name, maxLength);
  if (text === undefined) throw invalidParam(`parameter '${name}' is required`);
  return text;
}

export function isBuiltinFile(value: unknown): value is BuiltinFile {
  return isPlainObject(value) && Buffer.isBuffer(value.data) && typeof value.filename === 'string';
}

/** A file part of a multipart body (not the query, which cannot carry one). */
export function requiredFile(req: BuiltinRequest, name: string): BuiltinFile {
  const value =
    isPlainObject(req.body) && Object.hasOwn(req.body, name) ? req.body[name] : undefined;
  if (isBuiltinFile(value)) return value;
  throw invalidParam(
    value === undefined
      ? `parameter '${name}' is required: send it as a file part of a multipart/form-data body`
      : `parameter '${name}' must be a file part, not text`,
  );
}

export interface NumberRange {
  min: number;
  max: number;
  /** Used when the parameter is absent; without one the parameter is required. */
  fallback?: number;
}

const INTEGER_TEXT = /^[+-]?\d{1,16}$/;
const DECIMAL_TEXT = /^[+-]?(?:\d{1,20}(?:\.\d{0,20})?|\.\d{1,20})(?:e[+-]?\d{1,3})?$/i;

export function intParam(req: BuiltinRequest, name: string, range: NumberRange): number {
  return numeric(req, name, range, 'an integer', (value) => {
    if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
    if (typeof value !== 'string' || !INTEGER_TEXT.test(value.trim())) return undefined;
    const parsed = Number(value.trim());
    return Number.isSafeInteger(parsed) ? parsed : undefined;
  });
}

export function numberParam(req: BuiltinRequest, name: string, range: NumberRange): number {
  return numeric(req, name, range, 'a number', (value) => {
    if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
    if (typeof value !== 'string' || !DECIMAL_TEXT.test(value.trim())) return undefined;
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : undefined;
  });
}

function numeric(
  req: BuiltinRequest,
  name: string,
  range: NumberRange,
  kind: string,
  parse: (value: unknown) => number | undefined,
): number {
  const value = rawParam(req, name);
  if (value === undefined) {
    if (range.fallback === undefined) throw invalidParam(`parameter '${name}' is required`);
    return range.fallback;
  }
  const parsed = parse(value);
  if (parsed === undefined || parsed < range.min || parsed > range.max) {
    throw invalidParam(`parameter '${name}' must be ${kind} between ${range.min} and ${range.max}`);
  }
  return parsed;
}

/** One of a fixed set of lower-case words, matched case-insensitively; required without a fallback. */
export function enumParam<T extends string>(
  req: BuiltinRequest,
  name: string,
  values: readonly T[],
  fallback?: T,
): T {
  const value = rawParam(req, name);
  if (value === undefined) {
    if (fallback === undefined) throw invalidParam(`parameter '${name}' is required`);
    return fallback;
  }
  const word = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  const match = values.find((candidate) => candidate === word);
  if (match === undefined) {
    throw invalidParam(`parameter '${name}' must be one of: ${values.join(', ')}`);
  }
  return match;
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off']);

export function boolParam(req: BuiltinRequest, name: string, fallback: boolean): boolean {
  const value = rawParam(req, name);
  if (value === undefined) return fallback;
  if (typeof value === 'boolean') return value;
  const word = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  if (TRUE_WORDS.has(word.trim().toLowerCase())) return true;
  if (FALSE_WORDS.has(word.trim().toLowerCase())) return false;
  throw invalidParam(`parameter '${name}' must be true or false`);
}
