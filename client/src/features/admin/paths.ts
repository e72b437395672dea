import { paths } from '../../config/paths';

/** The admin area's routes (children of paths.admin). */
export const adminPaths = {
  login: paths.adminLogin,
  dashboard: paths.admin,
  control: `${paths.admin}/control`,
  create: `${paths.admin}/create`,
  edit: (id: number | string) => `${paths.admin}/edit/${id}`,
  partners: `${paths.admin}/partners`,
  ads: `${paths.admin}/ads`,
  config: `${paths.admin}/config`,
  sidebar: `${paths.admin}/sidebar`,
  statistics: `${paths.admin}/statistics`,
  users: `${paths.admin}/users`,
  apiStats: (id: number | string) => `${paths.admin}/api/stats/${id}`,
  friendLinks: `${paths.admin}/friendlinks`,
  signInProviders: `${paths.admin}/sign-in-providers`,
  audit: `${paths.admin}/audit`,
  password: `${paths.admin}/password`,
  importOpenApi: `${paths.admin}/import`,
  categories: `${paths.admin}/categories`,
  pendingOrders: `${paths.admin}/pending-orders`,
  reconciliation: `${paths.admin}/reconciliation`,
  redeemCodes: `${paths.admin}/redeem-codes`,
  referrals: `${paths.admin}/referrals`,
  plans: `${paths.admin}/plans`,
  statements: `${paths.admin}/statements`,
  // No route claims this path, so the public layout's catch-all shows its not-found page there.
  notFound: '/404',
} as const;
