import {
  MAX_FREE_QUOTA,
  PRICE_PATTERN,
  UPSTREAM_TIMEOUT_MS,
  takesBody,
  type AdminApi,
  type QuotaPeriod,
  type RequestFormat,
  type RequestMethod,
  type SaveApiBody,
} from '@contracts/apis';
import { STATUS } from '@contracts/envelope';
import { isParameterType, isRequiredFlag, listDescriptions } from '@contracts/list-fields';
import { APIS } from '../i18n/apis';

/** The API editor's form model: what the inputs hold, its checks, and the body it sends. */

export type RequestRow = {
  name: string;
  /** Kept as loaded: 'path' fills `{name}` in the upstream URL. */
  in?: 'path';
  type: string;
  required: boolean;
  /** Chinese, and English: the API page shows the one in its language. */
  description: string;
  description_en: string;
  /** The accepted values, comma-separated as typed ('' for any value). */
  enum?: string;
  default?: string;
  example?: string;
};
export type ResponseRow = {
  name: string;
  type: string;
  description: string;
  description_en: string;
  /** Kept as loaded: the field may be null (the exported schema says so). */
  nullable?: true;
};
/** The code stays text while it is typed. */
export type StatusRow = { code: string; description: string; description_en: string };

export interface ApiForm {
  name: string;
  name_en: string;
  title_en: string;
  description: string;
  description_en: string;
  endpoint: string;
  example_url: string;
  response_format: string;
  request_method: RequestMethod;
  /** How a POST or PUT API takes its body; GET and DELETE keep JSON. */
  request_format: RequestFormat;
  request_params: RequestRow[];
  response_params: ResponseRow[];
  status_codes: StatusRow[];
  php_example: string;
  response_example: string;
  status: boolean;
  is_paid: boolean;
  is_pinned: boolean;
  price_per_call: string;
  /** Free calls per user and period, as typed. */
  free_quota_calls: string;
  free_quota_period: QuotaPeriod;
  handler: string;
  upstream_url: string;
  upstream_timeout_ms: string;
  category_ids: number[];
}

/** Texts shown at the fields they belong to. */
export type ApiFieldErrors = Partial<Record<keyof ApiForm, string>>;

/** What the form's sections get: the values, a setter for one of them, and their fields' errors. */
export interface SectionProps {
  form: ApiForm;
  set: <K extends keyof ApiForm>(key: K, value: ApiForm[K]) => void;
  errors?: ApiFieldErrors;
}

export const EMPTY_API_FORM: ApiForm = {
  name: '',
  name_en: '',
  title_en: '',
  description: '',
  description_en: '',
  endpoint: '',
  example_url: '',
  response_format: 'application/json',
  request_method: 'GET',
  request_format: 'application/json',
  request_params: [],
  response_params: [],
  status_codes: [{ code: '200', description: APIS.editor.okDescription, description_en: 'OK' }],
  php_example: '',
  response_example: '',
  status: true,
  is_paid: false,
  is_pinned: false,
  price_per_call: '0.000',
  free_quota_calls: '0',
  free_quota_period: 'day',
  handler: '',
  upstream_url: '',
  upstream_timeout_ms: String(UPSTREAM_TIMEOUT_MS.default),
  category_ids: [],
};

/**
 * The form for an existing API; list rows in older shapes are read into the editor's, a lone
 * description into the column of its language.
 */
export function apiFormFrom(api: AdminApi): ApiForm {
  return {
    name: api.name,
    name_en: api.name_en,
    title_en: api.title_en ?? '',
    description: api.description,
    description_en: api.description_en,
    endpoint: api.endpoint,
    example_url: api.example_url,
    response_format: api.response_format,
    request_method: api.request_method,
    request_format: api.request_format ?? 'application/json',
    request_params: api.request_params.map((p) => ({
      name: p.name,
      ...(p.in === 'path' && { in: 'path' as const }),
      type: p.type,
      required: isRequiredFlag(p.required),
      ...listDescriptions(p),
      enum: (p.enum ?? []).join(', '),
      default: p.default ?? '',
      example: p.example ?? '',
    })),
    response_params: api.response_params.map((p) => ({
      name: p.name ?? p.key ?? '',
      type: p.type,
      ...listDescriptions(p),
      ...(p.nullable === true && { nullable: true as const }),
    })),
    status_codes: api.status_codes.map((s) => ({
      code: String(s.code),
      ...listDescriptions(s),
    })),
    php_example: api.php_example,
    response_example: api.response_example,
    status: api.status === STATUS.enabled,
    is_paid: api.is_paid === 1,
    is_pinned: api.is_pinned === 1,
    price_per_call: api.price_per_call,
    free_quota_calls: String(api.free_quota_calls ?? 0),
    free_quota_period: api.free_quota_period ?? 'day',
    handler: api.handler ?? '',
    upstream_url: api.upstream_url ?? '',
    upstream_timeout_ms: String(api.upstream_timeout_ms),
    category_ids: api.category_ids ?? [],
  };
}

/** A new English name; a new API's endpoint follows it until the endpoint is edited by hand. */
export function withNameEn(form: ApiForm, nameEn: string, isNew: boolean): ApiForm {
  const following = isNew && (form.endpoint === '' || form.endpoint === `/apis/${form.name_en}`);
  return { ...form, name_en: nameEn, endpoint: following ? `/apis/${nameEn}` : form.endpoint };
}

const CHECKS = APIS.editor.checks;

/** A row's problems by column; a row with nothing typed in says nothing (saving leaves it out). */
export type RowErrors<T> = Partial<Record<keyof T & string, string>>;

