import { badRequest } from '../../../common/app-error';
import {
  isParameterType,
  isRequiredFlag,
  MAX_LIST_PARSES,
  PARAMETER_TYPES,
  type RequestParam,
} from '../../../contracts/list-fields';

type Row = Record<string, unknown>;

/** Decodes a list field sent as JSON text (possibly encoded more than once) or as an array. */
function decode(value: unknown, message: string): Row[] {
  let current = value;
  for (let i = 0; i < MAX_LIST_PARSES && typeof current === 'string'; i++) {
    if (current.trim() === '') return [];
    try {
      current = JSON.parse(current);
    } catch {
      throw badRequest('apis.invalid_list_field', message);
    }
  }
  if (current === undefined || current === null) return [];
  if (!Array.isArray(current)) throw badRequest('apis.invalid_list_field', message);
  for (const item of current) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw badRequest('apis.invalid_list_field', message);
    }
  }
  return current as Row[];
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : undefined);

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
      throw badRequest('apis.invalid_list_field', 'a parameter enum must be a list of values');
    }
    hints.enum = values as string[];
  }
  const fallback = scalar(row.default);
  if (fallback !== undefined) hints.default = fallback;
  const example = scalar(row.example);
  if (example !== undefined) hints.example = example;
  return hints;
}

/** request_params → [{ name, type, required, description[, enum, default, example] }]. */
export function normalizeRequestParams(value: unknown): string {
  const message = 'request parameters must be a JSON list of {name, type, required, description}';
  const rows = decode(value, message).map((row) => {
    const name = text(row.name);
    const type = text(row.type) ?? 'string';
    if (!name) throw badRequest('apis.invalid_list_field', 'every request parameter needs a name');
    if (!isParameterType(type)) {
      throw badRequest(
        'apis.invalid_list_field',
        `parameter type must be one of ${PARAMETER_TYPES.join(', ')}`,
      );
    }
    if (row.in !== undefined && row.in !== null && row.in !== '' && row.in !== 'path') {
      throw badRequest(
        'apis.invalid_list_field',
        'a parameter is in the query or body, or in: "path"',
      );
    }
    return {
      name,
      ...(row.in === 'path' && { in: 'path' as const }),
      type,
      required: isRequiredFlag(row.required),
      description: text(row.description) ?? '',
      ...paramHints(row),
    };
  });
  return JSON.stringify(rows);
}

/** response_params → [{ name, type, description }] (an item may say key instead of name). */
export function normalizeResponseParams(value: unknown): string {
  const message = 'response parameters must be a JSON list of {name, type, description}';
  const rows = decode(value, message).map((row) => {
    const name = text(row.name) ?? text(row.key);
    if (!name) throw badRequest('apis.invalid_list_field', 'every response parameter needs a name');
    return { name, type: text(row.type) ?? '', description: text(row.description) ?? '' };
  });
  return JSON.stringify(rows);
}

/** status_codes → [{ code, description }] with a numeric code. */
export function normalizeStatusCodes(value: unknown): string {
  const message = 'status codes must be a JSON list of {code, description}';
  const rows = decode(value, message).map((row) => {
    const code =
      typeof row.code === 'string' && row.code.trim() !== '' ? Number(row.code) : row.code;
    if (typeof code !== 'number' || !Number.isInteger(code) || code < 0 || code > 99999) {
      throw badRequest('apis.invalid_list_field', 'every status code must be a number');
    }
    return { code, description: text(row.description) ?? '' };
  });
  return JSON.stringify(rows);
}
