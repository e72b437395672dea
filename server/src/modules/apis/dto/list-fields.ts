import { badRequest } from '../../../common/app-error';
import {
  isParameterType,
  isRequiredFlag,
  MAX_LIST_FIELD_BYTES,
  MAX_LIST_PARSES,
  PARAMETER_TYPES,
  type RequestParam,
} from '../../../contracts/list-fields';

type Row = Record<string, unknown>;
type ListField = 'request_params' | 'response_params' | 'status_codes';

/** A refusal of one list field, named so the editor marks that list. */
const refuse = (field: ListField, message: string) =>
  badRequest('apis.invalid_list_field', message, field);

/** The rows as stored: JSON text that fits the list's column. */
function stored(rows: unknown[], field: ListField): string {
  const json = JSON.stringify(rows);
  if (Buffer.byteLength(json) > MAX_LIST_FIELD_BYTES) {
    throw badRequest(
      'apis.list_too_long',
      `${field} is too long: at most ${MAX_LIST_FIELD_BYTES} bytes as JSON`,
      field,
    );
  }
  return json;
}

/** Decodes a list field sent as JSON text (possibly encoded more than once) or as an array. */
function decode(value: unknown, field: ListField, message: string): Row[] {
  let current = value;
  for (let i = 0; i < MAX_LIST_PARSES && typeof current === 'string'; i++) {
    if (current.trim() === '') return [];
    try {
      current = JSON.parse(current);
    } catch {
      throw refuse(field, message);
    }
  }
  if (current === undefined || current === null) return [];
  if (!Array.isArray(current)) throw refuse(field, message);
  for (const item of current) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw refuse(field, message);
    }
  }
  return current as Row[];
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : undefined);

/** A row's two descriptions as written, trimmed ('' for one it does not have). */
const descriptions = (row: Row) => ({
  description: text(row.description) ?? '',
  description_en: text(row.description_en) ?? '',
});

/** A scalar written as text ("8", "true"); anything else is absent. */
const scalar = (value: unknown) =>
  typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : text(value) || undefined;

/** The optional enum, default and example of a request parameter, kept only when well formed. */
function paramHints(row: Row): Pick<RequestParam, 'enum' | 'default' | 'example'> {
  const hints: Pick<RequestParam, 'enum' | 'default' | 'example'> = {};
  if (row.enum !== undefined && row.enum !== null) {
    const values = Array.isArray(row.enum) ? row.enum.map(scalar) : [];
    if (values.length === 0 || values.some((v) => v === undefined)) {
      throw refuse('request_params', 'a parameter enum must be a list of values');
    }
    hints.enum = values as string[];
  }
  const fallback = scalar(row.default);
  if (fallback !== undefined) hints.default = fallback;
  const example = scalar(row.example);
  if (example !== undefined) hints.example = example;
  return hints;
}

/**
 * request_params → [{ name, type, required, description, description_en[, enum, default, example] }].
 * The descriptions are kept as written ('' when absent); listDescriptions reads them per language.
 */
export function normalizeRequestParams(value: unknown): string {
  const message = 'request parameters must be a JSON list of {name, type, required, description}';
  const rows = decode(value, 'request_params', message).map((row) => {
    const name = text(row.name);
    const type = text(row.type) ?? 'string';
    if (!name) throw refuse('request_params', 'every request parameter needs a name');
    if (!isParameterType(type)) {
      throw refuse('request_params', `parameter type must be one of ${PARAMETER_TYPES.join(', ')}`);
    }
    if (row.in !== undefined && row.in !== null && row.in !== '' && row.in !== 'path') {
      throw refuse('request_params', 'a parameter is in the query or body, or in: "path"');
    }
    return {
      name,
      ...(row.in === 'path' && { in: 'path' as const }),
      type,
      required: isRequiredFlag(row.required),
      ...descriptions(row),
      ...paramHints(row),
    };
  });
  return stored(rows, 'request_params');
}

/**
 * response_params → [{ name, type, description, description_en[, nullable] }] (an item may say key
 * instead of name).
 */
export function normalizeResponseParams(value: unknown): string {
  const message = 'response parameters must be a JSON list of {name, type, description}';
  const rows = decode(value, 'response_params', message).map((row) => {
    const name = text(row.name) ?? text(row.key);
    if (!name) throw refuse('response_params', 'every response parameter needs a name');
    return {
      name,
      type: text(row.type) ?? '',
      ...descriptions(row),
      ...(row.nullable === true && { nullable: true }),
    };
  });
  return stored(rows, 'response_params');
}

/** status_codes → [{ code, description, description_en }] with a numeric code. */
export function normalizeStatusCodes(value: unknown): string {
  const message = 'status codes must be a JSON list of {code, description}';
  const rows = decode(value, 'status_codes', message).map((row) => {
    const code =
      typeof row.code === 'string' && row.code.trim() !== '' ? Number(row.code) : row.code;
    if (typeof code !== 'number' || !Number.isInteger(code) || code < 0 || code > 99999) {
      throw refuse('status_codes', 'every status code must be a number');
    }
    return { code, ...descriptions(row) };
  });
  return stored(rows, 'status_codes');
}
