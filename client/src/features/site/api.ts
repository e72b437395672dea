import { api, DataEnvelope } from '../../lib/api';
import type { SidebarLinkData } from '../../lib/sidebar-links';

export interface SiteConfig {
  site_title: string;
  site_keywords: string;
  site_description: string;
  site_favicon: string;
  site_url: string;
  copyright: string;
  icp: string;
  home_notice: string;
}

export interface FriendLink {
  id: number;
  name: string;
  link_url: string;
  avatar_url: string;
  description: string;
}

const siteApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSiteConfig: build.query<SiteConfig, void>({
      query: () => 'api/get_config.php',
      transformResponse: (res: DataEnvelope<SiteConfig>) => res.data,
      providesTags: ['Config'],
    }),
    getSidebarLinks: build.query<SidebarLinkData[], void>({
      query: () => 'api/get_sidebar_links_public.php',
      transformResponse: (res: DataEnvelope<SidebarLinkData[]>) => res.data ?? [],
      providesTags: ['Links'],
    }),
    getFriendLinks: build.query<FriendLink[], void>({
      query: () => 'api/get_friend_links_public.php',
      transformResponse: (res: DataEnvelope<FriendLink[]>) => res.data ?? [],
      providesTags: ['FriendLinks'],
    }),
  }),
});

export const { useGetSiteConfigQuery, useGetSidebarLinksQuery, useGetFriendLinksQuery } = siteApi;