export function paramRowErrors(row: RequestRow | ResponseRow): RowErrors<RequestRow> {
  const required = 'required' in row && row.required;
  const described = row.description.trim() || row.description_en.trim();
  if (!row.name.trim() && !described && !required) return {};
  return {
    ...(!row.name.trim() && { name: CHECKS.rowName }),
    ...(!isParameterType(row.type) && { type: CHECKS.rowType }),
  };
}

/** A request row's problems: a file parameter also needs a multipart body (the server's rule). */
export const requestRowErrors =
  (format: RequestFormat) =>
  (row: RequestRow): RowErrors<RequestRow> => {
    const errors = paramRowErrors(row);
    const named = row.name.trim() !== '';
    if (named && row.type === 'file' && format !== 'multipart/form-data' && !errors.type) {
      return { ...errors, type: CHECKS.fileParam };
    }
    return errors;
  };

export function statusRowErrors(row: StatusRow): RowErrors<StatusRow> {
  const code = row.code.trim();
  if (!code && !row.description.trim() && !row.description_en.trim()) return {};
  const valid = /^\d{3}$/.test(code) && Number(code) >= 100 && Number(code) <= 599;
  return valid ? {} : { code: CHECKS.rowCode };
}

function firstRowError<T>(rows: T[], check: (row: T) => Record<string, string | undefined>) {
  for (const row of rows) {
    const text = Object.values(check(row))[0];
    if (text) return text;
  }
  return undefined;
}

/** Each broken SPEC.md §5 rule at its field, in the order the form shows them. */
export function apiFieldErrors(form: ApiForm): ApiFieldErrors {
  const errors: ApiFieldErrors = {};
  for (const key of ['name', 'name_en', 'endpoint'] as const) {
    if (!form[key].trim()) errors[key] = CHECKS.required;
  }
  if (form.is_paid && !PRICE_PATTERN.test(form.price_per_call.trim())) {
    errors.price_per_call = CHECKS.price;
  }
  const quota = form.free_quota_calls.trim();
  if (form.is_paid && !(/^\d+$/.test(quota) && Number(quota) <= MAX_FREE_QUOTA)) {
    errors.free_quota_calls = CHECKS.freeQuota;
  }
  const lists = {
    request_params: firstRowError(form.request_params, requestRowErrors(form.request_format)),
    response_params: firstRowError(form.response_params, paramRowErrors),
    status_codes: firstRowError(form.status_codes, statusRowErrors),
  };
  for (const [key, text] of Object.entries(lists) as [keyof typeof lists, string | undefined][]) {
    if (text) errors[key] = CHECKS.inList(LIST_LABELS[key], text);
  }
  // Only the server knows which handler names exist: here an empty pair is caught.
  if (form.status && !form.handler.trim() && !form.upstream_url.trim()) {
    errors.upstream_url = CHECKS.unserved;
  }
  return errors;
}

const LIST_LABELS = {
  request_params: APIS.editor.lists.requestParams,
  response_params: APIS.editor.lists.responseParams,
  status_codes: APIS.editor.lists.statusCodes,
} as const;

/** A request row as saved: the enum, default and example only when given. */
function paramOut({ enum: values = '', default: fallback = '', example = '', ...row }: RequestRow) {
  const choices = values
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return {
    ...row,
    ...(choices.length > 0 && { enum: choices }),
    ...(fallback.trim() && { default: fallback.trim() }),
    ...(example.trim() && { example: example.trim() }),
  };
}

/** The create_api/update_api body: list fields as JSON text (empty rows left out), 0/1 flags. */
export function toApiBody(form: ApiForm, id?: number): SaveApiBody {
  return {
    ...(id !== undefined && { id }),
    name: form.name.trim(),
    name_en: form.name_en.trim(),
    title_en: form.title_en.trim(),
    description: form.description,
    description_en: form.description_en,
    endpoint: form.endpoint.trim(),
    example_url: form.example_url.trim(),
    response_format: form.response_format.trim(),
    request_method: form.request_method,
    request_format: takesBody(form.request_method) ? form.request_format : 'application/json',
    request_params: JSON.stringify(form.request_params.filter((p) => p.name.trim()).map(paramOut)),
    response_params: JSON.stringify(form.response_params.filter((p) => p.name.trim())),
    status_codes: JSON.stringify(
      form.status_codes
        .filter((s) => s.code.trim())
        .map((s) => ({
          code: Number(s.code),
          description: s.description,
          description_en: s.description_en,
        })),
    ),
    php_example: form.php_example,
    response_example: form.response_example,
    status: form.status ? 1 : 0,
    is_paid: form.is_paid ? 1 : 0,
    is_pinned: form.is_pinned ? 1 : 0,
    price_per_call: threeDecimals(form.price_per_call.trim()),
    free_quota_calls: form.is_paid ? Number(form.free_quota_calls.trim()) || 0 : 0,
    free_quota_period: form.free_quota_period,
    handler: form.handler.trim(),
    upstream_url: form.upstream_url.trim(),
    upstream_timeout_ms: Number(form.upstream_timeout_ms) || UPSTREAM_TIMEOUT_MS.default,
    category_ids: form.category_ids,
  };
}

/**
 * SPEC.md §7 sends the price with 3 decimals ("0.5" → "0.500"); anything else goes as typed, for
 * the server to refuse.
 */
function threeDecimals(price: string): string {
  const match = /^(\d+)(?:\.(\d{0,3}))?$/.exec(price);
  return match ? `${match[1]}.${(match[2] ?? '').padEnd(3, '0')}` : price;
}
