import type { Ad, FriendLink, Partner, SidebarLink, SiteConfig } from '../database/entities';

type Row<T> = Omit<T, 'id' | 'created_at' | 'updated_at'>;
/** The health settings keep their column defaults on a demo site too (and a secret of its own). */
type HealthSettings = Extract<keyof SiteConfig, `health_${string}`>;

export const DEMO_SITE: Omit<Row<SiteConfig>, 'site_start_time' | HealthSettings> = {
  site_title: 'Portico API',
  site_keywords: 'free API, API catalogue, IP lookup, QR code, hash, UUID, developer tools',
  site_description:
    'Portico lists stable, documented HTTP APIs: free tools for everyday development and metered premium calls with one API key.',
  site_favicon: '/favicon.svg',
  site_url: '',
  copyright: '© 2026 Portico API 版权所有',
  copyright_en: '© 2026 Portico API. All rights reserved.',
  icp: '京ICP备2026000000号-1',
  analytics_code: '',
  home_notice:
    '欢迎来到 Portico！新注册的账号即可调用免费 API；付费 API 按次从余额扣费，请在用户中心充值。',
  home_notice_en:
    'Welcome to Portico! Every new account can call the free APIs right away. Paid APIs are billed per call from your balance — recharge in the user centre.',
  email_verification: 0,
  admin_two_factor_required: 0,
  referral_reward_milli: 5_000,
  referral_cap: 10,
  referral_credit_days: 0,
};

export const DEMO_PARTNERS: readonly Row<Partner>[] = [
  {
    name: 'CloudNest',
    name_en: '',
    logo_url: '/demo/partner-cloudnest.svg',
    website_url: 'https://cloudnest.example.com',
    description: '托管 Kubernetes 与对象存储',
    description_en: 'Managed Kubernetes and object storage',
    sort_order: 1,
    status: 1,
  },
  {
    name: 'ByteHarbor',
    name_en: '',
    logo_url: '/demo/partner-byteharbor.svg',
    website_url: 'https://byteharbor.example.com',
    description: '全球 CDN 与边缘函数',
    description_en: 'Global CDN with edge functions',
    sort_order: 2,
    status: 1,
  },
  {
    name: 'Lumen Data',
    name_en: '',
    logo_url: '/demo/partner-lumen.svg',
    website_url: 'https://lumendata.example.com',
    description: '面向产品团队的分析数据仓库',
    description_en: 'Analytics warehouse for product teams',
    sort_order: 3,
    status: 1,
  },
  {
    name: 'QuietMail',
    name_en: '',
    logo_url: '/demo/partner-quietmail.svg',
    website_url: 'https://quietmail.example.com',
    description: '直达收件箱的事务邮件',
    description_en: 'Transactional e-mail that lands in the inbox',
    sort_order: 4,
    status: 1,
  },
];

export const DEMO_ADS: readonly Row<Ad>[] = [
  {
    title: '在 CloudNest 上托管你的 API',
    title_en: 'Host your API on CloudNest',
    image_url: '/demo/ad-cloudnest.svg',
    link_url: 'https://cloudnest.example.com/portico',
    description: 'Portico 开发者首月免费',
    description_en: 'First month free for Portico developers',
    sort_order: 1,
    status: 1,
  },
  {
    title: 'ByteHarbor 边缘缓存',
    title_en: 'ByteHarbor edge cache',
    image_url: '/demo/ad-byteharbor.svg',
    link_url: 'https://byteharbor.example.com/edge',
    description: '让 API 延迟减半',
    description_en: 'Cut your API latency in half',
    sort_order: 2,
    status: 1,
  },
  {
    title: '监控每一个接口',
    title_en: 'Monitor every endpoint',
    image_url: '/demo/ad-uptime.svg',
    link_url: 'https://uptime.example.com',
    description: '每 30 秒检查一次可用性',
    description_en: 'Uptime checks every 30 seconds',
    sort_order: 3,
    status: 1,
  },
];

export const DEMO_SIDEBAR_LINKS: readonly Row<SidebarLink>[] = [
  {
    title: '二维码生成',
    title_en: 'QR code generator',
    description: '本月最受欢迎的 API',
    description_en: 'The most popular API this month',
    url: '/api/qrcode',
    target: '_self',
    sort_order: 1,
    status: 1,
  },
  {
    title: '状态页',
    title_en: 'Status page',
    description: '每个 API 的实时可用性',
    description_en: 'Live availability of every API',
    url: '/status',
    target: '_self',
    sort_order: 2,
    status: 1,
  },
  {
    title: '开发者社区',
    title_en: 'Developer community',
    description: '提问与解答',
    description_en: 'Questions and answers',
    url: 'https://community.example.com',
    target: '_blank',
    sort_order: 3,
    status: 1,
  },
  {
    title: '更多 API 即将上线',
    title_en: 'More APIs coming soon',
    description: '欢迎在社区中推荐',
    description_en: 'Suggest one in the community',
    url: null,
    target: '_self',
    sort_order: 4,
    status: 1,
  },
];

export const DEMO_FRIEND_LINKS: readonly Row<FriendLink>[] = [
  {
    name: 'OpenDocs Hub',
    link_url: 'https://opendocs.example.com',
    avatar_url: '/demo/friend-opendocs.svg',
    description: '开源工具的文档合集',
    description_en: 'Documentation for open-source tools',
    sort_order: 1,
    status: 1,
  },
  {
    name: 'DevNotes',
    link_url: 'https://devnotes.example.com',
    avatar_url: '/demo/friend-devnotes.svg',
    description: '关于后端工程的博客',
    description_en: 'A blog about backend engineering',
    sort_order: 2,
    status: 1,
  },
  {
    name: 'Regex Lab',
    link_url: 'https://regexlab.example.com',
    avatar_url: '/demo/friend-regexlab.svg',
    description: '在浏览器里测试正则表达式',
    description_en: 'Test regular expressions in the browser',
    sort_order: 3,
    status: 1,
  },
  {
    name: 'Pixel Icons',
    link_url: 'https://pixelicons.example.com',
    avatar_url: '',
    description: '免费图标集',
    description_en: 'Free icon sets',
    sort_order: 4,
    status: 1,
  },
  {
    name: 'Time Zones Now',
    link_url: 'https://tznow.example.com',
    avatar_url: '/demo/friend-tznow.svg',
    description: '',
    description_en: '',
    sort_order: 5,
    status: 1,
  },
];
