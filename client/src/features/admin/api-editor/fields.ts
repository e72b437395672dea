import {
  REQUEST_METHODS,
  SAVE_API_FIELDS,
  UPSTREAM_TIMEOUT_MS,
  type SaveApiField,
} from '@contracts/apis';
import { errorCode, refusedField } from '../../../lib/api';
import { ZH_ERRORS } from '../i18n/zh';
import { API_FORM_TEXTS } from './model';
import { invalidMarks } from '../../../components/ui/invalidMarks';

/**
 * What the server's `request.validation` of each of the editor's fields means, in the admin's
 * words (each text names its field: the error summary lists the texts alone).
 */
export const API_FIELD_ERRORS: Record<SaveApiField, string> = {
  name: 'API 名称不能为空，最多 100 个字符',
  name_en: '英文名须由字母、数字、点、连字符或下划线组成，最多 100 个字符',
  title_en: '英文标题最多 100 个字符',
  endpoint: 'Endpoint 不能为空，最多 255 个字符',
  example_url: '示例 URL 最多 500 个字符',
  response_format: '返回格式最多 100 个字符',
  request_method: `请求方法须为 ${REQUEST_METHODS.join('、')} 之一`,
  description: '描述最多 10000 个字符',
  description_en: '英文描述最多 10000 个字符',
  status: '启用只能是开或关',
  is_pinned: '置顶只能是开或关',
  is_paid: '付费只能是开或关',
  price_per_call: API_FORM_TEXTS.price,
  free_quota_calls: API_FORM_TEXTS.freeQuota,
  free_quota_period: '免费周期须为每天或每月',
  category_ids: '分类无效：请重新勾选（最多 50 个）',
  request_params: '请求参数格式不正确：每行须有参数名和有效的类型',
  response_params: '返回参数格式不正确：每行须有字段名',
  status_codes: '状态码格式不正确：须为 100 到 599 之间的整数',
  php_example: 'PHP 示例最多 20000 个字符',
  response_example: '返回示例最多 20000 个字符',
  handler: '内置处理器名称最多 32 个字符',
  upstream_url:
    '上游地址须为 http:// 或 https:// 开头的地址（最多 500 个字符），路径参数写作 {名称}',
  upstream_timeout_ms: `上游超时须为 ${UPSTREAM_TIMEOUT_MS.min} 到 ${UPSTREAM_TIMEOUT_MS.max} 之间的整数（毫秒）`,
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
    code === 'apis.name_taken' || code === 'apis.not_servable' || code === 'apis.list_too_long'
      ? ZH_ERRORS[code]
      : null;
  return [field, own ?? API_FIELD_ERRORS[field]];
}
