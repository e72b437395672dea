import type { ErrorCode } from '@contracts/errors';

// A variable, not a literal, is assigned to the Record below: codes the contract does not (yet)
// list are allowed, while a code without a text still fails the typecheck.
const texts = {
  'request.invalid': '请求格式不正确',
  'request.validation': '输入有误，请检查后重试',
  'request.invalid_json': '请求内容不是有效的 JSON',
  'request.body_too_large': '提交的内容过大（上限 1 MB）',
  'request.body_too_complex': '提交的内容层级过深或字段过多',
  'request.unsupported_media_type': '请求内容类型不受支持',
  'request.invalid_path': '请求路径无效',
  'request.headers_too_large': '请求头过大',
  'request.not_found': '接口不存在',
  'request.method_not_allowed': '接口不支持该请求方式',
  'request.rate_limited': '请求过于频繁，请稍后再试',
  'request.forbidden': '没有权限执行此操作',
  'server.internal': '服务器内部错误，请稍后再试',
  'server.unavailable': '服务暂不可用，请稍后再试',

  'auth.unauthenticated': '请先登录',
  'auth.admin_unauthenticated': '登录已过期，请重新登录管理后台',
  'auth.csrf_invalid': '页面已过期，请刷新后重试',
  'auth.credentials_missing': '请输入用户名和密码',
  'auth.login_failed': '登录失败，请检查用户名和密码',
  'auth.login_throttled': '登录失败次数过多，请稍后再试',
  'auth.account_disabled': '该账号已被禁用',
  'auth.metrics_token': '监控接口需要访问令牌',

  'users.fields_empty': '所有字段均不能为空',
  'users.password_mismatch': '两次输入的密码不一致',
  'users.password_too_short': '密码至少 6 个字符',
  'users.password_too_long': '密码不能超过 128 个字符',
  'users.username_invalid': '用户名只能包含字母、数字和下划线',
  'users.username_length': '用户名长度须为 3 到 32 个字符',
  'users.username_taken': '用户名已存在',
  'users.registration_throttled': '注册过于频繁，请稍后再试',
  'users.not_found': '用户不存在',

  'apis.ref_missing': '未提供 API ID 或英文名称',
  'apis.not_found': 'API 不存在',
  'apis.name_taken': '已有 API 使用这个英文名称',
  'apis.invalid_list_field': '请求参数、响应参数或状态码的格式不正确',
  'apis.invalid_price': '价格格式无效：须为非负数，最多三位小数',
  'apis.invalid_sort': '排序方式无效：只能是 popular、newest 或 price',
  'apis.unknown_category': '分类不存在',

  'categories.not_found': '分类不存在，可能已被删除',
  'categories.slug_taken': '已有分类使用这个标识（slug）',

  'admin.record_not_found': '记录不存在，可能已被删除',
  'admin.adjust_zero': '调整金额不能为 0',
  'admin.balance_below_zero': '调整后余额不能小于 0',
  'admin.balance_ceiling': '调整后余额超过上限',

  'gateway.api_not_found': 'API 不存在',
  'gateway.api_disabled': 'API 已禁用',
  'gateway.key_required': '付费 API 需要 API Key',
  'gateway.key_invalid': 'API Key 无效',
  'gateway.insufficient_balance': '余额不足',
  'gateway.rate_limited': '调用过于频繁，请稍后再试',
  'gateway.invalid_param': '参数无效',
  'gateway.invalid_json': '请求内容不是有效的 JSON',
  'gateway.invalid_path': '路径无效',
  'gateway.upstream_failed': '上游服务失败',
  'gateway.upstream_timeout': '上游服务超时',
  'gateway.balance_ceiling': '余额超过上限，无法退款',
  'gateway.busy': '服务繁忙，本次未扣费，请稍后重试',
  'gateway.not_implemented': '该 API 尚未配置实现',

  'openapi.too_large': 'OpenAPI 文档超过 1 MB',
  'openapi.invalid_document':
    '无法解析该文档：须为 OpenAPI 3.0/3.1 的 JSON 或 YAML，且包含可用的服务器地址',
  'openapi.remote_ref': '文档引用了外部文件或网址（只支持 #/... 内部引用）',
  'openapi.circular_ref': '文档中的 $ref 引用形成了循环',
  'openapi.duplicate_name': '文档中有两个操作对应同一个英文名称',

  'mcp.invalid_message': 'MCP 消息格式无效',
  'mcp.not_acceptable': 'MCP 请求须同时接受 JSON 和事件流',

  'recharge.not_configured': '充值功能未配置',
  'recharge.order_not_found': '订单不存在',
  'recharge.order_not_paid': '订单尚未支付',
  'recharge.order_no_amount': '订单没有金额',
  'recharge.order_of_another_user': '该订单属于其他账号',
  'recharge.order_used': '该订单已经充值过',
  'recharge.balance_ceiling': '充值后余额超过上限',
  'recharge.afdian_failed': '爱发电返回错误',
  'recharge.afdian_rejected': '爱发电拒绝了查询',
  'recharge.afdian_unreachable': '无法连接爱发电',
  'recharge.afdian_timeout': '爱发电响应超时',
  'recharge.webhook_not_configured': '未配置爱发电公钥',
  'recharge.webhook_invalid': '回调内容缺少订单或签名',
  'recharge.webhook_bad_signature': '回调签名校验失败',
  'recharge.order_not_pending': '该订单不在待处理状态',
  'recharge.afdian_hosts_down': '所有爱发电地址均无法连接',
  'recharge.bad_period': '对账区间须为两个 YYYY-MM-DD 日期，且不超过一年',
};

