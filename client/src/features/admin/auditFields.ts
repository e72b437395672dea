import type { AuditEntry } from '@contracts/audit';
import { formatBalance, formatPrice } from '@contracts/money';
import { formatTime } from './errors';

/**
 * The audit log's field names as the back office's forms call them. A field missing here (one
 * added later) shows its own name rather than nothing.
 */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  id: 'ID',
  name: '名称',
  name_en: '英文名',
  title: '标题',
  title_en: '英文标题',
  description: '描述',
  description_en: '英文描述',
  endpoint: 'Endpoint',
  example_url: '示例 URL',
  response_format: '返回格式',
  request_method: '请求方法',
  request_params: '请求参数',
  response_params: '返回参数',
  status_codes: '状态码',
  php_example: 'PHP 示例',
  response_example: '返回示例',
  status: '状态',
  is_paid: '付费',
  is_pinned: '置顶',
  price_per_call_milli: '每次调用价格',
  usage_count: '调用次数',
  handler: '内置处理器',
  upstream_url: '上游地址',
  upstream_timeout_ms: '上游超时（毫秒）',
  maintenance_at: '进入维护时间',
  free_quota_calls: '每位用户免费次数',
  free_quota_period: '免费周期',
  category_ids: '分类',
  logo_url: 'Logo 链接',
  website_url: '网站链接',
  image_url: '图片链接',
  link_url: '链接',
  avatar_url: '头像链接',
  url: '链接',
  target: '打开方式',
  sort_order: '排序',
  slug: '标识（slug）',
  site_title: '网站标题',
  site_keywords: '关键词',
  site_description: '网站描述',
  site_favicon: 'Favicon 链接',
  site_url: '网站地址',
  copyright: '版权信息',
  copyright_en: '英文版权信息',
  icp: 'ICP 备案号',
  analytics_code: '统计代码',
  home_notice: '首页公告',
  home_notice_en: '英文首页公告',
  site_start_time: '建站时间',
  email_verification: '注册邮箱验证',
  admin_two_factor_required: '要求管理员两步验证',
  health_degraded_success: '“性能下降”成功率阈值',
  health_degraded_p95_ms: '“性能下降”P95 延迟阈值',
  health_down_success: '“不可用”成功率阈值',
  health_down_probe_failures: '“不可用”探测连续失败次数',
  health_auto_maintenance: '自动维护',
  health_alert_email: '告警邮箱',
  health_alert_webhook_url: '告警 Webhook',
  health_alert_webhook_secret: '告警 Webhook 密钥',
  username: '用户名',
  email: '邮箱',
  balance: '余额',
  amount: '金额',
  reason: '原因',
  note: '备注',
  user_id: '用户 ID',
  out_trade_no: '订单号',
  state: '订单状态',
  paid_amount: '实付金额',
  two_factor: '两步验证',
  expires_at: '过期时间',
  kind: '类型',
  issuer: '地址',
  client_id: 'Client ID',
  client_secret: 'Client Secret',
  enabled: '启用',
  value: '面值',
  count: '数量',
  uses_per_code: '每码可用次数',
  per_user_limit: '每人限兑次数',
  disabled_at: '停用时间',
  codes: '兑换码个数',
  created_at: '创建时间',
  updated_at: '更新时间',
};

/** Values that are one of a few words. */
const WORDS: Record<string, Record<string, string>> = {
  status: { '1': '启用', '0': '禁用' },
  state: { pending: '待处理', credited: '已入账', rejected: '已驳回' },
  target: { _self: '当前窗口', _blank: '新窗口' },
  free_quota_period: { day: '每天', month: '每月' },
  kind: { cash: '现金', oidc: 'OpenID Connect', github: 'GitHub' },
};

/** Flags written as 0/1 or true/false. */
const FLAGS = new Set([
  'is_paid',
  'is_pinned',
  'enabled',
  'two_factor',
  'email_verification',
  'admin_two_factor_required',
  'health_auto_maintenance',
]);

const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;
/** Long values (a PHP example, a notice) are cut here; the full text is the cell's title. */
const MAX_SHOWN = 120;

export const auditFieldLabel = (field: string) => AUDIT_FIELD_LABELS[field] ?? field;

/** One value as the admin reads it: money in yuan (prices with three decimals, as shown elsewhere), flags and states in words, times local. */
export function auditValue(field: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (value === '') return '（空）';
  if (field.endsWith('_milli') && typeof value === 'number') {
    return `¥${field.startsWith('price_') ? formatPrice(value) : formatBalance(value)}`;
  }
  if (FLAGS.has(field) && (typeof value === 'boolean' || value === 0 || value === 1)) {
    return value ? '是' : '否';
  }
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
    return JSON.stringify(value);
  }
  const text = String(value);
  const word = WORDS[field]?.[text];
  if (word) return word;
  return typeof value === 'string' && TIME.test(value) ? formatTime(value) : text;
}

export const shortened = (text: string) =>
  text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;

/** One changed field of an audit entry: its value before (absent on a create) and after. */
export interface FieldChange {
  field: string;
  before?: unknown;
  after?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What an entry changed, field by field: an update's fields whose values differ (updated_at
 * left out), every field of a create or a delete. A value that is not an object of fields (an
 * older row) is one change named after the entry's target.
 */
export function fieldChanges(entry: AuditEntry): FieldChange[] {
  const { before, after } = entry;
  if ((before !== null && !isRecord(before)) || (after !== null && !isRecord(after))) {
    return [{ field: entry.target_type, before: before ?? undefined, after: after ?? undefined }];
  }
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .filter(
      (field) =>
        !(before && after) ||
        (field !== 'updated_at' && JSON.stringify(before[field]) !== JSON.stringify(after[field])),
    )
    .map((field) => ({
      field,
      ...(before && { before: before[field] }),
      ...(after && { after: after[field] }),
    }));
}
