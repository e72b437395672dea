import type { PublicSiteConfig } from '../../../contracts/site';
import type { SiteConfig } from '../../../database/entities';

export type { PublicSiteConfig };

/** What every visitor may see of the site settings (analytics code and start time stay inside). */
export function toPublicSiteConfig(config: SiteConfig | null): PublicSiteConfig {
  return {
    site_title: config?.site_title ?? '',
    site_keywords: config?.site_keywords ?? '',
    site_description: config?.site_description ?? '',
    site_favicon: config?.site_favicon ?? '',
    site_url: config?.site_url ?? '',
    copyright: config?.copyright ?? '',
    copyright_en: config?.copyright_en ?? '',
    icp: config?.icp ?? '',
    home_notice: config?.home_notice ?? '',
    home_notice_en: config?.home_notice_en ?? '',
  };
}
