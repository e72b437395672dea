/**
 * An API's three list fields (request_params, response_params, status_codes). Stored as JSON text
 * and answered as arrays; rows written before the server checked them may still use the loose
 * shapes below, so readers accept them.
 */

/** `file`: an upload, in a multipart/form-data body only. */
export const PARAMETER_TYPES = [
  'string',
  'integer',
  'number',
  'boolean',
  'array',
  'object',
  'file',
] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

export const isParameterType = (value: string): value is ParameterType =>
  (PARAMETER_TYPES as readonly string[]).includes(value);

/**
 * A path parameter in an API's upstream URL: `{name}` as one whole path segment
 * (https://api.example.com/pets/{petId}). Its value comes from the call's sub-path
 * (`/apis/<name_en>/<value>`) or from the query parameter of that name.
 */
export const PATH_PARAMETER = /\{([A-Za-z_][A-Za-z0-9_.-]{0,63})\}/;

const PATH_PARAMETERS = new RegExp(PATH_PARAMETER.source, 'g');

/** The `{name}` path parameters of an upstream URL, in order (each name once). */
export function pathParameterNames(upstreamUrl: string | null): string[] {
  if (!upstreamUrl) return [];
  const path = upstreamUrl.replace(/^[a-z]+:\/\/[^/]*/i, '').split(/[?#]/)[0];
  return [...new Set([...path.matchAll(PATH_PARAMETERS)].map((match) => match[1]))];
}

/** An upstream URL whose braces, if any, are path parameters: whole segments of its path. */
export const UPSTREAM_URL_TEMPLATE =
  /^[a-z]+:\/\/[^/{}?#]+(\/([^/{}?#]*|\{[A-Za-z_][A-Za-z0-9_.-]{0,63}\}))*([?#][^{}]*)?$/i;

export interface RequestParam {
  name: string;
  /**
   * 'path': the value fills `{name}` in the upstream URL (sent in the query string or as the
   * sub-path, whatever the method); absent for a query parameter or a JSON body field.
   */
  in?: 'path';
  type: string;
  /** Written as a boolean; older rows say 1, "1" or "true". */
  required: boolean | number | string;
  /**
   * The text as written (Chinese, or any language in a row with no `description_en`); what each
   * language's page shows is listDescriptions'.
   */
  description: string;
  description_en?: string;
  /** The only values the parameter accepts (shown as a select); absent when any value goes. */
  enum?: string[];
  /** The value the API uses when the parameter is left out. */
  default?: string;
  /** A value that makes a working call, prefilled in the try-it console and the examples. */
  example?: string;
}

export interface ResponseParam {
  /** Older rows name the field `key`. */
  name?: string;
  key?: string;
  type: string;
  description: string;
  description_en?: string;
  /** The field is null where the API has nothing to say. */
  nullable?: boolean;
}

export interface StatusCode {
  code: number | string;
  description: string;
  description_en?: string;
}

/** A row's description in each language ('' where it has none). */
export interface ListDescriptions {
  description: string;
  description_en: string;
}

const HAN = /\p{Script=Han}/u;
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * What a list row says in Chinese (`description`) and in English (`description_en`), for pages,
 * documents and the editor's two columns. The row is stored and answered as written (SPEC's calls
 * keep their `description`); a row with one text (written before rows had two, or by a caller
 * that sends one) is read by its script: with Han characters it is the Chinese text, without
 * them the English one.
 */
export function listDescriptions(row: {
  description?: unknown;
  description_en?: unknown;
}): ListDescriptions {
  const text = trimmed(row.description);
  const english = trimmed(row.description_en);
  if (english || text === '' || HAN.test(text))
    return { description: text, description_en: english };
  return { description: '', description_en: text };
}

/** A row with its one text filling the description of its language (listDescriptions). */
export const inItsLanguage = <T extends { description: string }>(row: T) => ({
  ...row,
  ...listDescriptions(row),
});

/**
 * The most a list field may hold as stored JSON, in UTF-8 bytes: the columns are TEXT, 65,535
 * bytes on MySQL, which refuses more (SQLite would keep it), with a margin below that.
 */
export const MAX_LIST_FIELD_BYTES = 60_000;

/** Whether a request parameter's `required` means yes, in any of the spellings it arrives in. */
export const isRequiredFlag = (value: unknown): boolean =>
  value === true || value === 1 || value === '1' || value === 'true';

/** List fields may arrive as JSON text, sometimes encoded more than once: decode up to 5 times. */
export const MAX_LIST_PARSES = 5;

/** The list a field holds; anything that is not a list after MAX_LIST_PARSES decodes is empty. */
export function parseListField<T = unknown>(value: unknown): T[] {
  let current = value;
  for (let i = 0; i < MAX_LIST_PARSES && typeof current === 'string'; i++) {
    try {
      current = JSON.parse(current);
    } catch {
      return [];
    }
  }
  return Array.isArray(current) ? (current as T[]) : [];
}
