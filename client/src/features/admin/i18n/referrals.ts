/** 邀请奖励: the reward and its cap, and every referral with what it paid or why it did not. */
export const REFERRALS = {
  title: '邀请奖励',
  intro:
    '每位用户在“邀请好友”页有自己的邀请链接。受邀用户首次充值到账后，邀请人获得一笔奖励（赠金有效天数为 0 时发放现金，大于 0 时发放赠金）；与邀请人同一网络或同一浏览器注册的账号，以及同一邀请人名下同一网络或浏览器的其他受邀账号，不发放奖励。',
  settings: {
    title: '奖励设置',
    reward: '奖励金额（元）',
    rewardHelp: '填 0 关闭邀请奖励。',
    cap: '每位邀请人最多奖励次数',
    creditDays: '赠金有效天数',
    creditDaysHelp:
      '填 0 以现金发放；大于 0 时以赠金发放，自发放起该天数内有效，调用时先于余额使用。',
    help: '修改只影响之后首充的受邀用户，已发放或已决定不发放的不变。',
    submit: '保存',
    saved: '邀请奖励设置已保存',
    failed: '保存失败',
    loadFailed: '获取邀请奖励设置失败',
  },
  fieldErrors: {
    reward: (max: string) => `奖励金额须为 0 到 ${max} 元，最多三位小数`,
    cap: (max: number) => `最多奖励次数须为 0 到 ${max} 之间的整数`,
    credit_days: (max: number) => `赠金有效天数须为 0 到 ${max} 之间的整数`,
  },
  list: {
    label: '邀请记录',
    inviter: '邀请人',
    invitee: '被邀请人',
    ip: '注册 IP',
    state: '状态',
    reward: '奖励',
    credit: '赠金',
    order: '订单号',
    createdAt: '注册时间',
    decidedAt: '决定时间',
    userId: (id: number) => `ID ${id}`,
    empty: '还没有受邀用户。',
    failed: '获取邀请记录失败',
    /** `credit`: the part paid as credit, said only when there is some. */
    totals: (
      invited: number,
      rewarded: number,
      paid: string,
      credit: string | null,
      capped = false,
    ) =>
      `${capped ? `超过 ${invited}` : `共 ${invited}`} 位受邀用户，已奖励 ${rewarded} 位，共发放 ${paid}${credit ? `（其中赠金 ${credit}）` : ''}`,
  },
  state: {
    waiting: '等待首充',
    rewarded: '已奖励',
    refused: '未奖励',
  },
  reasons: {
    off: '奖励未开启',
    cap: '已达奖励上限',
    same_address: '同一网络已有受邀用户',
    same_device: '同一浏览器已有受邀用户',
    own_address: '与邀请人同一网络',
    own_device: '与邀请人同一浏览器',
    ceiling: '余额或赠金达到上限',
  },
} as const;