/** The admin area's text for every error code the server can answer with. */
export const ZH_ERRORS: Record<ErrorCode, string> = texts;

/** `request.validation` names the field: the admin forms' fields, in Chinese. */
export const ZH_FIELD_ERRORS: Record<string, string> = {
  name: '名称不能为空或格式不正确',
  name_en: '英文名称须由字母、数字、点、连字符或下划线组成',
  endpoint: 'Endpoint 不能为空',
  title: '标题不能为空',
  image_url: '图片链接格式不正确（须以 http:// 或 https:// 开头）',
  link_url: '链接格式不正确（须以 http:// 或 https:// 开头）',
  logo_url: 'Logo 链接格式不正确',
  website_url: '网站链接格式不正确',
  avatar_url: '头像链接格式不正确',
  url: '链接不能为空或格式不正确',
  sort_order: '排序须为整数',
  status: '状态须为启用或禁用',
  price_per_call: '价格格式无效：须为非负数，最多三位小数',
  upstream_url: '上游地址格式不正确',
  upstream_timeout_ms: '上游超时须为 100 到 120000 之间的整数（毫秒）',
  request_method: '请求方式无效',
  amount: '金额须为最多三位小数的数字',
  reason: '请填写调整原因',
  old_password: '当前密码不正确',
  new_password: '新密码须为 6 到 128 个字符',
  description: '描述过长',
  site_title: '网站标题过长',
  ids: '请选择要操作的 API',
};

export const ZH = {
  network: '网络错误，请检查网络后重试',
  loginRequired: '请输入用户名和密码',
  loginFailed: '登录失败，请检查用户名和密码',
  loginNetwork: '登录请求失败，请稍后再试',
  deleteFailed: '删除失败',
  updateFailed: '更新失败',
  addFailed: '添加失败',
} as const;

/** The record forms' own checks before sending; the contract's texts are the English originals. */
export const ZH_FORM = {
  sortOrder: '排序须为整数',
  partnerName: '合作伙伴名称不能为空',
  partnerLogoUrl: 'Logo 链接格式不正确（须以 http:// 或 https:// 开头）',
  partnerWebsiteUrl: '网站链接格式不正确（须以 http:// 或 https:// 开头）',
  adRequired: '标题、图片链接和跳转链接不能为空',
  adImageUrl: '图片链接格式不正确（须以 http://、https:// 或 / 开头）',
  adLinkUrl: '跳转链接格式不正确（须以 http://、https:// 或 / 开头）',
  sidebarRequired: '标题和链接不能为空',
  sidebarUrl: '链接格式不正确（须以 http://、https:// 或 / 开头）',
  categoryRequired: '分类名称和英文名称不能为空',
  categorySlug: '标识（slug）只能包含小写字母、数字和单个连字符，最多 50 个字符',
} as const;
