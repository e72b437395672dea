/** 网站配置's texts: the site's fields, its switches and the page around them. */
export const CONFIG = {
  title: '网站配置',
  signInProviders: '第三方登录（OpenID Connect）',
  loadFailed: '获取网站配置失败',
  save: '保存配置',
  fields: {
    siteTitle: { label: '网站标题' },
    siteKeywords: { label: '关键词', help: '用英文逗号分隔' },
    siteDescription: { label: '网站描述' },
    siteFavicon: { label: 'Favicon 链接', help: 'https:// 或 /站内路径' },
    siteUrl: { label: '网站地址', help: '完整地址，如 https://api.example.com' },
    copyright: { label: '版权信息' },
    copyrightEn: { label: '英文版权信息', help: '英文页面显示；留空则显示版权信息' },
    icp: { label: 'ICP 备案号' },
    homeNotice: { label: '首页公告', help: '留空则不弹出公告' },
    homeNoticeEn: { label: '英文首页公告', help: '英文页面显示；留空则显示首页公告' },
    analyticsCode: { label: '统计代码', help: '原样插入每个公开页面的 <head>，后台页面不插入' },
  },
  emailVerification: {
    label: '注册需验证邮箱',
    help: '开启后，注册必须填写邮箱，点击邮件中的确认链接后才能登录。',
    mailFirst: '需先配置邮件发送（SMTP_URL）和网站地址。',
  },
  adminTwoFactor: {
    label: '要求管理员开启两步验证',
    help: '开启后，每位管理员登录时都要输入身份验证器中的验证码；尚未开启的管理员登录后须先完成设置。',
    ownFirst: '需先在',
    ownFirstLink: '修改密码',
    ownFirstEnd: '页为自己的账号开启两步验证。',
  },
  autoMaintenance: {
    label: '自动维护',
    help: '开启后，判定为“不可用”且探测失败的接口自动进入维护（调用返回 503，不扣费），探测连续通过同样次数后自动恢复。',
  },
} as const;
