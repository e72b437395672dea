import type { RequestFormat } from '@contracts/apis';
import { initialValues, type ParamValues, type RequestApi } from '@contracts/request-examples';
import type { UiKey } from '../../i18n';

/** How each request format is named on the API page (its parameters and basic info). */
export const BODY_FORMAT_TEXT: Record<RequestFormat, UiKey> = {
  'application/json': 'api.bodyFormat.json',
  'application/x-www-form-urlencoded': 'api.bodyFormat.form',
  'multipart/form-data': 'api.bodyFormat.multipart',
};

/** How the API takes its body parameters; null for a method without a body (GET, DELETE). */
export function bodyFormatOf(api: Pick<RequestApi, 'request_method' | 'request_format'>) {
  const method = (api.request_method || 'GET').toUpperCase();
  if (method !== 'POST' && method !== 'PUT' && method !== 'PATCH') return null;
  return api.request_format ?? 'application/json';
}

/**
 * The console's starting values: the example URL's, the examples' and the defaults, but no file
 * (a file parameter's value is the name of the file the reader chooses).
 */
export function consoleStartValues(api: RequestApi): ParamValues {
  const values = initialValues(api);
  for (const param of api.request_params) {
    if (param.type === 'file' && param.name) values[param.name] = '';
  }
  return values;
}
