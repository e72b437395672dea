/** 月度账单: the site's month for bookkeeping, and one user's statement. */
export const STATEMENTS = {
  title: '月度账单',
  intro:
    '按站点时区的自然月汇总余额变动：期初余额 + 充值 + 余额调整 + 兑换码 − 付费调用 = 期末余额。',
  month: '月份',
  userId: '用户 ID（选填）',
  show: '查询',
  site: '全站合计',
  user: (id: number) => `用户 #${id} 的账单`,
  period: (from: string, to: string, zone: string) => `${from} 至 ${to}（${zone}）`,
  running: '本月尚未结束，期末余额为当前余额。',
  figures: {
    opening_balance: '期初余额',
    recharged: '充值',
    adjusted: '余额调整',
    redeemed: '兑换码',
    charged: '付费调用',
    closing_balance: '期末余额',
  },
  calls: '付费调用次数',
  freeCalls: '免费调用次数',
  users: (count: number) => `有调用的用户数：${count}`,
  api: 'API',
  amount: '扣费',
  noCalls: '本月没有付费或免费额度调用。',
  failed: '账单加载失败',
  badUserId: '用户 ID 须为正整数',
} as const;
