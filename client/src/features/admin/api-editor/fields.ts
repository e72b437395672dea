import { SAVE_API_FIELDS, type SaveApiField } from '@contracts/apis';
import { errorCode, refusedField } from '../../../lib/api';
import { APIS } from '../i18n/apis';
import { ZH_ERRORS } from '../i18n/zh';
import { invalidMarks } from '../../../components/ui/invalidMarks';

const TEXTS = APIS.editor.fieldErrors;

/**
 * What the server's `request.validation` of each of the editor's fields means, in the admin's
 * words (each text names its field: the error summary lists the texts alone).
 */
export const API_FIELD_ERRORS: Record<SaveApiField, string> = {
  name: TEXTS.name,
  name_en: TEXTS.nameEn,
  title_en: TEXTS.titleEn,
  endpoint: TEXTS.endpoint,
  example_url: TEXTS.exampleUrl,
  response_format: TEXTS.responseFormat,
  request_method: TEXTS.requestMethod,
  request_format: TEXTS.requestFormat,
  description: TEXTS.description,
  description_en: TEXTS.descriptionEn,
  status: TEXTS.status,
  is_pinned: TEXTS.isPinned,
  is_paid: TEXTS.isPaid,
  price_per_call: APIS.editor.checks.price,
  free_quota_calls: APIS.editor.checks.freeQuota,
  free_quota_period: TEXTS.freeQuotaPeriod,
  category_ids: TEXTS.categoryIds,
  request_params: TEXTS.requestParams,
  response_params: TEXTS.responseParams,
  status_codes: TEXTS.statusCodes,
  php_example: TEXTS.phpExample,
  response_example: TEXTS.responseExample,
  handler: TEXTS.handler,
  upstream_url: TEXTS.upstreamUrl,
  upstream_timeout_ms: TEXTS.upstreamTimeout,
};

const isApiField = (field: string | undefined): field is SaveApiField =>
  (SAVE_API_FIELDS as readonly (string | undefined)[]).includes(field);

/** The id of a field's control (or of the group holding its controls). */
export const apiFieldId = (field: SaveApiField) => `api-${field}`;

/** The id of the text under a field that says what is wrong with it. */
export const apiErrorId = (field: SaveApiField) => `api-${field}-error`;

/** The attributes that mark a control as refused and tie it to the text saying why. */
export function invalidProps(field: SaveApiField, error: string | undefined, help?: string) {
  return invalidMarks(error !== undefined && apiErrorId(field), help);
}

/**
 * A server refusal that names one of the editor's fields, as the text to show there: a rule's own
 * text for the codes that say more than the field's (a taken name, nothing to serve it, a list
 * too long to store).
 */
export function refusedApiField(error: unknown): [SaveApiField, string] | null {
  const field = refusedField(error);
  if (!isApiField(field)) return null;
  const code = errorCode(error);
  const own =
    code === 'apis.name_taken' ||
    code === 'apis.not_servable' ||
    code === 'apis.list_too_long' ||
    code === 'apis.format_without_body' ||
    code === 'apis.file_without_multipart'
      ? ZH_ERRORS[code]
      : null;
  return [field, own ?? API_FIELD_ERRORS[field]];
}
