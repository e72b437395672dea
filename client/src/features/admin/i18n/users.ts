/** The texts of 用户列表 and its row actions: the balance, the reset link and the API key. */
export const USERS = {
  title: '用户列表',
  searchPlaceholder: '按用户名或邮箱搜索...',
  loadFailed: '获取用户列表失败',
  loadNetwork: '加载用户列表时出错',
  loadNotFound: '用户列表接口未找到 (404)',
  columns: {
    id: 'ID',
    username: '用户名',
    email: '邮箱',
    balance: '余额',
    apiKey: 'API Key',
    createdAt: '注册时间',
  },
  empty: '暂无用户数据。',
  noMatch: (search: string) => `未找到与“${search}”匹配的用户。`,
  total: (total: number, pages: number, capped = false) =>
    capped
      ? `总用户数量: 超过 ${total}，共 ${pages} 页以上`
      : `总用户数量: ${total}，共 ${pages} 页`,
  twoFactor: '两步验证',
  pendingEmail: '待验证邮箱',
  adjustBalance: '调整余额',
  grantCredit: '发放赠金',
  creditLeft: (credit: string) => `赠金 ${credit}`,
  statement: '月度账单',
  resetPassword: '重置密码',
  turnOffTwoFactor: '关闭两步验证',
  turnOffQuestion: (username: string) =>
    `确定要关闭用户“${username}”的两步验证吗？之后该用户仅凭密码即可登录。`,
  turnOffFailed: '关闭两步验证失败',
  turnedOff: (username: string) => `已关闭用户“${username}”的两步验证`,
  balance: {
    title: (username: string) => `调整余额：${username}`,
    amount: '金额（元，负数为扣减）',
    submitting: '提交中...',
    submit: '确认调整',
    /** Said in the admin's own words: the server's message is the API's, in English. */
    done: (balance: string) => `余额已调整，当前余额 ${balance}`,
    /** Asked for again when the amount or the reason is refused, here or by the server. */
    fields: {
      amount: '请输入非零金额，最多三位小数（负数表示扣减）',
      reason: '请输入调整原因（不超过 500 个字符）',
    },
  },
  credit: {
    title: (username: string) => `发放赠金：${username}`,
    intro:
      '赠金在调用付费接口时先于余额扣除，到期后未用完的部分作废，不可提现。操作会记入审计日志。',
    amount: '金额（元）',
    expiresAt: '到期时间',
    reason: '类型',
    reasons: { admin: '站点发放', promotion: '活动赠送' },
    note: '备注（用户可见，可不填）',
    submitting: '提交中...',
    submit: '确认发放',
    done: (credit: string) => `赠金已发放，该用户当前赠金 ${credit}`,
    fields: {
      amount: '请输入大于 0 的金额，最多三位小数，不超过 100000',
      expires_at: '请选择晚于现在的到期时间',
      reason: '请选择类型',
      note: '备注不超过 200 个字符',
    },
  },
  resetLink: {
    title: (username: string) => `密码重置链接：${username}`,
    failed: '生成重置链接失败',
    url: (expiresAt: string) => `一次性链接（${expiresAt} 前有效）`,
    copy: '复制',
    copied: '已复制',
    copyFailed: '复制失败，请手动选择链接复制',
    handOver: '请通过可信的方式交给用户本人。链接只能使用一次，使用后该用户所有设备都将退出登录。',
    intro:
      '为该用户生成一个 30 分钟内有效的一次性密码重置链接。之前生成或发送的重置链接将失效，操作会记入审计日志。',
    create: '生成链接',
  },
  key: {
    show: '显示',
    showTitle: '显示完整密钥（每次查看都会记录在操作日志中）',
    hide: '隐藏',
    unrecoverable: '无法还原该密钥（APP_SECRET 已更改），请让用户更换密钥',
    failed: '显示密钥失败',
    notFound: '用户不存在',
  },
} as const;
