import { LAYOUT } from '../i18n/layout';
import { adminPaths } from '../paths';

const { sections } = LAYOUT;

/** SPEC §2's nine sections of the nav; `also` lists the sub-pages that keep a section lit. */
export const ADMIN_SECTIONS = [
  { to: adminPaths.dashboard, label: sections.dashboard, end: true },
  {
    to: adminPaths.control,
    label: sections.apis,
    also: [adminPaths.create, adminPaths.edit(''), adminPaths.importOpenApi, adminPaths.categories],
  },
  { to: adminPaths.partners, label: sections.partners },
  { to: adminPaths.ads, label: sections.ads },
  { to: adminPaths.config, label: sections.config, also: [adminPaths.signInProviders] },
  { to: adminPaths.sidebar, label: sections.sidebar },
  { to: adminPaths.statistics, label: sections.statistics, also: [adminPaths.apiStats('')] },
  { to: adminPaths.users, label: sections.users },
  { to: adminPaths.friendLinks, label: sections.friendLinks },
] as const;

export type AdminSection = (typeof ADMIN_SECTIONS)[number];
