import { ACCOUNT_PAGES } from '@contracts/account-email';
import { SANDBOX_CHECKOUT_PATH } from '@contracts/recharge';

/** Every client route path, in one place. */
export const paths = {
  home: '/',
  apiDetail: (id: number | string, nameEn?: string) =>
    `/api/${id}${nameEn ? `/${encodeURIComponent(nameEn)}` : ''}`,
  about: '/about',
  login: '/login',
  register: '/register',
  ...ACCOUNT_PAGES,
  friends: '/friends',
  status: '/status',
  pricing: '/pricing',
  userDashboard: '/user/dashboard',
  userAccessLogs: '/user/accesslogs',
  userRecharge: '/user/recharge',
  userStatements: '/user/statements',
  userInvite: '/user/invite',
  /** Where the sandbox "pays": the page returns to userRecharge?out_trade_no=<the order>. */
  sandboxCheckout: SANDBOX_CHECKOUT_PATH,
  adminLogin: '/MiloraAPI/admin/lg',
  admin: '/admin',
} as const;

/** The brand shown when the server has not said a site name. */
export const FALLBACK_SITE_NAME = 'Portico API';
